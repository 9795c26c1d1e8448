#include "TestSupport.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace robometrics::test {

namespace fs = std::filesystem;

fs::path testDataDir() {
    if (const char *env = std::getenv("ROBOMETRICS_TEST_DATA"); env && *env) return fs::path(env);
    fs::path root = std::getenv("ROBOMETRICS_SOURCE_DIR") ? fs::path(std::getenv("ROBOMETRICS_SOURCE_DIR"))
                                                          : fs::current_path();
    return root / ".." / "shared" / "data";
}

fs::path dataFile(const std::string &relative) {
    fs::path p = testDataDir() / relative;
    std::error_code ec;
    return fs::exists(p, ec) ? p : fs::path();
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

namespace {
std::string slurp(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
}  // namespace

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
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
}

}  // namespace robometrics::test
