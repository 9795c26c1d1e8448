// captureCommand: what a short command prints, through a scratch folder that is gone afterwards,
// and a scratch folder that a killed process left is removed by the next capture.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/core/StaleTemporaries.hpp"

namespace robometrics::bench::command_capture_test {
namespace {

namespace fs = std::filesystem;

/// This process's scratch folders and a dead one's, by name, in the temp folder.
std::vector<fs::path> scratchFolders(pid_t pid) {
    const fs::path base = fs::temp_directory_path() / "robometrics-capture";
    std::vector<fs::path> found;
    for (const auto &entry : fs::directory_iterator(fs::temp_directory_path())) {
        if (temporaryOwner(entry.path().filename().string(), base) == pid) found.push_back(entry.path());
    }
    return found;
}

TEST(CommandCapture, CapturesAndLeavesNoScratchFolderNorAKilledOnes) {
    const pid_t gone = fork();
    if (gone == 0) _exit(0);
    int status = 0;
    waitpid(gone, &status, 0);
    const fs::path stale = temporaryPath(fs::temp_directory_path() / "robometrics-capture", gone, 0);
    fs::create_directories(stale);
    std::ofstream(stale / "out") << "printed before the kill\n";

    auto captured = captureCommand({"sh", "-c", "echo out; echo err >&2; exit 3"});
    ASSERT_TRUE(captured.ok()) << captured.message();
    EXPECT_EQ(captured->out, "out\n");
    EXPECT_EQ(captured->err, "err\n");
    EXPECT_EQ(captured->exit_code, 3);
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(scratchFolders(getpid()).empty());
    std::error_code ec;
    fs::remove_all(stale, ec);  // in case the sweep failed: the temp folder is shared
}

}  // namespace
}  // namespace robometrics::bench::command_capture_test
