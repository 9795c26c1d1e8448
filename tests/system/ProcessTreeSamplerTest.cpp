#include "robometrics/system/ProcessTreeSampler.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace robometrics::system {

TEST(ProcessTreeSampler, CountsChildrenAndTheirCpu) {
    // A parent that starts one busy child and one sleeping child: 3 processes, ~100 % CPU.
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", "while :; do :; done & sleep 5 & wait", static_cast<char *>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ProcessTreeSampler sampler(pid);
    sampler.sample();
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    ResourceSample s = sampler.sample();
    kill(-pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    EXPECT_EQ(s.processes, 3);
    EXPECT_EQ(s.threads, 3);
    EXPECT_GT(s.rss_bytes, 0u);
    // One busy loop is at most one core. On a shared, loaded 2-core machine (ctest -j2) it gets
    // only part of one, so the lower bound only checks that its CPU is counted at all.
    EXPECT_GT(s.cpu_percent, 10.0);
    EXPECT_LT(s.cpu_percent, 130.0);
}

TEST(ProcessTreeSampler, VanishedRootGivesAnEmptySample) {
    ProcessTreeSampler sampler(999999999);
    ResourceSample s = sampler.sample();
    EXPECT_EQ(s.processes, 0);
    EXPECT_EQ(s.rss_bytes, 0u);
    EXPECT_DOUBLE_EQ(s.cpu_percent, 0.0);
}

}  // namespace robometrics::system
