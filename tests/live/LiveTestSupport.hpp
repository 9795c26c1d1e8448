#pragma once
// Helpers for the live tests: the sandbox guard, a domain id per test and a peer participant that
// behaves like a ROS 2 node. Child processes and waits are in TestSupport.hpp (shared with the
// command tests).

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::test {

/// Empty when DDS may run here (inside the loopback-only namespace), else why not.
std::string liveSkipReason();

/// A domain id (1..100) derived from the running test's name, exported as ROS_DOMAIN_ID so
/// child processes join the same domain.
int useTestDomain();

/// A Fast DDS participant on the test's domain with the loopback profile (the peer side).
std::unique_ptr<live::Transport> openPeer();

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
