// ROS 2 <-> DDS name mangling and the ROS 2 environment variables. No DDS participant.

#include <gtest/gtest.h>

#include <map>

#include "robometrics/live/RosNames.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::test {
namespace {

TEST(RosNames, TopicsGetTheRtPrefix) {
    EXPECT_EQ(live::ddsTopicName("/scan"), "rt/scan");
    EXPECT_EQ(live::ddsTopicName("imu/data"), "rt/imu/data");
    EXPECT_EQ(live::ddsTopicName("/lost_detector/status"), "rt/lost_detector/status");
    EXPECT_EQ(live::rosTopicName("rt/odometry/wheels"), "/odometry/wheels");
    EXPECT_EQ(live::rosTopicName("rq/add_two_intsRequest"), std::nullopt);
    EXPECT_EQ(live::rosTopicName("ros_discovery_info"), std::nullopt);
    EXPECT_EQ(live::rosTopicName("rt"), std::nullopt);
}

TEST(RosNames, TypesGetTheDdsSegment) {
    EXPECT_EQ(live::ddsTypeName("sensor_msgs/msg/LaserScan"), "sensor_msgs::msg::dds_::LaserScan_");
    EXPECT_EQ(live::ddsTypeName("nav_msgs/OccupancyGrid"), "nav_msgs::msg::dds_::OccupancyGrid_");
    EXPECT_EQ(live::ddsTypeName("statistics_msgs/msg/MetricsMessage"), "statistics_msgs::msg::dds_::MetricsMessage_");
    EXPECT_EQ(live::rosTypeName("std_msgs::msg::dds_::String_"), "std_msgs/msg/String");
    EXPECT_EQ(live::rosTypeName("std_msgs::msg::String"), std::nullopt);        // no dds_ segment
    EXPECT_EQ(live::rosTypeName("std_msgs::msg::dds_::String"), std::nullopt);  // no trailing _
    EXPECT_EQ(live::rosTypeName("LaserScan_"), std::nullopt);
}

Result<live::TransportOptions> fromEnv(const std::map<std::string, std::string> &env) {
    return live::TransportOptions::fromLookup([&](const char *name) -> const char * {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
    });
}

TEST(TransportOptions, ReadsTheRos2Environment) {
    auto none = fromEnv({});
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(none->domain_id, 0);
    EXPECT_EQ(none->range, live::DiscoveryRange::Subnet);
    EXPECT_FALSE(none->shared_memory);

    auto set = fromEnv({{"ROS_DOMAIN_ID", "42"},
                        {"ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST"},
                        {"ROS_STATIC_PEERS", "192.168.1.7;;10.0.0.2"},
                        {"FASTRTPS_DEFAULT_PROFILES_FILE", "p.xml"}});
    ASSERT_TRUE(set.ok()) << set.message();
    EXPECT_EQ(set->domain_id, 42);
    EXPECT_EQ(set->range, live::DiscoveryRange::Localhost);
    EXPECT_EQ(set->static_peers, (std::vector<std::string>{"192.168.1.7", "10.0.0.2"}));
    EXPECT_EQ(set->profile_file, "p.xml");

    auto humble = fromEnv({{"ROS_LOCALHOST_ONLY", "1"}});
    ASSERT_TRUE(humble.ok());
    EXPECT_EQ(humble->range, live::DiscoveryRange::Localhost);
    // The Jazzy variable wins over the Humble one.
    auto both = fromEnv({{"ROS_LOCALHOST_ONLY", "1"}, {"ROS_AUTOMATIC_DISCOVERY_RANGE", "SUBNET"}});
    ASSERT_TRUE(both.ok());
    EXPECT_EQ(both->range, live::DiscoveryRange::Subnet);
}

TEST(TransportOptions, RejectsBadValuesNamingTheVariable) {
    auto id = fromEnv({{"ROS_DOMAIN_ID", "12a"}});
    ASSERT_FALSE(id.ok());
    EXPECT_NE(id.message().find("ROS_DOMAIN_ID"), std::string::npos);
    EXPECT_FALSE(fromEnv({{"ROS_DOMAIN_ID", "300"}}).ok());
    auto range = fromEnv({{"ROS_AUTOMATIC_DISCOVERY_RANGE", "EVERYWHERE"}});
    ASSERT_FALSE(range.ok());
    EXPECT_NE(range.message().find("ROS_AUTOMATIC_DISCOVERY_RANGE"), std::string::npos);
    auto peers = fromEnv({{"ROS_STATIC_PEERS", "robot.local"}});
    ASSERT_FALSE(peers.ok());
    EXPECT_NE(peers.message().find("robot.local"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::test
