// The transport, DdsSource and Publisher against a peer participant that behaves like a ROS 2
// node (rt/ names, ROS type names, rclcpp QoS). Runs inside the loopback-only namespace.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "LiveTestSupport.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/Publisher.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::test {
namespace {

msgs::LaserScan scan(int i) {
    msgs::LaserScan s;
    s.header.stamp = {100 + i, 5};
    s.header.frame_id = "laser";
    s.angle_min = -1.0f;
    s.angle_max = 1.0f;
    s.angle_increment = 0.5f;
    s.range_max = 30.0f;
    s.ranges = {1.0f, 2.0f, static_cast<float>(i), 4.0f, 5.0f};
    return s;
}

/// Publishes on `writer` every 20 ms until stopped (publish until received: pitfall 4).
class Repeater {
public:
    Repeater(live::Writer &writer, std::vector<std::uint8_t> payload, TimeNs source_time)
        : thread_([this, &writer, payload, source_time] {
              while (!stop_) {
                  (void)writer.write(payload, source_time);
                  std::this_thread::sleep_for(std::chrono::milliseconds(20));
              }
          }) {}
    ~Repeater() {
        stop_ = true;
        thread_.join();
    }

private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

/// Two participants on the test's domain: a peer that behaves like a ROS 2 node, and the tool side.
class DdsTransport : public ::testing::Test {
protected:
    void SetUp() override {
        ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
        useTestDomain();
        peer = openPeer();
        tool = openPeer();
        ASSERT_TRUE(peer && tool);
    }
    std::unique_ptr<live::Transport> peer, tool;
};

TEST_F(DdsTransport, SourceReceivesFromARos2StylePublisher) {
    auto writer = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::rosDefault());
    ASSERT_TRUE(writer.ok()) << writer.message();

    live::DdsSourceOptions options;
    options.topics = {"/scan"};
    options.types = {{"/scan", "sensor_msgs/msg/LaserScan"}};
    options.clock = live::MessageClock::Source;
    options.duration = std::chrono::seconds(10);
    live::DdsSource source(*tool, options);
    ASSERT_EQ(source.topics().size(), 1u);  // known up front, so the pipeline can check the type
    EXPECT_EQ(source.topics()[0].type, "sensor_msgs/msg/LaserScan");

