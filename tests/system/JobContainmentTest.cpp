// A job's command that daemonises (setsid: its own session and process group, its parent gone)
// is found and ended with the job: when the job exits, on a stop (timeout, cancel), by the guard
// when the program that started it dies, and by --resume when the guard died too. Each test runs
// with the cgroup (where this process may create one: root, or a delegated cgroup) and with the
// environment marker alone (ROBOMETRICS_CGROUP=off).

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "TestSupport.hpp"
#include "robometrics/system/JobContainment.hpp"
#include "robometrics/system/LeftoverGroups.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::system {
namespace {

namespace fs = std::filesystem;

bool ended(pid_t pid) {
    const std::string stat = test::readFile("/proc/" + std::to_string(pid) + "/stat");
    return stat.empty() || stat.find(") Z") != std::string::npos;
}

/// `sh` that starts a daemon in its own session (writing its pid to daemon.pid in the working
/// folder; on SIGINT it writes daemon.int there and exits) and then exits, or stays when `stay`
/// (as `sleep`: a shell caught between two commands may outlive a SIGINT, which is the shell's
/// rule, not the stop's; CI once saw that race).
std::vector<std::string> daemonising(bool stay) {
    // setsid -f forks, so the daemon is no background job of sh (whose SIGINT sh would ignore).
    const std::string daemon =
        "setsid -f sh -c 'trap \"echo int > daemon.int; exit 0\" INT; echo $$ > daemon.pid; sleep 300 & wait'; ";
    return {"sh", "-c", daemon + (stay ? "exec sleep 300" : "true")};
}

class JobContainment : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam()) {
            unsetenv("ROBOMETRICS_CGROUP");
            if (containmentMethod().rfind("cgroup", 0) != 0) GTEST_SKIP() << containmentMethod();
        } else {
            setenv("ROBOMETRICS_CGROUP", "off", 1);
        }
        dir_ = test::scratchDir(GetParam() ? "containment-cgroup" : "containment-marker");
    }
    void TearDown() override { unsetenv("ROBOMETRICS_CGROUP"); }

    /// Starts the command contained in dir_ and waits for its daemon's pid.
    std::pair<pid_t, pid_t> start(bool stay) {
        SpawnOptions options;
        options.cwd = dir_.string();
        options.contain = true;
        auto leader = spawnInGroup(daemonising(stay), options);
        EXPECT_TRUE(leader.ok()) << leader.message();
        EXPECT_TRUE(test::waitUntil([&] { return !test::readFile(dir_ / "daemon.pid").empty(); }));
        const pid_t daemon = std::atoi(test::readFile(dir_ / "daemon.pid").c_str());
        EXPECT_GT(daemon, 0);
        if (stay && leader.ok()) {
            const std::string comm = "/proc/" + std::to_string(*leader) + "/comm";
            EXPECT_TRUE(test::waitUntil([&] { return test::readFile(comm) == "sleep\n"; }));
        }
        EXPECT_NE(getpgid(daemon), *leader);  // it left the job's process group
        // Started inside its cgroup (clone3 CLONE_INTO_CGROUP or a move before exec): kept.
        EXPECT_EQ(groupContainment(*leader).cgroup.empty(), !GetParam());
        return {leader.ok() ? *leader : -1, daemon};
    }

    fs::path dir_;
};

TEST_P(JobContainment, ADaemonEndsWithItsJob) {
    const auto [leader, daemon] = start(false);
    int status = 0;
    ASSERT_TRUE(waitForExit(leader, 10, status));
    EXPECT_FALSE(ended(daemon));  // the job is over; its daemon runs on
    const Containment containment = groupContainment(leader);
    EXPECT_TRUE(test::waitUntil([&] { return containedProcesses(containment).size() == 2; }))
        << containedProcesses(containment).size();  // the daemon and its sleep
    killGroupLeftovers(leader);
    EXPECT_TRUE(ended(daemon));
    EXPECT_TRUE(containedProcesses(containment).empty());
    finishGroup(leader);
    if (!containment.cgroup.empty()) {
        EXPECT_FALSE(fs::exists(containment.cgroup));
    }
}

