#include "TestSupport.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

extern char **environ;

namespace robometrics::test {

namespace fs = std::filesystem;

namespace {
// Every test process, and every robometrics it starts, refuses to open a DDS participant outside
// the loopback-only network namespace (live::openFastDds): a mistake in a test cannot reach the
// machine's network. Inside the namespace the check passes.
[[maybe_unused]] const bool kSandboxRequired = (setenv("ROBOMETRICS_REQUIRE_SANDBOX", "1", 0), true);
}  // namespace

fs::path testDataDir() {
    if (const char *env = std::getenv("ROBOMETRICS_TEST_DATA"); env && *env) return fs::path(env);
    fs::path root = std::getenv("ROBOMETRICS_SOURCE_DIR") ? fs::path(std::getenv("ROBOMETRICS_SOURCE_DIR"))
                                                          : fs::current_path();
    return root / ".." / "shared" / "data";
}

fs::path bundledDataDir() {
    fs::path root = std::getenv("ROBOMETRICS_SOURCE_DIR") ? fs::path(std::getenv("ROBOMETRICS_SOURCE_DIR"))
                                                          : fs::current_path();
    return root / "tests" / "data";
}

fs::path dataFile(const std::string &relative) {
    // The extended corpus first (it holds everything), then the permissive subset shipped in the
    // repository (tests/data/PROVENANCE.md), so a fresh clone runs the real-bag tests too.
    std::error_code ec;
    for (const fs::path &dir : {testDataDir(), bundledDataDir()}) {
        fs::path p = dir / relative;
        if (fs::exists(p, ec)) return p;
    }
    return fs::path();
}

fs::path scratchDir(const std::string &name) {
    fs::path dir = fs::temp_directory_path() / ("robometrics-test-" + std::to_string(getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    static struct Cleanup {
        ~Cleanup() {
            std::error_code ec;
            fs::remove_all(fs::temp_directory_path() / ("robometrics-test-" + std::to_string(getpid())), ec);
        }
    } cleanup;
    return dir;
}

std::string readFile(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool machineIsLoaded() {
    std::ifstream in("/proc/loadavg");
    double one_minute = 0;
    if (!(in >> one_minute)) return false;
    return one_minute > static_cast<double>(std::max(1u, std::thread::hardware_concurrency()));
}

std::size_t countEntries(const fs::path &dir) {
    std::size_t n = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) ++n;
    return n;
}

CommandResult runRobometrics(const std::vector<std::string> &args) {
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    CommandResult result;
    if (!binary) {
        result.err = "ROBOMETRICS_BINARY is not set";
        return result;
    }
    fs::path dir = scratchDir("run-" + std::to_string(reinterpret_cast<std::uintptr_t>(&args)));
    fs::path out = dir / "stdout", err = dir / "stderr";
    pid_t pid = fork();
    if (pid == 0) {
        FILE *o = std::freopen(out.c_str(), "w", stdout);
        FILE *e = std::freopen(err.c_str(), "w", stderr);
        (void)o;
        (void)e;
        std::vector<char *> argv;
        argv.push_back(const_cast<char *>(binary));
        for (const auto &a : args) argv.push_back(const_cast<char *>(a.c_str()));
        argv.push_back(nullptr);
        execv(binary, argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = readFile(out);
    result.err = readFile(err);
    return result;
}

bool waitUntil(const std::function<bool()> &done, std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        if (std::chrono::steady_clock::now() >= until) return done();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

ChildProcess::ChildProcess(const std::string &program, const std::vector<std::string> &args) {
    static int counter = 0;
    const auto dir = scratchDir("child_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    out_ = dir / "stdout";
    err_ = dir / "stderr";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> all = {program};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (std::string &a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_GT(pid_, 0) << "cannot start " << program;
}

ChildProcess::~ChildProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
}

void ChildProcess::interrupt() {
    if (pid_ > 0) kill(pid_, SIGINT);
}

int ChildProcess::wait(std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return status_;
    const bool exited = waitUntil(
        [&] {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
            status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            pid_ = -1;
            return true;
        },
        timeout);
    if (!exited) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
        return -1;
    }
    return status_;
}

std::string ChildProcess::out() const { return readFile(out_); }
std::string ChildProcess::err() const { return readFile(err_); }

std::unique_ptr<ChildProcess> startRobometrics(const std::vector<std::string> &args) {
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    return std::make_unique<ChildProcess>(binary ? binary : "robometrics", args);
}

std::vector<std::string> svgTickLabels(const std::string &svg, const std::string &anchor) {
    std::vector<std::string> out;
    const std::regex tick("text-anchor=\"" + anchor + "\" fill=\"#444\">([^<]*)</text>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tick); it != std::sregex_iterator(); ++it) {
        out.push_back((*it)[1]);
    }
    return out;
}

bool pngSize(const fs::path &png, std::uint32_t &width, std::uint32_t &height) {
    std::ifstream in(png, std::ios::binary);
    unsigned char b[24] = {};
    if (!in.read(reinterpret_cast<char *>(b), sizeof b)) return false;
    if (b[0] != 0x89 || b[1] != 'P' || b[12] != 'I' || b[13] != 'H') return false;
    width = (std::uint32_t{b[16]} << 24) | (std::uint32_t{b[17]} << 16) | (std::uint32_t{b[18]} << 8) | b[19];
    height = (std::uint32_t{b[20]} << 24) | (std::uint32_t{b[21]} << 16) | (std::uint32_t{b[22]} << 8) | b[23];
    return true;
}

}  // namespace robometrics::test
