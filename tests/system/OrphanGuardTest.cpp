// The guard is exercised from a forked child that plays the program which started the jobs: the
// test kills that child with SIGKILL and watches what becomes of the groups it started.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "TestSupport.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::system {
namespace {

namespace fs = std::filesystem;

bool gone(pid_t pid) {
    std::string stat = test::readFile("/proc/" + std::to_string(pid) + "/stat");
    return stat.empty() || stat.find(") Z") != std::string::npos;
}

/// Forks a stand-in for robometrics that starts `sh -c "sleep 60 & echo $! > child; wait"` in
/// `dir` (released at once when `release`), then waits to be killed. Returns {stand-in, leader}.
std::pair<pid_t, pid_t> startStandIn(const fs::path &dir, bool release) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    pid_t stand_in = fork();
    if (stand_in == 0) {
        SpawnOptions options;
        options.cwd = dir.string();
        auto leader = spawnInGroup({"sh", "-c", "sleep 60 & echo $! > child; wait"}, options);
        pid_t value = leader.ok() ? *leader : -1;
        if (release && leader.ok()) releaseGroup(*leader);
        (void)!write(fds[1], &value, sizeof value);
        while (true) pause();
    }
    close(fds[1]);
    pid_t leader = -1;
    EXPECT_EQ(read(fds[0], &leader, sizeof leader), static_cast<ssize_t>(sizeof leader));
    close(fds[0]);
    EXPECT_TRUE(test::waitUntil([&] { return !test::readFile(dir / "child").empty(); }));
    return {stand_in, leader};
}

TEST(OrphanGuard, GroupsEndWithTheProgramThatStartedThem) {
    const fs::path dir = test::scratchDir("orphan-guard-kill");
    const auto [stand_in, leader_pid] = startStandIn(dir, false);
    const pid_t leader = leader_pid;  // clang 14 cannot capture a structured binding in a lambda
    ASSERT_GT(leader, 0);
    const pid_t child = std::stoi(test::readFile(dir / "child"));
    kill(stand_in, SIGKILL);
    waitpid(stand_in, nullptr, 0);
    // sh ends on SIGINT; its background sleep ignores SIGINT and ends on the SIGTERM a second later.
    EXPECT_TRUE(test::waitUntil([&] { return gone(leader) && gone(child); }, std::chrono::seconds(8)));
}

TEST(OrphanGuard, ReleasedGroupsAreLeftAlone) {
    const fs::path dir = test::scratchDir("orphan-guard-release");
    const auto [stand_in, leader_pid] = startStandIn(dir, true);
    const pid_t leader = leader_pid;  // clang 14 cannot capture a structured binding in a lambda
    ASSERT_GT(leader, 0);
    const pid_t child = std::stoi(test::readFile(dir / "child"));
    kill(stand_in, SIGKILL);
    waitpid(stand_in, nullptr, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    EXPECT_FALSE(gone(leader));
    EXPECT_FALSE(gone(child));
    kill(child, SIGKILL);  // the test's own processes, by pid
    kill(leader, SIGKILL);
}

}  // namespace
}  // namespace robometrics::system
