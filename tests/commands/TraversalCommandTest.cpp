#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "OutputRule.hpp"
#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

// The rosbags-rs test bag has two messages of every type, on /test/<pkg>/<type> topics.
const char *kBag = "bags/rosbags-rs/test_bag_mcap/test_bag_mcap.mcap";

std::vector<std::string> remapped(const std::string &bag, const std::string &out) {
    return {"traversal", bag,
            "-o",        out,
            "--topic",   "scan=/test/sensor_msgs/laser_scan",
            "--topic",   "imu/data=/test/sensor_msgs/imu",
            "--topic",   "rover/pose_array=/test/geometry_msgs/pose_array",
            "--topic",   "odometry/wheels=/test/nav_msgs/odometry"};
}

TEST(TraversalCommand, ReadsRemappedTopicsAndWritesTheSeedHeader) {
    ROBOMETRICS_REQUIRE_DATA(bag, kBag);
    std::filesystem::path out = scratchDir("traversal_cmd") / "m.csv";
    std::vector<std::string> args = remapped(bag.string(), out.string());
    args.push_back("--json");
    CommandResult r = runRobometrics(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["messages"]["scan"], 2);
    EXPECT_EQ(j["messages"]["imu"], 2);
    EXPECT_EQ(j["messages"]["pose"], 2);
    EXPECT_EQ(j["messages"]["odometry"], 2);
    EXPECT_EQ(j["inputs"]["scan"], "/test/sensor_msgs/laser_scan");
    std::ifstream in(out, std::ios::binary);
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header,
              "Timestamp,Total Collisions,Current Collision Status,Smoothness Metric,Current Smoothness,"
              "Obstacle Clearance,Distance Traveled,Current Velocity,IMU Acceleration Magnitude,Is Rough Terrain,"
              "Vertical Roughness,Notes\r");
}

TEST(TraversalCommand, MissingTopicsWarnAndBadParamsFail) {
    ROBOMETRICS_REQUIRE_DATA(bag, kBag);
    std::filesystem::path out = scratchDir("traversal_cmd2") / "m.csv";
    CommandResult r = runRobometrics({"traversal", bag.string(), "-o", out.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("no topic /scan"), std::string::npos) << r.err;
    CommandResult bad = runRobometrics({"traversal", bag.string(), "-o", out.string(), "-p", "buffer_size:=0"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("buffer_size"), std::string::npos) << bad.err;
    EXPECT_EQ(runRobometrics({"traversal", bag.string(), "-p", "nonsense"}).exit_code, 2);
}

TEST(TraversalCommand, OutputMustBeCsv) {
    // Before the rule, `-o run.mcap` wrote CSV under the MCAP name. The bag is never opened.
    const std::filesystem::path refused = scratchDir("traversal_cmd_ext") / "run.mcap";
    expectOutputRefused({"traversal", "no-such-bag", "-o", refused.string()}, refused, {".csv"});
}

}  // namespace
}  // namespace robometrics::test
