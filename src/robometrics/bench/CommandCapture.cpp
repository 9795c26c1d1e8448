#include "robometrics/bench/CommandCapture.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "robometrics/core/StaleTemporaries.hpp"
#include "robometrics/core/Text.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

}  // namespace

Result<Captured> captureCommand(const std::vector<std::string> &argv, double timeout_s) {
    static std::atomic<unsigned> counter{0};
    std::error_code ec;
    // Named as a temporary of "robometrics-capture" in the temp folder, so that one a killed
    // process left (kill -9 during an squeue) is removed by the next capture.
    const fs::path base = fs::temp_directory_path(ec) / "robometrics-capture";
    sweepStaleTemporaries(base);
    const fs::path dir = temporaryPath(base, getpid(), counter++);
    fs::create_directories(dir, ec);
    if (ec) return Error{dir.string() + ": cannot create a scratch folder: " + ec.message()};
    system::SpawnOptions options;
    options.program = "robometrics bench";
    options.stdout_path = (dir / "out").string();
    options.stderr_path = (dir / "err").string();
    auto pid = system::spawnInGroup(argv, options);
    if (!pid) {
        fs::remove_all(dir, ec);
        return Error{argv.front() + ": " + pid.message()};
    }
    Captured c;
    int status = 0;
    if (system::waitForExit(*pid, timeout_s, status)) {
        c.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    } else {
        int stop_signal = 0;
        system::stopGroup(*pid, 1.0, stop_signal);
    }
    system::killGroupLeftovers(*pid);
    system::finishGroup(*pid);
    c.out = readWholeFile((dir / "out").string());
    c.err = readWholeFile((dir / "err").string());
    fs::remove_all(dir, ec);
    return c;
}

}  // namespace robometrics::bench
