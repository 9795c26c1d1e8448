// InterruptCleanup: a signal removes the registered temporaries (files and folders with their
// contents) and the process then dies of that signal. Each case runs in a forked child.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/InterruptCleanup.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// Runs `body` in a child with the handler installed and returns its wait status.
template <class Body>
int inChild(Body body) {
    const pid_t pid = fork();
    if (pid == 0) {
        installInterruptCleanup();
        body();
        _exit(0);  // only reached when the signal did not end the child
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

TEST(InterruptCleanup, SigintRemovesUnfinishedFilesAndFoldersAndKeepsCommittedOnes) {
    const fs::path dir = test::scratchDir("interrupt-sigint");
    std::ofstream(dir / "earlier.mcap") << "earlier";
    const int status = inChild([&] {
        auto done = AtomicFile::create((dir / "done.csv").string());
        std::ofstream(done->path()) << "complete";
        if (!done->commit().ok()) _exit(3);
        auto file = AtomicFile::create((dir / "earlier.mcap").string());
        std::ofstream(file->path()) << "half";
        auto folder = AtomicDirectory::create((dir / "eval").string());
        fs::create_directories(fs::path(folder->path()) / "plots");
        std::ofstream(fs::path(folder->path()) / "summary.json") << "{}";
        std::ofstream(fs::path(folder->path()) / "plots" / "a.svg") << "<svg/>";
        std::raise(SIGINT);
        _exit(4);  // not reached
    });
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), SIGINT);  // a shell reports 128 + 2 = 130
    // earlier.mcap untouched and done.csv: no temporary, no eval
    EXPECT_EQ(test::countEntries(dir), 2u);
    EXPECT_TRUE(fs::exists(dir / "done.csv"));
    EXPECT_EQ(test::readFile(dir / "earlier.mcap"), "earlier");
}

TEST(InterruptCleanup, SigtermToo) {
    const fs::path dir = test::scratchDir("interrupt-sigterm");
    const int status = inChild([&] {
        auto file = AtomicFile::create((dir / "out.mcap").string());
        std::raise(SIGTERM);
    });
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_EQ(test::countEntries(dir), 0u);
}

TEST(InterruptCleanup, AnIgnoredSignalStaysIgnored) {
    const fs::path dir = test::scratchDir("interrupt-ignored");
    const pid_t pid = fork();
    if (pid == 0) {
        std::signal(SIGHUP, SIG_IGN);  // as under nohup
        installInterruptCleanup();
        auto file = AtomicFile::create((dir / "out.csv").string());
        std::raise(SIGHUP);
        _exit(file->commit().ok() ? 0 : 5);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_TRUE(fs::exists(dir / "out.csv"));
}

TEST(InterruptCleanup, UnregisteringIsSafeForAnyValue) {
    unregisterCleanup(-1);
    unregisterCleanup(1 << 20);
    const int slot = registerCleanup("relative/name", false);
    EXPECT_GE(slot, 0);
    unregisterCleanup(slot);
}

}  // namespace
}  // namespace robometrics