TEST_P(JobContainment, AStopReachesTheDaemonWithSigintFirst) {
    const auto [leader, daemon] = start(true);
    int stop_signal = 0;
    // 10 s of grace before escalating, not 2: on a machine loaded far beyond its cores the daemon's
    // SIGINT handler once took longer than 2 s to run. It ends as soon as the daemon does.
    stopGroup(leader, 10.0, stop_signal);
    EXPECT_EQ(stop_signal, SIGINT);
    EXPECT_TRUE(ended(daemon));
    EXPECT_EQ(test::readFile(dir_ / "daemon.int"), "int\n");  // it could clean up
    finishGroup(leader);
}

TEST_P(JobContainment, TheGuardEndsADaemonWhenItsProgramDies) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t stand_in = fork();  // plays robometrics: starts the job, then is killed
    if (stand_in == 0) {
        SpawnOptions options;
        options.cwd = dir_.string();
        options.contain = true;
        auto leader = spawnInGroup(daemonising(true), options);
        pid_t value = leader.ok() ? *leader : -1;
        (void)!write(fds[1], &value, sizeof value);
        while (true) pause();
    }
    close(fds[1]);
    pid_t leader = -1;
    ASSERT_EQ(read(fds[0], &leader, sizeof leader), static_cast<ssize_t>(sizeof leader));
    close(fds[0]);
    ASSERT_TRUE(test::waitUntil([&] { return !test::readFile(dir_ / "daemon.pid").empty(); }));
    const pid_t daemon = std::atoi(test::readFile(dir_ / "daemon.pid").c_str());
    kill(stand_in, SIGKILL);
    waitpid(stand_in, nullptr, 0);
    EXPECT_TRUE(test::waitUntil([&] { return ended(leader) && ended(daemon); }, std::chrono::seconds(5)));
    EXPECT_EQ(test::readFile(dir_ / "daemon.int"), "int\n");
}

TEST_P(JobContainment, ResumeEndsADaemonWhoseGuardDiedToo) {
    const auto [leader, daemon] = start(false);
    const std::string record = groupRecordLine(leader);  // what OUT/jobs/N/processes holds
    EXPECT_NE(record.find(" marker=ROBOMETRICS_JOB_"), std::string::npos) << record;
    if (GetParam()) {
        EXPECT_NE(record.find(" cgroup=/"), std::string::npos) << record;
    }
    int status = 0;
    ASSERT_TRUE(waitForExit(leader, 10, status));
    releaseGroup(leader);  // as if the guard had died: nobody ends it
    EXPECT_FALSE(ended(daemon));
    // The leader and its group are gone; what it started is found by its containment.
    EXPECT_EQ(endRecordedGroups(record, 0.5), std::vector<pid_t>{leader});
    EXPECT_TRUE(ended(daemon));
    EXPECT_EQ(test::readFile(dir_ / "daemon.int"), "int\n");
}

INSTANTIATE_TEST_SUITE_P(Ways, JobContainment, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool> &param) { return param.param ? "Cgroup" : "Marker"; });

TEST(JobContainmentMarker, IsFoundOnlyAtTheStartOfAnEnvironmentString) {
    const fs::path dir = test::scratchDir("containment-holds");
    SpawnOptions options;
    options.contain = true;
    auto leader = spawnInGroup({"sleep", "30"}, options);
    ASSERT_TRUE(leader.ok());
    const Containment c = groupContainment(*leader);
    // spawnInGroup returns when the child's exec has taken its new memory, a moment before the
    // kernel writes the new environment there (comm already reads "sleep"): until then the
    // environment reads empty.
    const std::string environ_path = "/proc/" + std::to_string(*leader) + "/environ";
    ASSERT_TRUE(test::waitUntil([&] { return !test::readFile(environ_path).empty(); }));
    EXPECT_TRUE(holdsMarker(*leader, c.marker));
    EXPECT_FALSE(holdsMarker(*leader, c.marker.substr(1)));
    EXPECT_FALSE(holdsMarker(getpid(), c.marker));
    killGroupLeftovers(*leader);
    int status = 0;
    waitForExit(*leader, 5, status);
    finishGroup(*leader);
}

}  // namespace
}  // namespace robometrics::system
