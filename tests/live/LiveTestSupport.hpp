#pragma once
// Helpers for the live tests: the sandbox guard, a domain id per test, a peer participant that
// behaves like a ROS 2 node, child processes (the robometrics binary, the Cyclone peer) and waits.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/live/Transport.hpp"

namespace robometrics::test {

/// Empty when DDS may run here (inside the loopback-only namespace), else why not.
std::string liveSkipReason();

/// A domain id (1..100) derived from the running test's name, exported as ROS_DOMAIN_ID so
/// child processes join the same domain.
int useTestDomain();

/// A Fast DDS participant on the test's domain with the loopback profile (the peer side).
std::unique_ptr<live::Transport> openPeer();

/// Polls `done` every 10 ms until it is true or `timeout` passes; returns its last value.
bool waitUntil(const std::function<bool()> &done, std::chrono::milliseconds timeout = std::chrono::seconds(10));

/// A child process with stdout and stderr captured into files.
class ChildProcess {
public:
    ChildProcess(const std::string &program, const std::vector<std::string> &args);
    ~ChildProcess();  // SIGKILLs the child if it still runs
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    /// Sends SIGINT (Ctrl-C) to the child, by its pid.
    void interrupt();
    /// Waits for the exit; returns the exit code, or -1 after `timeout` (the child is then killed).
    int wait(std::chrono::milliseconds timeout = std::chrono::seconds(20));
    std::string out() const;
    std::string err() const;

private:
    int pid_ = -1;
    int status_ = -1;
    std::filesystem::path out_, err_;
};

/// The robometrics binary (ROBOMETRICS_BINARY) as a child process.
std::unique_ptr<ChildProcess> startRobometrics(const std::vector<std::string> &args);

}  // namespace robometrics::test

/// Skips a test that would create a DDS participant outside the private namespace.
#define ROBOMETRICS_REQUIRE_LIVE_SANDBOX()                                              \
    do {                                                                                \
        const std::string reason_ = ::robometrics::test::liveSkipReason();              \
        if (!reason_.empty()) GTEST_SKIP() << "live DDS test skipped: " << reason_;     \
    } while (0)

namespace robometrics::test {

/// Plays a bag's messages as a ROS 2 node would publish them (rt/ names, ROS type names, rclcpp's
/// default QoS; /tf_static and /map latched), each with its log time as source timestamp, at the
/// recorded pace. Waits first until every topic's writer has matched a reader (plus `settle`).
/// Returns once reliable readers have acknowledged everything: the number of messages published,
/// or -1 when no reader matched within 10 s.
long playBag(live::Transport &transport, const std::filesystem::path &bag, const std::vector<std::string> &topics,
             std::chrono::milliseconds settle = std::chrono::milliseconds(500));

}  // namespace robometrics::test
