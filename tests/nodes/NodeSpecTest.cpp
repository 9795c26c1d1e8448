#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/nodes/NodeSpec.hpp"

namespace robometrics::nodes {
namespace {

const NodeSpec kSpec{"demo_node",
                     {{"scan", "/scan", "sensor_msgs/msg/LaserScan", &NodeTopics::scan},
                      {"imu", "/imu/data", "sensor_msgs/msg/Imu", &NodeTopics::imu},
                      {"clock", "/clock", "rosgraph_msgs/msg/Clock"}},
                     {{"/demo/status", "std_msgs/msg/String", true}, {"/demo/value", "std_msgs/msg/Float64"}}};

TEST(NodeSpec, FindsInputsAndOutputsByName) {
    EXPECT_EQ(kSpec.input("imu").topic, "/imu/data");
    EXPECT_TRUE(kSpec.output("/demo/status").latched);
    EXPECT_FALSE(kSpec.output("/demo/value").latched);
    EXPECT_EQ(kSpec.outputTopics(), (std::vector<std::string>{"/demo/status", "/demo/value"}));
    EXPECT_THROW(kSpec.input("odometry"), std::out_of_range);
    EXPECT_THROW(kSpec.output("/nope"), std::out_of_range);
}

TEST(NodeSpec, ResolvesTheDefaultTopicsThroughRemaps) {
    pipeline::Remaps remaps;
    remaps.add("scan", "/front/scan");
    const NodeTopics topics = resolveTopics(kSpec, remaps);
    EXPECT_EQ(topics.scan, "/front/scan");
    EXPECT_EQ(topics.imu, "/imu/data");
    EXPECT_EQ(topics.odometry, "");  // not an input of the node
}

TEST(NodeSpec, NamesTheTopicsByRoleForOutputs) {
    const NodeTopics topics{.scan = "/front/scan", .odometry = "/odom"};
    // The inputs with a field, by role; the node's other fields and its inputs without a field
    // (/clock) are left out.
    EXPECT_EQ(roleTopics(kSpec, topics), (std::map<std::string, std::string>{{"imu", ""}, {"scan", "/front/scan"}}));
}

TEST(NodeSpec, ParamsComeFromTheNodeSectionThenTheOverrides) {
    const auto dir = test::scratchDir("node_spec_params");
    const std::string file = (dir / "params.yaml").string();
    ASSERT_TRUE(writeFileAtomically(file, "demo_node:\n  ros__parameters:\n    rate: 2.0\n    depth: 3\n").ok());
    auto params = loadNodeParams(kSpec, file, {"depth:=7"});
    ASSERT_TRUE(params) << params.message();
    double rate = 0;
    int depth = 0;
    ASSERT_TRUE(params->get("rate", rate).ok());
    ASSERT_TRUE(params->get("depth", depth).ok());
    EXPECT_EQ(rate, 2.0);
    EXPECT_EQ(depth, 7);
    // A file for other nodes: an error for the node's own command, the defaults for evaluate.
    ASSERT_TRUE(writeFileAtomically(file, "other_node:\n  ros__parameters:\n    rate: 2.0\n").ok());
    EXPECT_FALSE(loadNodeParams(kSpec, file, {}));
    EXPECT_TRUE(loadNodeParams(kSpec, file, {}, false));
}

}  // namespace
}  // namespace robometrics::nodes