    const TimeNs source_time = 1'700'000'000'123'456'789;
    Repeater repeat(**writer, msgs::encodeCdr(scan(3)), source_time);
    bag::Message m;
    auto got = source.next(m);
    ASSERT_TRUE(got.ok()) << got.message();
    ASSERT_TRUE(*got) << "no sample within 10 s";
    EXPECT_EQ(m.topic->name, "/scan");
    EXPECT_EQ(m.log_time, source_time);  // message clock = the publisher's source timestamp
    EXPECT_EQ(m.publish_time, source_time);
    auto decoded = msgs::decodeCdr<msgs::LaserScan>(m.data);
    ASSERT_TRUE(decoded.ok()) << decoded.message();
    EXPECT_TRUE(*decoded == scan(3));
    EXPECT_EQ(source.matchedWriters().at("/scan"), 1u);
    // The tool's reader is best effort and volatile (matches reliable and best-effort publishers).
    bool seen = false;
    for (const live::Endpoint &e : peer->graph().endpoints()) {
        if (e.topic != "rt/scan" || e.writer) continue;
        seen = true;
        EXPECT_EQ(e.qos.reliability, live::Reliability::BestEffort);
        EXPECT_EQ(e.qos.durability, live::Durability::Volatile);
        EXPECT_EQ(e.type, "sensor_msgs::msg::dds_::LaserScan_");
    }
    EXPECT_TRUE(seen);
}

TEST_F(DdsTransport, SourceAdaptsToATransientLocalMapPublisher) {
    // A latched map, published once before robometrics starts (as map_server does).
    auto writer = peer->createWriter("rt/map", "nav_msgs::msg::dds_::OccupancyGrid_", live::Qos::latched());
    ASSERT_TRUE(writer.ok());
    msgs::OccupancyGrid map;
    map.header.frame_id = "map";
    map.info.width = 3;
    map.info.height = 1;
    map.info.resolution = 0.05f;
    map.data = {0, 100, -1};
    ASSERT_TRUE((*writer)->write(msgs::encodeCdr(map)).ok());

    live::DdsSourceOptions options;
    options.topics = {"/map"};  // type learned from discovery
    options.duration = std::chrono::seconds(10);
    live::DdsSource source(*tool, options);
    bag::Message m;
    auto got = source.next(m);
    ASSERT_TRUE(got.ok() && *got) << "the late subscriber did not get the latched map";
    EXPECT_EQ(m.topic->type, "nav_msgs/msg/OccupancyGrid");
    EXPECT_FALSE(m.topic->schema.text.empty());
    EXPECT_NE(m.topic->offered_qos_profiles.find("durability: 1\n"), std::string::npos);  // transient_local
    auto decoded = msgs::decodeCdr<msgs::OccupancyGrid>(m.data);
    ASSERT_TRUE(decoded.ok());
    EXPECT_TRUE(*decoded == map);
}

TEST_F(DdsTransport, PublisherServesBestEffortAndLateLatchedSubscribers) {
    live::Publisher publisher(*tool);
    ASSERT_TRUE(publisher.publish("/lost_detector/status", msgs::String{"confused"}, true).ok());

    // A subscriber that joins later, transient local (as `ros2 topic echo` adapts), gets the last status.
    std::mutex mutex;
    std::vector<std::string> got;
    auto latched = peer->createReader("rt/lost_detector/status", "std_msgs::msg::dds_::String_", live::Qos::latched(),
                                      [&](live::Sample &&s) {
                                          auto d = msgs::decodeCdr<msgs::String>(s.data);
                                          std::lock_guard lock(mutex);
                                          got.push_back(d ? d->data : "<bad>");
                                      });
    ASSERT_TRUE(latched.ok()) << latched.message();
    EXPECT_TRUE(waitUntil([&] {
        std::lock_guard lock(mutex);
        return !got.empty();
    }));
    {
        std::lock_guard lock(mutex);
        ASSERT_FALSE(got.empty());
        EXPECT_EQ(got.front(), "confused");
    }
    // A best-effort subscriber (SensorDataQoS) matches our reliable writer.
    std::atomic<int> scans{0};
    auto best_effort = peer->createReader("rt/terrain_costmap", "nav_msgs::msg::dds_::OccupancyGrid_",
                                          live::Qos::sensorData(), [&](live::Sample &&) { ++scans; });
    ASSERT_TRUE(best_effort.ok());
    ASSERT_TRUE(publisher.advertise<msgs::OccupancyGrid>("/terrain_costmap").ok());
    ASSERT_TRUE(waitUntil([&] { return publisher.matched("/terrain_costmap") > 0; }));
    EXPECT_TRUE(waitUntil([&] {
        (void)publisher.publish("/terrain_costmap", msgs::OccupancyGrid{});
        return scans.load() > 0;
    }));
}

TEST_F(DdsTransport, BestEffortPublisherDoesNotMatchAReliableReader) {
    auto writer = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    ASSERT_TRUE(writer.ok());
    live::DdsSourceOptions options;
    options.topics = {"/scan"};
    options.qos.reliability = live::Reliability::Reliable;  // `--reliable`
    options.duration = std::chrono::milliseconds(1500);
    live::DdsSource source(*tool, options);
    Repeater repeat(**writer, msgs::encodeCdr(scan(1)), 0);
    bag::Message m;
    auto got = source.next(m);
    ASSERT_TRUE(got.ok());
    EXPECT_FALSE(*got);  // incompatible QoS, as in ROS 2: nothing arrives
    ASSERT_EQ(source.matchedWriters().count("/scan"), 1u);
    EXPECT_EQ(source.matchedWriters().at("/scan"), 0u);
}

}  // namespace
}  // namespace robometrics::test
