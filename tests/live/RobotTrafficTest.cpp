// A smoke test of the live-node benchmark's harness (benchmarks/LiveRobotTraffic.hpp and
// LiveNodeProcess.hpp; the benchmark itself is benchmarks/LiveNodesBench.cpp, never part of the
// test run): two seconds of a robot's traffic at the real pace into `robometrics live traversal`
// as its own process, whose CPU time and memory the harness reads from /proc.

#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "../../benchmarks/LiveNodeProcess.hpp"
#include "../../benchmarks/LiveRobotTraffic.hpp"
#include "LiveTestSupport.hpp"
#include "robometrics/live/DdsSource.hpp"

namespace robometrics::test {
namespace {

TEST(RobotTraffic, FeedsALiveNodeWhoseCostTheHarnessReads) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    ASSERT_NE(binary, nullptr);
    auto peer = openPeer();
    ASSERT_NE(peer, nullptr);
    const auto dir = scratchDir("robot_traffic");
    benchsupport::LiveNodeProcess node("traversal", binary,
                                       {"traversal", "-o", (dir / "t.csv").string(), "--json", "--reliable"}, dir);
    ASSERT_TRUE(node.running()) << node.error();
    benchsupport::RobotTraffic traffic(*peer, 1000, 20);
    ASSERT_EQ(traffic.error(), "");
    const std::map<std::string, std::size_t> readers{
        {"/imu/data", 1}, {"/scan", 1}, {"/odometry/wheels", 1}, {"/rover/pose_array", 1}};
    ASSERT_TRUE(waitUntil([&] { return traffic.matched(readers); }, std::chrono::seconds(20)));
    // Two seconds at the real pace.
    traffic.start(live::wallNow());
    const auto t0 = std::chrono::steady_clock::now();
    for (std::int64_t tick = 0; tick < 400; ++tick) {
        std::this_thread::sleep_until(t0 + std::chrono::nanoseconds(tick * benchsupport::RobotTraffic::kTickNs));
        ASSERT_TRUE(traffic.publishTick(tick)) << traffic.error();
    }
    EXPECT_TRUE(traffic.acknowledged(std::chrono::seconds(10)));
    EXPECT_GT(node.cpuSeconds(), 0.0);
    EXPECT_GT(node.rssMb(), 1.0);
    EXPECT_GE(node.peakRssMb(), node.rssMb());
    ASSERT_EQ(node.stop(), 0) << node.errText();
    const nlohmann::json summary = node.summary();
    ASSERT_TRUE(summary.contains("messages")) << summary.dump();
    // 200 Hz Imu, 50 Hz odometry and poses, 10 Hz scans for two seconds: every one arrived.
    EXPECT_EQ(summary["messages"].value("imu", 0), 400);
    EXPECT_EQ(summary["messages"].value("odometry", 0), 100);
    EXPECT_EQ(summary["messages"].value("pose", 0), 100);
    EXPECT_EQ(summary["messages"].value("scan", 0), 20);
    EXPECT_GE(summary.value("rows", 0), 1);  // a row per second of message time
}

}  // namespace
}  // namespace robometrics::test
