// StaleTemporaries: a temporary that a killed writer left beside its target is removed by the
// next writer of that target, and nothing else is: not a live writer's, not another target's,
// not a name that only looks similar.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/StaleTemporaries.hpp"

namespace robometrics::stale_temporaries_test {
namespace {

namespace fs = std::filesystem;

/// The id of a process that existed and is gone (a child that exited and was reaped).
pid_t pidOfAnEndedProcess() {
    const pid_t pid = fork();
    if (pid == 0) _exit(0);
    int status = 0;
    waitpid(pid, &status, 0);
    return pid;
}

void writeText(const fs::path &path, const std::string &text) { std::ofstream(path, std::ios::binary) << text; }

TEST(StaleTemporaries, TheNameSaysWhoseTemporaryOfWhichTargetItIs) {
    const fs::path target = fs::path("out") / "report.html";
    EXPECT_EQ(temporaryPath(target, 4242, 7), fs::path("out") / ".report.html.tmp-4242-7");
    EXPECT_EQ(temporaryPath("x.csv", 1, 0), fs::path(".x.csv.tmp-1-0"));
    EXPECT_EQ(temporaryOwner(".report.html.tmp-4242-7", target), std::optional<pid_t>(4242));
    EXPECT_EQ(temporaryOwner(".report.html.tmp-4242-0", target), std::optional<pid_t>(4242));

    for (const char *other : {
             "report.html",                // the target itself
             "report.html.tmp-4242-7",     // not hidden
             ".report.htm.tmp-4242-7",     // another target
             ".xreport.html.tmp-4242-7",   // another target
             ".report.html.tmp-4242",      // no serial
             ".report.html.tmp-4242-",     // empty serial
             ".report.html.tmp--7",        // no pid
             ".report.html.tmp-04242-7",   // not as we write numbers
             ".report.html.tmp-4242-07",   // not as we write numbers
             ".report.html.tmp-+4242-7",   // a sign
             ".report.html.tmp-0-7",       // pid 0 is not a process
             ".report.html.tmp-4242-7-1",  // something after the serial
             ".report.html.tmp-4242-7.bak",
             ".report.html.tmp-99999999999999999999-7",  // beyond pid_t
         }) {
        EXPECT_EQ(temporaryOwner(other, target), std::nullopt) << other;
    }
}

TEST(StaleTemporaries, LongTargetNamesStayWithinTheFileNameLimit) {
    const std::string name(250, 'n');
    const fs::path temp = temporaryPath(fs::path("dir") / name, 2147483647, 4294967295u);
    EXPECT_LE(temp.filename().string().size(), 255u);
    EXPECT_EQ(temporaryOwner(temp.filename().string(), name), std::optional<pid_t>(2147483647));
}

TEST(StaleTemporaries, RemovesOnlyTheTargetsTemporariesWhoseWriterIsGone) {
    const fs::path dir = test::scratchDir("stale-sweep");
    const fs::path target = dir / "run.mcap";
    const pid_t gone = pidOfAnEndedProcess();
    writeText(target, "earlier");
    writeText(temporaryPath(target, gone, 0), "half a file");
    fs::create_directories(temporaryPath(target, gone, 1) / "inner");  // a folder output, with contents
    writeText(temporaryPath(target, gone, 1) / "inner" / "summary.json", "{");
    const fs::path live = temporaryPath(target, getpid(), 1000);  // this process writes it now
    writeText(live, "being written");
    const fs::path others = temporaryPath(dir / "other.mcap", gone, 0);  // another target's
    writeText(others, "not ours to judge");
    const fs::path look_alike = dir / ".run.mcap.tmp-notes";
    writeText(look_alike, "a user's file");

    EXPECT_EQ(sweepStaleTemporaries(target), 2);
    EXPECT_FALSE(fs::exists(temporaryPath(target, gone, 0)));
    EXPECT_FALSE(fs::exists(temporaryPath(target, gone, 1)));
    EXPECT_EQ(test::readFile(target), "earlier");
    EXPECT_TRUE(fs::exists(live));
    EXPECT_TRUE(fs::exists(others));
    EXPECT_TRUE(fs::exists(look_alike));
    EXPECT_EQ(sweepStaleTemporaries(target), 0);  // nothing more to do
    EXPECT_EQ(sweepStaleTemporaries(dir / "no-such-folder" / "x.csv"), 0);
}

TEST(StaleTemporaries, ALinkNamedLikeATemporaryGoesButNotWhatItPointsTo) {
    const fs::path dir = test::scratchDir("stale-link");
    fs::create_directories(dir / "keep");
    writeText(dir / "keep" / "data.csv", "1,2\n");
    const fs::path link = temporaryPath(dir / "out", pidOfAnEndedProcess(), 3);
    fs::create_directory_symlink(dir / "keep", link);
    EXPECT_EQ(sweepStaleTemporaries(dir / "out"), 1);
    EXPECT_FALSE(fs::exists(fs::symlink_status(link)));
    EXPECT_EQ(test::readFile(dir / "keep" / "data.csv"), "1,2\n");
}

TEST(StaleTemporaries, ANewAtomicFileOrFolderSweepsWhatAKilledWriterLeft) {
    const fs::path dir = test::scratchDir("stale-atomic");
    const fs::path file_target = dir / "traversal.csv";
    writeText(file_target, "earlier\n");
    // A writer killed with SIGKILL while its temporary was half written: nothing could clean up.
    int ready[2];
    ASSERT_EQ(pipe(ready), 0);
    const pid_t writer = fork();
    if (writer == 0) {
        auto file = AtomicFile::create(file_target.string());
        if (file.ok()) writeText(file->path(), "half");
        const char byte = file.ok() ? 'y' : 'n';
        ssize_t written = write(ready[1], &byte, 1);
        (void)written;
        pause();
        _exit(0);
    }
    close(ready[1]);
    char byte = 0;
    ASSERT_EQ(read(ready[0], &byte, 1), 1);
    close(ready[0]);
    ASSERT_EQ(byte, 'y');
    kill(writer, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(writer, &status, 0), writer);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(test::countEntries(dir), 2u);  // the target and the killed writer's temporary
    EXPECT_EQ(test::readFile(file_target), "earlier\n");

    ASSERT_TRUE(writeFileAtomically(file_target.string(), "new\n").ok());
    EXPECT_EQ(test::readFile(file_target), "new\n");
    EXPECT_EQ(test::countEntries(dir), 1u);

    // The same for an output folder (evaluate -o DIR).
    const fs::path folder_target = dir / "eval";
    fs::create_directories(temporaryPath(folder_target, pidOfAnEndedProcess(), 0) / "sub");
    auto folder = AtomicDirectory::create(folder_target.string());
    ASSERT_TRUE(folder.ok()) << folder.message();
    writeText(fs::path(folder->path()) / "summary.json", "{}\n");
    ASSERT_TRUE(folder->commit().ok());
    EXPECT_EQ(test::countEntries(dir), 2u);  // traversal.csv and eval
    EXPECT_EQ(test::readFile(folder_target / "summary.json"), "{}\n");
}

}  // namespace
}  // namespace robometrics::stale_temporaries_test
