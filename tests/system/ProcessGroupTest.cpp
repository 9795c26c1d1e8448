#include <gtest/gtest.h>
#include <sys/wait.h>

#include "TestSupport.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::system {
namespace {

namespace fs = std::filesystem;

/// Runs `argv` to its end with `options`; its exit code.
int runToEnd(const std::vector<std::string> &argv, const SpawnOptions &options) {
    auto pid = spawnInGroup(argv, options);
    EXPECT_TRUE(pid.ok()) << pid.message();
    if (!pid.ok()) return -1;
    int status = 0;
    waitpid(*pid, &status, 0);
    releaseGroup(*pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ProcessGroup, RunsTheCommandInItsWorkingDirectory) {
    const fs::path dir = test::scratchDir("process-group-cwd");
    SpawnOptions options;
    options.cwd = dir.string();
    EXPECT_EQ(runToEnd({"sh", "-c", "pwd > here.txt"}, options), 0);
    EXPECT_EQ(test::readFile(dir / "here.txt"), fs::canonical(dir).string() + "\n");
}

TEST(ProcessGroup, AMissingWorkingDirectoryIsExit127WithAMessage) {
    const fs::path dir = test::scratchDir("process-group-nocwd");
    SpawnOptions options;
    options.cwd = (dir / "missing").string();
    options.stderr_path = (dir / "err.txt").string();
    options.program = "robometrics run";
    EXPECT_EQ(runToEnd({"true"}, options), 127);
    EXPECT_EQ(test::readFile(dir / "err.txt"),
              "robometrics run: error: cannot start 'true': cannot enter its working directory: No such file or "
              "directory\n");
}

}  // namespace
}  // namespace robometrics::system
