#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/sim/Recorder.hpp"

namespace robometrics::sim {

namespace {

namespace fs = std::filesystem;


Result<RecordResult> recordRun(const std::string &scenario, double duration, std::uint64_t seed, const fs::path &dir,
                               const RunProfile &profile = {}) {
    auto spec = makeScenario(scenario, duration, seed, std::nullopt, profile);
    if (!spec) return spec.error();
    Simulator sim(std::move(spec.value()), seed);
    return record(sim, dir.string());
}

template <class T>
Status decodes(std::span<const std::uint8_t> data) {
    T msg;
    return msgs::decodeCdr(data, msg);
}

const std::map<std::string, std::function<Status(std::span<const std::uint8_t>)>> kDecoders{
    {"sensor_msgs/msg/LaserScan", decodes<msgs::LaserScan>},
    {"sensor_msgs/msg/Imu", decodes<msgs::Imu>},
    {"nav_msgs/msg/Odometry", decodes<msgs::Odometry>},
    {"geometry_msgs/msg/PoseArray", decodes<msgs::PoseArray>},
    {"tf2_msgs/msg/TFMessage", decodes<msgs::TFMessage>},
    {"nav_msgs/msg/OccupancyGrid", decodes<msgs::OccupancyGrid>},
    {"geometry_msgs/msg/PoseWithCovarianceStamped", decodes<msgs::PoseWithCovarianceStamped>},
    {"grid_map_msgs/msg/GridMap", decodes<msgs::GridMap>},
    {"sensor_msgs/msg/PointCloud2", decodes<msgs::PointCloud2>},
    {"geometry_msgs/msg/Twist", decodes<msgs::Twist>},
    {"geometry_msgs/msg/PoseStamped", decodes<msgs::PoseStamped>},
    {"action_msgs/msg/GoalStatusArray", decodes<msgs::GoalStatusArray>},
    {"rosgraph_msgs/msg/Clock", decodes<msgs::Clock>},
};

std::size_t countOf(const std::string &text, const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::vector<SimTopic> topicsOf(const std::string &scenario) {
    return Simulator(makeScenario(scenario, 1, 1).value(), 1).topics();
}

}  // namespace

TEST(Recorder, WritesADecodableBagWithEveryTopicAndTheTruthFiles) {
    const fs::path dir = test::scratchDir("recorder-kidnap");
    auto result = recordRun("kidnap", 8, 2, dir);
    ASSERT_TRUE(result.ok()) << result.message();
    for (const char *name : {"run.mcap", "gt_map.pgm", "gt_map.yaml", "gt_trajectory.tum", "scenario.json"})
        EXPECT_TRUE(fs::exists(dir / name)) << name;

    auto source = bag::openBag((dir / "run.mcap").string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::map<std::string, std::string> types;
    for (const auto &t : (*source)->topics()) types[t.name] = t.type;
    const std::vector<SimTopic> expected_topics = topicsOf("kidnap");
    ASSERT_EQ(types.size(), expected_topics.size());
    for (const SimTopic &t : expected_topics) EXPECT_EQ(types[t.name], t.type) << t.name;
    for (const auto &t : (*source)->topics()) {
        const bool latched = t.name == "/map" || t.name == "/tf_static" || t.name == "/amcl_pose";
        // Integer enums (Humble spelling, OfferedQos.hpp): durability 1 is transient_local.
        EXPECT_EQ(t.offered_qos_profiles.find("durability: 1\n") != std::string::npos, latched) << t.name;
        EXPECT_EQ(t.schema.encoding, "ros2msg");
        EXPECT_FALSE(t.schema.text.empty());
    }

    std::map<std::string, std::uint64_t> counts;
    std::vector<msgs::PoseArray> truth;
    TimeNs previous = 0;
    bag::Message message;
    while (true) {
        auto more = (*source)->next(message);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!*more) break;
        EXPECT_GE(message.log_time, previous);
        previous = message.log_time;
        ++counts[message.topic->name];
        Status status = kDecoders.at(message.topic->type)(message.data);
        ASSERT_TRUE(status.ok()) << message.topic->name << ": " << status.message();
        if (message.topic->name == "/rover/pose_array") {
            auto pa = msgs::decodeCdr<msgs::PoseArray>(message.data);
            ASSERT_TRUE(pa.ok());
            EXPECT_EQ(pa->header.stamp.toNs(), message.log_time);
            truth.push_back(std::move(pa.value()));
        }
    }
    EXPECT_EQ(counts, result->message_counts);
    EXPECT_EQ(counts["/imu/data"], 800u);
    EXPECT_EQ(counts["/scan"], 80u);
    EXPECT_EQ(counts["/rover/pose_array"], 160u);
    EXPECT_EQ(counts["/cmd_vel"], 160u);  // 20 Hz

    // The TUM file is the /rover/pose_array topic, pose for pose.
    auto tum = io::readTrajectoryFile((dir / "gt_trajectory.tum").string());
    ASSERT_TRUE(tum.ok()) << tum.message();
    ASSERT_EQ(tum->size(), truth.size());
    for (std::size_t i = 0; i < truth.size(); ++i) {
        const msgs::Pose &p = truth[i].poses.at(0);
        EXPECT_NEAR(tum->stamps[i], static_cast<double>(truth[i].header.stamp.toNs()) * 1e-9, 1e-6);
        EXPECT_NEAR(tum->positions[i].x(), p.position.x, 1e-9);
        EXPECT_NEAR(tum->positions[i].y(), p.position.y, 1e-9);
        EXPECT_NEAR(std::abs(tum->orientations[i].w()), std::abs(p.orientation.w), 1e-9);
    }
    EXPECT_DOUBLE_EQ(truth.front().poses[0].position.x, 1.5);  // the office start
    EXPECT_DOUBLE_EQ(truth.front().poses[0].position.y, 7.0);

    // The true map reads back as the world the scans were cast in.
    auto gt = io::readMapServerMap((dir / "gt_map.yaml").string());
    ASSERT_TRUE(gt.ok()) << gt.message();
    const msgs::OccupancyGrid expected = makeOfficeWorld().map.toMessage();
    EXPECT_EQ(gt->info.width, expected.info.width);
    EXPECT_EQ(gt->info.height, expected.info.height);
    EXPECT_NEAR(gt->info.origin.position.x, -1.0, 1e-9);
    EXPECT_EQ(gt->data, expected.data);

    std::ifstream json_in(dir / "scenario.json");
    const nlohmann::json report = nlohmann::json::parse(json_in);
    EXPECT_EQ(report["scenario"], "kidnap");
    EXPECT_EQ(report["files"]["bag"], "run.mcap");
    EXPECT_EQ(report["topics"].size(), expected_topics.size());
}

TEST(Recorder, ATurtleBot3BagHasThreeTfPublishersAndDecodes) {
    const fs::path dir = test::scratchDir("recorder-turtlebot3");
    RunProfile profile;
    profile.clock.kind = ClockProfile::Kind::Gazebo;
    profile.recorder = RecorderKind::Batched;
    auto result = recordRun("standstill", 3, 1, dir, profile);
    ASSERT_TRUE(result.ok()) << result.message();
    auto source = bag::openBag((dir / "run.mcap").string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::map<std::string, std::size_t> profiles;
    for (const auto &t : (*source)->topics()) profiles[t.name] = countOf(t.offered_qos_profiles, "history:");
    EXPECT_EQ(profiles.at("/tf"), 3u);       // diff drive, AMCL, robot_state_publisher
    EXPECT_EQ(profiles.at("/cmd_vel"), 2u);  // the controller and the teleop holding still
    EXPECT_EQ(profiles.at("/scan"), 1u);
    EXPECT_EQ(profiles.at("/clock"), 1u);
    bag::Message message;
    std::uint64_t n = 0;
    for (;;) {
        auto more = (*source)->next(message);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!*more) break;
        ++n;
        Status status = kDecoders.at(message.topic->type)(message.data);
        ASSERT_TRUE(status.ok()) << message.topic->name << ": " << status.message();
        EXPECT_EQ(message.log_time % 2'000, 0);  // batched: 50 ms wake-ups, 2 us apart
    }
    std::uint64_t written = 0;
    for (const auto &[topic, count] : result->message_counts) written += count;
    EXPECT_EQ(n, written);
    EXPECT_EQ(result->report["robot"], "turtlebot3");
    EXPECT_EQ(result->report["recorder"], "batched");
    EXPECT_EQ(result->report["clock"]["kind"], "gazebo");
    // Deterministic with every profile too.
    const fs::path again = test::scratchDir("recorder-turtlebot3-again");
    ASSERT_TRUE(recordRun("standstill", 3, 1, again, profile).ok());
    EXPECT_EQ(test::readFile(dir / "run.mcap"), test::readFile(again / "run.mcap"));
}

TEST(Recorder, SameSeedSameBytesDifferentSeedDifferentBytes) {
    const fs::path a = test::scratchDir("recorder-a"), b = test::scratchDir("recorder-b"),
                   c = test::scratchDir("recorder-c");
    ASSERT_TRUE(recordRun("terrain", 3, 9, a).ok());
    ASSERT_TRUE(recordRun("terrain", 3, 9, b).ok());
    ASSERT_TRUE(recordRun("terrain", 3, 10, c).ok());
    for (const char *name : {"run.mcap", "gt_map.pgm", "gt_map.yaml", "gt_trajectory.tum", "scenario.json"}) {
        EXPECT_EQ(test::readFile(a / name), test::readFile(b / name)) << name;
    }
    EXPECT_NE(test::readFile(a / "run.mcap"), test::readFile(c / "run.mcap"));
    EXPECT_NE(test::readFile(a / "scenario.json"), test::readFile(c / "scenario.json"));  // the seed is recorded
}

TEST(Recorder, UnwritableOutputIsAnErrorNamingThePath) {
    const fs::path dir = test::scratchDir("recorder-bad");
    std::ofstream(dir / "file") << "x";
    auto result = recordRun("office", 1, 1, dir / "file" / "sub");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.message().find("file/sub"), std::string::npos) << result.message();
}

}  // namespace robometrics::sim
