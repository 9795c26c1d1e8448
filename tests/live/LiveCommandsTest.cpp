// `robometrics live ...` as a separate process against a peer that behaves like a ROS 2 node
// (this test process: rt/ names, ROS type names, rclcpp's default QoS), inside the loopback-only
// namespace. Each test gets its own domain id. Live and offline must give the same numbers.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "DiagnosticLookup.hpp"
#include "LiveTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::test {
namespace {

/// A short deterministic rover run from our simulator.
std::filesystem::path simulate(const std::string &scenario, const std::string &seconds) {
    const auto dir = scratchDir("sim_" + scenario);
    CommandResult r = runRobometrics({"simulate", "--scenario", scenario, "--duration", seconds, "-o", dir.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return dir / "run.mcap";
}

std::string readFile(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Collects decoded samples of one topic on the peer side.
template <class T>
class Collector {
public:
    Collector(live::Transport &peer, const std::string &ros_topic, const live::Qos &qos) {
        auto reader = peer.createReader(live::ddsTopicName(ros_topic), live::ddsTypeName(msgs::TypeInfo<T>::name), qos,
                                        [this](live::Sample &&s) {
                                            auto d = msgs::decodeCdr<T>(s.data);
                                            std::lock_guard lock(mutex_);
                                            if (d) items_.push_back(std::move(*d));
                                        });
        EXPECT_TRUE(reader.ok()) << reader.message();
        if (reader) reader_ = std::move(*reader);
    }
    std::vector<T> items() const {
        std::lock_guard lock(mutex_);
        return items_;
    }
    std::size_t matched() const { return reader_ ? reader_->matched() : 0; }

private:
    mutable std::mutex mutex_;
    std::vector<T> items_;
    std::unique_ptr<live::Reader> reader_;
};

double statistic(const msgs::MetricsMessage &m, std::uint8_t type) {
    for (const auto &p : m.statistics) {
        if (p.data_type == type) return p.data;
    }
    return std::nan("");
}

TimeNs wallNow() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// The statuses named `name` among `arrays` (every array of a live analysis holds one status).
std::vector<msgs::DiagnosticStatus> statusesNamed(const std::vector<msgs::DiagnosticArray> &arrays,
                                                  const std::string &name) {
    std::vector<msgs::DiagnosticStatus> out;
    for (const auto &a : arrays) {
        EXPECT_EQ(a.status.size(), 1u);
        for (const auto &s : a.status) {
            EXPECT_EQ(s.name, name);
            if (s.name == name) out.push_back(s);
        }
    }
    return out;
}

bool anyAtLevel(const std::vector<msgs::DiagnosticStatus> &statuses, std::uint8_t level) {
    return std::any_of(statuses.begin(), statuses.end(), [&](const auto &s) { return s.level == level; });
}

/// The OK statuses of a live analysis once it has produced something (`count_key` not 0), after
/// checking that every status came from `name` for `hardware_id`, about once a second (two at
/// least), and none was an ERROR.
std::vector<msgs::DiagnosticStatus> producingStatuses(const std::vector<msgs::DiagnosticArray> &arrays,
                                                      const std::string &name, const std::string &hardware_id,
                                                      const std::string &count_key) {
    const auto statuses = statusesNamed(arrays, name);
    EXPECT_GE(statuses.size(), 2u);
    EXPECT_FALSE(anyAtLevel(statuses, msgs::DiagnosticStatus::ERROR));
    std::vector<msgs::DiagnosticStatus> out;
    for (const auto &st : statuses) {
        EXPECT_EQ(st.hardware_id, hardware_id);
        if (st.level == msgs::DiagnosticStatus::OK && statusValue(st, count_key) != "0") out.push_back(st);
    }
    return out;
}

TEST(LiveCommands, TopicStatsPublishesMetricsMessagesOnStatistics) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto tool = startRobometrics({"live", "topic-stats", "--topics", "/scan", "--window", "0.5", "--duration", "30"});
    // A best-effort sensor driver at 50 Hz whose stamps are 10 ms old when sent.
    auto writer = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    ASSERT_TRUE(writer.ok());
    Collector<msgs::MetricsMessage> stats(*peer, "/statistics", live::Qos::rosDefault());
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    std::atomic<bool> stop{false};
    std::thread driver([&] {
        msgs::LaserScan scan;
        scan.ranges.assign(360, 2.0f);
        while (!stop) {
            scan.header.stamp = msgs::Time::fromNs(wallNow() - 10'000'000);
            (void)(*writer)->write(msgs::encodeCdr(scan));
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    auto full_window = [&](const char *metric) {
        for (const auto &m : stats.items()) {
            if (m.metrics_source == metric && statistic(m, msgs::StatisticDataPoint::SAMPLE_COUNT) >= 10) return true;
        }
        return false;
    };
    // The node's receive status and each window's topic status go out at the same tick as the
    // window's metrics but on /diagnostics: under a sanitizer they can arrive after them, so wait
    // for both kinds too (CI failed once on a receive status still in flight).
    auto diagnostic_named = [&](const std::string &prefix) {
        for (const auto &d : diagnostics.items()) {
            if (!d.status.empty() && d.status[0].name.rfind(prefix, 0) == 0) return true;
        }
        return false;
    };
    const bool got = waitUntil(
        [&] {
            return full_window("message_period") && full_window("message_age") &&
                   diagnostic_named("robometrics: dds receive") && diagnostic_named("robometrics: topic /scan");
        },
        std::chrono::seconds(15));
    stop = true;
    driver.join();
    tool->interrupt();
    EXPECT_EQ(tool->wait(), 0) << tool->err();
    ASSERT_TRUE(got) << "no full /statistics window; tool said: " << tool->err();
    for (const auto &m : stats.items()) {
        if (statistic(m, msgs::StatisticDataPoint::SAMPLE_COUNT) < 10) continue;
        EXPECT_EQ(m.measurement_source_name, "/scan");
        EXPECT_EQ(m.unit, "ms");
        const double mean = statistic(m, msgs::StatisticDataPoint::AVERAGE);
        if (m.metrics_source == "message_period") {
            EXPECT_GT(mean, 15.0);
            EXPECT_LT(mean, 40.0);
        } else {
            EXPECT_EQ(m.metrics_source, "message_age");
            EXPECT_GT(mean, 9.0);  // at least the 10 ms the stamps lag, minus rounding
            EXPECT_LT(mean, 100.0);
        }
        const TimeNs window = msgs::Time{m.window_stop}.toNs() - msgs::Time{m.window_start}.toNs();
        EXPECT_EQ(window, 500'000'000);
    }
    EXPECT_NE(tool->out().find("/scan"), std::string::npos) << tool->out();  // the health table at exit
    // The same windows as ROS diagnostics: the topic OK at about 50 Hz.
    bool healthy = false;
    int receive_statuses = 0;
    for (const auto &d : diagnostics.items()) {
        ASSERT_EQ(d.status.size(), 1u);
        if (d.status[0].name == "robometrics: dds receive") {  // the node's own, once a window: nothing lost here
            EXPECT_EQ(d.status[0].level, msgs::DiagnosticStatus::OK) << d.status[0].message;
            ++receive_statuses;
            continue;
        }
        EXPECT_EQ(d.status[0].name, "robometrics: topic /scan");
        if (d.status[0].level == msgs::DiagnosticStatus::OK && d.status[0].values.at(0).key == "frequency_hz") {
            const double hz = std::stod(d.status[0].values[0].value);
            healthy = healthy || (hz > 25 && hz < 67);
        }
    }
    EXPECT_TRUE(healthy) << diagnostics.items().size() << " diagnostics";
    EXPECT_GE(receive_statuses, 1);
}

// Each /statistics window counts the messages received inside it (issue 60: a sample still queued
// when the tick closed its window was counted in the next one, one message in about one window of
// ten at 100 Hz). A reliable sender at 100 Hz notes each send time; a window's count may differ
// from the sends inside it only by sends within 3 ms of its edges (the loopback's latency).
TEST(LiveCommands, TopicStatsWindowsCountTheMessagesSentInsideThem) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto tool = startRobometrics(
        {"live", "topic-stats", "--topics", "/imu", "--window", "0.5", "--reliable", "--duration", "30"});
    auto writer = peer->createWriter("rt/imu", "sensor_msgs::msg::dds_::Imu_", live::Qos::rosDefault());
    ASSERT_TRUE(writer.ok());
    Collector<msgs::MetricsMessage> stats(*peer, "/statistics", live::Qos::rosDefault());
    ASSERT_TRUE(waitUntil([&] { return (*writer)->matched() > 0; }, std::chrono::seconds(15))) << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the tool's reader is listening
    std::vector<TimeNs> sent;
    msgs::Imu imu;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 300; ++i) {
        std::this_thread::sleep_until(start + std::chrono::milliseconds(10 * i));
        imu.header.stamp = msgs::Time::fromNs(wallNow());
        sent.push_back(wallNow());
        ASSERT_TRUE((*writer)->write(msgs::encodeCdr(imu)).ok());
    }
    EXPECT_TRUE((*writer)->waitForAcknowledgments(std::chrono::seconds(5)));
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // the last windows close
    tool->interrupt();
    EXPECT_EQ(tool->wait(), 0) << tool->err();

    // The edge is the loopback's latency: 3 ms on a machine with a core to spare. On a loaded one
    // (more runnable work than cores, as when CI builds beside the tests) a message can wait a
    // few scheduling slices between the sender's clock and the tool's; the sum below still checks
    // that every message lands in exactly one window.
    const TimeNs kEdge = test::machineIsLoaded() ? 15'000'000 : 3'000'000;
    auto sentIn = [&](TimeNs from, TimeNs to) {
        return static_cast<double>(
            std::count_if(sent.begin(), sent.end(), [&](TimeNs t) { return t >= from && t < to; }));
    };
    double counted = 0;
    int windows = 0;
    for (const auto &m : stats.items()) {
        if (m.metrics_source != "message_age") continue;
        const TimeNs from = msgs::Time{m.window_start}.toNs(), to = msgs::Time{m.window_stop}.toNs();
        const double count = statistic(m, msgs::StatisticDataPoint::SAMPLE_COUNT);
        if (std::isnan(count)) continue;
        SCOPED_TRACE(std::to_string(from) + " to " + std::to_string(to));
        EXPECT_GE(count, sentIn(from + kEdge, to - kEdge));
        EXPECT_LE(count, sentIn(from - kEdge, to + kEdge));
        counted += count;
        ++windows;
    }
    EXPECT_GE(windows, 6);
    EXPECT_EQ(counted, static_cast<double>(sent.size()));  // every message in one window
}

msgs::PoseWithCovarianceStamped amclPose(double xy_var, double yaw_var) {
    msgs::PoseWithCovarianceStamped p;
    p.header.frame_id = "map";
    p.pose.pose.orientation.w = 1.0;
    p.pose.covariance[0] = xy_var;
    p.pose.covariance[7] = xy_var;
    p.pose.covariance[35] = yaw_var;
    return p;
}

TEST(LiveCommands, LostPublishesALatchedStatusAndListensToReset) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto tool = startRobometrics({"live", "lost", "--duration", "30", "--json"});
    // A subscriber waiting from the start (ros2 topic echo): the probability writer exists before
    // the first reading, so it matches now and gets every reading.
    Collector<msgs::Float32MultiArray> probability(*peer, "/lost_detector/probability", live::Qos::rosDefault());
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    ASSERT_TRUE(waitUntil([&] { return probability.matched() > 0 && diagnostics.matched() > 0; })) << tool->err();
    // AMCL publishes its pose reliable + transient local.
    auto amcl = peer->createWriter("rt/amcl_pose", "geometry_msgs::msg::dds_::PoseWithCovarianceStamped_",
                                   live::Qos::latched());
    auto reset = peer->createWriter("rt/lost_detector/reset", "std_msgs::msg::dds_::Empty_", live::Qos::rosDefault());
    ASSERT_TRUE(amcl.ok() && reset.ok());
    ASSERT_TRUE(waitUntil([&] { return (*amcl)->matched() > 0 && (*reset)->matched() > 0; }));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    // Large covariance: lost readings.
    for (int i = 0; i < 40; ++i) {
        ASSERT_TRUE((*amcl)->write(msgs::encodeCdr(amclPose(25.0, 3.0))).ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(waitUntil([&] { return probability.items().size() >= 40; })) << probability.items().size();
    EXPECT_TRUE(waitUntil([&] { return diagnostics.items().size() >= 40; })) << diagnostics.items().size();
    EXPECT_EQ(diagnostics.items().back().status.at(0).name, "robometrics: localization");
    EXPECT_NE(diagnostics.items().back().status.at(0).level, msgs::DiagnosticStatus::OK);  // large covariance
    {  // each pose's status carries what the inputs lost since the previous one: nothing here
        const std::vector<msgs::DiagnosticArray> arrays = diagnostics.items();  // a copy: items() returns one
        const auto &values = arrays.back().status.at(0).values;
        ASSERT_FALSE(values.empty());
        EXPECT_EQ(values.back().key, "lost");
        EXPECT_EQ(values.back().value, "0");
    }
    {
        // A subscriber that joins now gets the current status at once (transient local).
        Collector<msgs::String> status(*peer, "/lost_detector/status", live::Qos::latched());
        ASSERT_TRUE(waitUntil([&] { return !status.items().empty(); })) << tool->err();
        EXPECT_NE(status.items().back().data, "normal");
    }
    Collector<msgs::String> status(*peer, "/lost_detector/status", live::Qos::rosDefault());
    ASSERT_TRUE(waitUntil([&] { return status.matched() > 0; }));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE((*reset)->write(msgs::encodeCdr(msgs::Empty{})).ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // Small covariance after the reset: normal.
    EXPECT_TRUE(waitUntil([&] {
        (void)(*amcl)->write(msgs::encodeCdr(amclPose(0.01, 0.01)));
        auto items = status.items();
        return !items.empty() && items.back().data == "normal";
    }));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();
    auto j = nlohmann::json::parse(tool->out(), nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << tool->out();
    EXPECT_GE(j["readings"].get<int>(), 41);
    EXPECT_GT(j["status_counts"]["lost"].get<int>() + j["status_counts"]["confused"].get<int>(), 0);
    EXPECT_EQ(j["status"], "normal");
    // The shape of `lost --json`: episodes a list, a timeline of status changes, the start time.
    ASSERT_TRUE(j["episodes"].is_array()) << j.dump();
    EXPECT_GE(j["episodes"].size(), 1u);
    EXPECT_TRUE(j["episodes"][0].contains("duration_s"));
    ASSERT_TRUE(j["timeline"].is_array());
    EXPECT_EQ(j["timeline"].back()["status"], "normal");
    EXPECT_GT(j["start_time_ns"].get<std::int64_t>(), 0);
}

TEST(LiveCommands, CostmapPublishesTheSameCostmapsAsOffline) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto bag = simulate("terrain", "3");
    const auto offline = scratchDir("costmap_offline") / "costmap.mcap";
    CommandResult off = runRobometrics({"costmap", bag.string(), "-o", offline.string(), "--json"});
    ASSERT_EQ(off.exit_code, 0) << off.err;

    auto peer = openPeer();
    ASSERT_TRUE(peer);
    Collector<msgs::OccupancyGrid> costmaps(*peer, "/terrain_costmap", live::Qos::rosDefault());
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    auto tool = startRobometrics({"live", "costmap", "--duration", "40", "--reliable", "--json"});
    const long played = playBag(*peer, bag, {"/tf", "/tf_static", "/groundgrid/grid_map"});
    ASSERT_GT(played, 0) << "the tool never subscribed: " << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();

    // About once a second, the costmap's health: OK while the maps come and are costed.
    const auto costing =
        producingStatuses(diagnostics.items(), "robometrics: costmap", "/groundgrid/grid_map", "costmaps");
    ASSERT_FALSE(costing.empty());
    for (const auto &st : costing) {
        EXPECT_EQ(statusValue(st, "width_cells"), "30");
        EXPECT_GT(std::stol(statusValue(st, "cells_known")), 0);
    }

    // Every costmap published live equals the offline one with the same stamp.
    std::map<TimeNs, msgs::OccupancyGrid> expected;
    auto source = bag::openBag(offline.string());
    ASSERT_TRUE(source.ok());
    bag::Message m;
    while (true) {
        auto more = (*source)->next(m);
        ASSERT_TRUE(more.ok());
        if (!*more) break;
        if (m.topic->name != "/terrain_costmap") continue;
        auto grid = msgs::decodeCdr<msgs::OccupancyGrid>(m.data);
        ASSERT_TRUE(grid.ok());
        expected[grid->header.stamp.toNs()] = *grid;
    }
    const auto live_maps = costmaps.items();
    ASSERT_FALSE(expected.empty());
    EXPECT_GE(live_maps.size() + 2, expected.size());  // the first maps may wait for TF
    for (const auto &grid : live_maps) {
        auto it = expected.find(grid.header.stamp.toNs());
        ASSERT_NE(it, expected.end()) << "unexpected stamp " << grid.header.stamp.toNs();
        EXPECT_EQ(grid.info.width, 30u);
        EXPECT_TRUE(grid == it->second);
    }
}

TEST(LiveCommands, CostmapWithoutTfSaysSoOnDiagnostics) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto bag = simulate("terrain", "3");
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    auto tool = startRobometrics({"live", "costmap", "--duration", "40", "--reliable"});
    // The maps without /tf: each is dropped once a later one shows its transform will not come.
    const long played = playBag(*peer, bag, {"/groundgrid/grid_map"});
    ASSERT_GT(played, 1) << "the tool never subscribed: " << tool->err();
    const bool said = waitUntil([&] {
        return anyAtLevel(statusesNamed(diagnostics.items(), "robometrics: costmap"), msgs::DiagnosticStatus::ERROR);
    });
    tool->interrupt();
    EXPECT_EQ(tool->wait(), 0) << tool->err();
    ASSERT_TRUE(said) << diagnostics.items().size() << " statuses; " << tool->err();
    for (const auto &st : statusesNamed(diagnostics.items(), "robometrics: costmap")) {
        if (st.level != msgs::DiagnosticStatus::ERROR) continue;
        EXPECT_EQ(st.message.rfind("map not costed: ", 0), 0u) << st.message;
        EXPECT_NE(statusValue(st, "maps_dropped"), "0");
        EXPECT_EQ(statusValue(st, "costmaps"), "0");
    }
}

TEST(LiveCommands, RecordWritesARos2BagWithSchemas) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    const auto out = scratchDir("record") / "live.mcap";
    auto tool =
        startRobometrics({"live", "record", "-o", out.string(), "--topics", "/chatter,/map", "--duration", "30"});
    auto chatter = peer->createWriter("rt/chatter", "std_msgs::msg::dds_::String_", live::Qos::rosDefault());
    auto map = peer->createWriter("rt/map", "nav_msgs::msg::dds_::OccupancyGrid_", live::Qos::latched());
    auto other = peer->createWriter("rt/not_recorded", "std_msgs::msg::dds_::String_", live::Qos::rosDefault());
    ASSERT_TRUE(chatter.ok() && map.ok() && other.ok());
    msgs::OccupancyGrid grid;
    grid.info.width = 2;
    grid.info.height = 1;
    grid.data = {0, 100};
    ASSERT_TRUE((*map)->write(msgs::encodeCdr(grid)).ok());  // before the recorder joined
    ASSERT_TRUE(waitUntil([&] { return (*chatter)->matched() > 0; })) << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    for (int i = 0; i < 20; ++i) {
        ASSERT_TRUE((*chatter)->write(msgs::encodeCdr(msgs::String{"hello " + std::to_string(i)})).ok());
        ASSERT_TRUE((*other)->write(msgs::encodeCdr(msgs::String{"no"})).ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_TRUE((*chatter)->waitForAcknowledgments(std::chrono::seconds(8)));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();

    auto source = bag::openBag(out.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::map<std::string, const bag::TopicInfo *> topics;
    for (const auto &t : (*source)->topics()) topics[t.name] = &t;
    ASSERT_EQ(topics.size(), 2u);
    ASSERT_TRUE(topics.count("/chatter") && topics.count("/map"));
    EXPECT_EQ(topics["/chatter"]->type, "std_msgs/msg/String");
    EXPECT_EQ(topics["/chatter"]->schema.encoding, "ros2msg");
    EXPECT_FALSE(topics["/map"]->schema.text.empty());
    EXPECT_NE(topics["/map"]->offered_qos_profiles.find("durability: 1\n"), std::string::npos);  // transient_local
    std::vector<std::string> said;
    int maps = 0;
    bag::Message m;
    while (true) {
        auto more = (*source)->next(m);
        ASSERT_TRUE(more.ok());
        if (!*more) break;
        if (m.topic->name == "/map") {
            ++maps;
            auto d = msgs::decodeCdr<msgs::OccupancyGrid>(m.data);
            ASSERT_TRUE(d.ok());
            EXPECT_TRUE(*d == grid);
        } else {
            auto d = msgs::decodeCdr<msgs::String>(m.data);
            ASSERT_TRUE(d.ok());
            said.push_back(d->data);
        }
    }
    EXPECT_EQ(maps, 1);
    // Reliable publishers are recorded reliable: all 20, in order.
    ASSERT_EQ(said.size(), 20u);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(said[static_cast<std::size_t>(i)], "hello " + std::to_string(i));
}

TEST(LiveCommands, RecordHearsABestEffortPublisherThatJoinsAReliableTopic) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    const auto out = scratchDir("record-qos") / "live.mcap";
    auto tool = startRobometrics({"live", "record", "-o", out.string(), "--topics", "/chatter", "--duration", "30"});
    auto reliable = peer->createWriter("rt/chatter", "std_msgs::msg::dds_::String_", live::Qos::rosDefault());
    ASSERT_TRUE(reliable.ok());
    ASSERT_TRUE(waitUntil([&] { return (*reliable)->matched() > 0; })) << tool->err();  // a reliable reader
    auto best_effort = peer->createWriter("rt/chatter", "std_msgs::msg::dds_::String_", live::Qos::sensorData());
    ASSERT_TRUE(best_effort.ok());
    // The recorder makes its reader again, best effort, which both publishers match.
    ASSERT_TRUE(waitUntil([&] { return (*best_effort)->matched() > 0 && (*reliable)->matched() > 0; })) << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int i = 0; i < 10; ++i) {
        ASSERT_TRUE((*best_effort)->write(msgs::encodeCdr(msgs::String{"best effort"})).ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();
    EXPECT_NE(tool->err().find("subscribed again to /chatter"), std::string::npos) << tool->err();
    auto source = bag::openBag(out.string());
    ASSERT_TRUE(source.ok()) << source.message();
    int heard = 0;
    bag::Message m;
    while (true) {
        auto more = (*source)->next(m);
        ASSERT_TRUE(more.ok());
        if (!*more) break;
        ++heard;
    }
    EXPECT_GE(heard, 8);  // best effort on loopback: all, or nearly
}

TEST(LiveCommands, ReliableAgainstABestEffortPublisherSaysWhy) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto tool = startRobometrics({"live", "topic-stats", "--topics", "/scan", "--reliable", "--duration", "30"});
    auto scan = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    ASSERT_TRUE(scan.ok());
    EXPECT_TRUE(waitUntil([&] { return tool->err().find("incompatible QoS on /scan") != std::string::npos; }))
        << tool->err();
    tool->interrupt();
    tool->wait();
    EXPECT_NE(tool->err().find("offers best effort, the reader requests reliable"), std::string::npos) << tool->err();
    EXPECT_NE(tool->err().find("(drop --reliable)"), std::string::npos);
}

// `live topic-stats --spec` (docs/check.md, Live): a laser driver at 20 Hz where the contract
// asks 50 Hz ± 10 %, half of each scan's ranges NaN where it asks 60 % valid. Every window of 1 s
// gets one status per rule: the rate and the valid share ERROR with what was measured against
// what was expected, min_messages WARN with the count so far, the run: section STALE (not judged
// live), the other rules OK.
TEST(LiveCommands, TopicStatsWithASpecReportsARateOutsideTheContractAsAnError) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto dir = scratchDir("live_contract");
    std::ofstream(dir / "spec.yaml") << "topics:\n  /scan:\n    rate_hz: 50\n    max_gap_s: 0.5\n    frame_id: laser\n"
                                        "    min_messages: 100000\n    min_valid_share: 0.6\n"
                                        "    forbid_sensor_silent: true\nrun:\n  forbid: [collision]\n";
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto tool = startRobometrics({"live", "topic-stats", "--topics", "/scan", "--window", "1", "--spec",
                                  (dir / "spec.yaml").string(), "--duration", "30"});
    auto writer = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    ASSERT_TRUE(writer.ok());
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    std::atomic<bool> stop{false};
    std::thread driver([&] {
        msgs::LaserScan scan;
        scan.header.frame_id = "laser";
        scan.range_min = 0.1f;
        scan.range_max = 10.0f;
        scan.ranges.assign(360, 2.0f);
        std::fill(scan.ranges.begin(), scan.ranges.begin() + 180, std::numeric_limits<float>::quiet_NaN());
        while (!stop) {
            scan.header.stamp = msgs::Time::fromNs(wallNow());
            (void)(*writer)->write(msgs::encodeCdr(scan));
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    // A window full of scans: the rate measured over at least 15 of them.
    auto full_window = [&]() -> std::optional<msgs::DiagnosticArray> {
        for (const auto &a : diagnostics.items()) {
            const auto *required = findStatus(a, "robometrics: contract /scan required");
            const auto *rate = findStatus(a, "robometrics: contract /scan rate_hz");
            if (required && rate && rate->message.find("no rate") == std::string::npos &&
                std::stod(statusValue(*rate, "value")) > 10) {
                return a;
            }
        }
        return std::nullopt;
    };
    const bool got = waitUntil([&] { return full_window().has_value(); }, std::chrono::seconds(15));
    stop = true;
    driver.join();
    tool->interrupt();
    EXPECT_EQ(tool->wait(), 0) << tool->err();
    ASSERT_TRUE(got) << "no contract window on /diagnostics; tool said: " << tool->err();
    const msgs::DiagnosticArray window = *full_window();
    // required, min_messages, rate_hz, max_gap_s, frame_id, min_valid_share, forbid_sensor_silent,
    // and the run: section's forbid collision
    ASSERT_EQ(window.status.size(), 8u);
    const auto *rate = findStatus(window, "robometrics: contract /scan rate_hz");
    EXPECT_EQ(rate->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(rate->hardware_id, "/scan");
    const double hz = std::stod(statusValue(*rate, "value"));
    EXPECT_GT(hz, 15.0);  // 20 Hz, give or take the scheduler of a shared machine
    EXPECT_LT(hz, 25.0);
    EXPECT_EQ(rate->message, fmt::format("measured {}, expected rate_hz 50 ± 10 %", statusValue(*rate, "measured")));
    EXPECT_EQ(statusValue(*rate, "limit"), "rate_hz 50 ± 10 %");
    EXPECT_EQ(statusValue(*rate, "severity"), "error");
    EXPECT_EQ(statusValue(*rate, "spec"), (dir / "spec.yaml").string() + ":3");
    EXPECT_EQ(findStatus(window, "robometrics: contract /scan frame_id")->level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(findStatus(window, "robometrics: contract /scan required")->level, msgs::DiagnosticStatus::OK);
    const auto *share = findStatus(window, "robometrics: contract /scan min_valid_share");
    EXPECT_EQ(share->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(statusValue(*share, "measured").rfind("worst second 50 % valid, scans from ", 0), 0u)
        << statusValue(*share, "measured");
    const auto *count = findStatus(window, "robometrics: contract /scan min_messages");
    EXPECT_EQ(count->level, msgs::DiagnosticStatus::WARN);
    EXPECT_NE(statusValue(*count, "measured").find(" of 100000 so far"), std::string::npos);
    const auto *silent = findStatus(window, "robometrics: contract /scan forbid_sensor_silent");
    EXPECT_EQ(silent->level, msgs::DiagnosticStatus::OK) << silent->message;
    EXPECT_EQ(findStatus(window, "robometrics: contract run forbid")->level, msgs::DiagnosticStatus::STALE);
    // Said once at the start, on stderr.
    EXPECT_NE(tool->err().find(": not judged live (the run: section is an evaluation of a whole recording; run "
                               "`robometrics check` on it): run forbid collision;"),
              std::string::npos)
        << tool->err();
    // The summary at the end names the rules that failed, min_messages with the session's count.
    EXPECT_NE(tool->out().find("  /scan: rate_hz 50 ± 10 %: failed in "), std::string::npos) << tool->out();
    EXPECT_NE(tool->out().find("  /scan: min_valid_share 0.6: failed in "), std::string::npos) << tool->out();
    EXPECT_NE(tool->out().find(" messages in the session (error)\n"), std::string::npos) << tool->out();
    EXPECT_NE(tool->out().find("  not judged live (use robometrics check on the recording): run forbid collision\n"),
              std::string::npos)
        << tool->out();
}

TEST(LiveCommands, TopicStatsRefusesABadSpecBeforeJoiningDds) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    const auto dir = scratchDir("live_bad_contract");
    std::ofstream(dir / "spec.yaml") << "topics:\n  /scan:\n    rate_hx: 50\n";
    CommandResult r =
        runRobometrics({"live", "topic-stats", "--spec", (dir / "spec.yaml").string(), "--duration", "5"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err.rfind("robometrics live topic-stats: error: " + (dir / "spec.yaml").string() +
                              ":3: /scan.rate_hx: unknown key",
                          0),
              0u)
        << r.err;
}

TEST(LiveCommands, ListShowsTheRos2TopicsOnTheDomain) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto scan = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    auto plain = peer->createWriter("plain_dds_topic", "PlainType", live::Qos::rosDefault());
    auto stats = peer->createReader("rt/statistics", "statistics_msgs::msg::dds_::MetricsMessage_",
                                    live::Qos::rosDefault(), [](live::Sample &&) {});
    ASSERT_TRUE(scan.ok() && plain.ok() && stats.ok());
    // Discovery is given time to spare: under the sanitizers on a loaded machine it takes seconds.
    CommandResult r = runRobometrics({"live", "list", "--duration", "5", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 2u) << r.out;  // the plain DDS topic is not a ROS 2 topic
    EXPECT_EQ(j[0]["topic"], "/scan");
    EXPECT_EQ(j[0]["type"], "sensor_msgs/msg/LaserScan");
    EXPECT_EQ(j[0]["publishers"], 1);
    EXPECT_EQ(j[1]["topic"], "/statistics");
    EXPECT_EQ(j[1]["type"], "statistics_msgs/msg/MetricsMessage");
    EXPECT_EQ(j[1]["subscribers"], 1);
    CommandResult all = runRobometrics({"live", "list", "--duration", "2", "--all"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_NE(all.out.find("plain_dds_topic [PlainType] (1 publishers, 0 subscribers)"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("/scan [sensor_msgs/msg/LaserScan] (1 publishers, 0 subscribers)"), std::string::npos);
}

TEST(LiveCommands, LocalhostDiscoveryRangeWorksWithoutAProfile) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();  // only `lo` exists here, so even a misconfiguration cannot leak
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto scan = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::sensorData());
    ASSERT_TRUE(scan.ok());
    // The tool configures UDP on 127.0.0.1 with unicast discovery itself, as a ROS 2 node does.
    const std::string profile = std::getenv("FASTRTPS_DEFAULT_PROFILES_FILE");
    unsetenv("FASTRTPS_DEFAULT_PROFILES_FILE");
    setenv("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST", 1);
    auto tool = startRobometrics({"live", "list", "--duration", "2"});
    setenv("FASTRTPS_DEFAULT_PROFILES_FILE", profile.c_str(), 1);
    unsetenv("ROS_AUTOMATIC_DISCOVERY_RANGE");
    ASSERT_EQ(tool->wait(), 0) << tool->err();
    EXPECT_EQ(tool->out(), "/scan [sensor_msgs/msg/LaserScan] (1 publishers, 0 subscribers)\n");
}

TEST(LiveCommands, TraversalWithTheWallClockWritesARowEverySecond) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto csv = scratchDir("traversal_wall") / "wall.csv";
    auto tool = startRobometrics({"live", "traversal", "--wall-clock", "--duration", "2.5", "-o", csv.string()});
    // The live CSV streams: its first row is in the file while the run still goes on (`tail -f`).
    EXPECT_TRUE(waitUntil([&] {
        const std::string text = readFile(csv);
        return std::count(text.begin(), text.end(), '\n') >= 2;  // the header and a row
    })) << tool->err();
    ASSERT_EQ(tool->wait(), 0) << tool->err();
    // No publisher at all: the timer still ticks, as the seed's node does under a real clock.
    std::istringstream lines(readFile(csv));
    std::string line;
    std::vector<std::string> rows;
    while (std::getline(lines, line)) rows.push_back(line);
    ASSERT_EQ(rows.size(), 3u) << readFile(csv);  // header + 2 rows
    const long first = std::stol(rows[1]);
    EXPECT_EQ(std::stol(rows[2]), first + 1);
    EXPECT_NE(rows[1].find(",0,0,0.0,0,inf,0.0,0,0,0,0,Normal operation"), std::string::npos) << rows[1];
}

TEST(LiveCommands, TraversalLiveEqualsOfflineForTheSameBag) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto bag = simulate("office", "4");
    const auto dir = scratchDir("traversal_equal");
    CommandResult off = runRobometrics({"traversal", bag.string(), "-o", (dir / "offline.csv").string(), "--json"});
    ASSERT_EQ(off.exit_code, 0) << off.err;

    auto peer = openPeer();
    ASSERT_TRUE(peer);
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    auto tool = startRobometrics({"live", "traversal", "-o", (dir / "live.csv").string(), "--json", "--reliable",
                                  "--reorder-ms", "50", "--duration", "40"});
    const long played = playBag(*peer, bag, {"/scan", "/imu/data", "/rover/pose_array", "/odometry/wheels"});
    ASSERT_GT(played, 0) << "the tool never subscribed: " << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();

    // About once a second, the traversal's health: OK, with rows, while the bag plays.
    const auto evaluating = producingStatuses(diagnostics.items(), "robometrics: traversal",
                                              "/imu/data,/odometry/wheels,/rover/pose_array,/scan", "rows");
    ASSERT_FALSE(evaluating.empty());
    for (const auto &st : evaluating) {
        const double share = std::stod(statusValue(st, "traversable_share"));
        EXPECT_GE(share, 0.0);
        EXPECT_LE(share, 1.0);
    }

    EXPECT_EQ(readFile(dir / "live.csv"), readFile(dir / "offline.csv"));
    auto live_json = nlohmann::json::parse(tool->out());
    auto off_json = nlohmann::json::parse(off.out);
    live_json.erase("csv");
    off_json.erase("csv");
    // Live adds what it lost: nothing here, and what each input received is what the node read.
    const nlohmann::json lost = live_json["samples_lost"];
    live_json.erase("samples_lost");
    EXPECT_EQ(lost["kernel_datagrams_dropped"], 0);
    EXPECT_EQ(lost["topics"]["/scan"]["lost"], 0);
    EXPECT_EQ(lost["topics"]["/scan"]["received"], live_json["messages"]["scan"]);
    EXPECT_EQ(lost["topics"]["/imu/data"]["received"], live_json["messages"]["imu"]);
    EXPECT_EQ(live_json, off_json);
    EXPECT_EQ(live_json["messages"]["scan"].get<long>() + live_json["messages"]["imu"].get<long>() +
                  live_json["messages"]["pose"].get<long>() + live_json["messages"]["odometry"].get<long>(),
              played);
}

TEST(LiveCommands, TraversalDiagnosticsWarnWithoutInputAndErrOnAnUndecodableOne) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    // Waiting from the start: the /diagnostics writer exists before any input.
    Collector<msgs::DiagnosticArray> diagnostics(*peer, "/diagnostics", live::Qos::rosDefault());
    const auto csv = scratchDir("traversal_diag") / "m.csv";
    auto tool = startRobometrics({"live", "traversal", "--duration", "30", "-o", csv.string()});
    auto statuses = [&] { return statusesNamed(diagnostics.items(), "robometrics: traversal"); };
    // Nothing published: OK while it waits, WARN once the 3 s timeout has passed.
    ASSERT_TRUE(waitUntil([&] { return anyAtLevel(statuses(), msgs::DiagnosticStatus::WARN); })) << tool->err();
    EXPECT_EQ(statuses().front().level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(statuses().front().message, "waiting for input");
    EXPECT_EQ(statuses().back().message.rfind("no input in the ", 0), 0u) << statuses().back().message;
    // A scan it cannot decode ends the run with an error, said on /diagnostics first.
    auto scan = peer->createWriter("rt/scan", "sensor_msgs::msg::dds_::LaserScan_", live::Qos::rosDefault());
    ASSERT_TRUE(scan.ok());
    ASSERT_TRUE(waitUntil([&] { return (*scan)->matched() > 0; })) << tool->err();
    const std::vector<std::uint8_t> damaged = {0, 1, 0, 0, 7, 0};  // the CDR header and two bytes of a LaserScan
    const bool said = waitUntil([&] {
        (void)(*scan)->write(damaged);  // again until heard: the reader is best effort
        return anyAtLevel(statuses(), msgs::DiagnosticStatus::ERROR);
    });
    EXPECT_EQ(tool->wait(), 1) << tool->err();
    ASSERT_TRUE(said) << tool->err();
    const msgs::DiagnosticStatus last = statuses().back();
    EXPECT_EQ(last.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_NE(last.message.find("/scan"), std::string::npos) << last.message;
    EXPECT_NE(tool->err().find("/scan"), std::string::npos) << tool->err();
}

}  // namespace
}  // namespace robometrics::test
