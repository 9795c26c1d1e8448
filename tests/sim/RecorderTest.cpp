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

std::string slurp(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Result<RecordResult> recordRun(const std::string &scenario, double duration, std::uint64_t seed, const fs::path &dir) {
    auto spec = makeScenario(scenario, duration, seed);
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
};

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
    ASSERT_EQ(types.size(), simTopics().size());
    for (const SimTopic &t : simTopics()) EXPECT_EQ(types[t.name], t.type) << t.name;
    for (const auto &t : (*source)->topics()) {
        const bool latched = t.name == "/map" || t.name == "/tf_static" || t.name == "/amcl_pose";
        EXPECT_EQ(t.offered_qos_profiles.find("transient_local") != std::string::npos, latched) << t.name;
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
    EXPECT_EQ(report["topics"].size(), simTopics().size());
}

TEST(Recorder, SameSeedSameBytesDifferentSeedDifferentBytes) {
    const fs::path a = test::scratchDir("recorder-a"), b = test::scratchDir("recorder-b"),
                   c = test::scratchDir("recorder-c");
    ASSERT_TRUE(recordRun("terrain", 3, 9, a).ok());
    ASSERT_TRUE(recordRun("terrain", 3, 9, b).ok());
    ASSERT_TRUE(recordRun("terrain", 3, 10, c).ok());
    for (const char *name : {"run.mcap", "gt_map.pgm", "gt_map.yaml", "gt_trajectory.tum", "scenario.json"}) {
        EXPECT_EQ(slurp(a / name), slurp(b / name)) << name;
    }
    EXPECT_NE(slurp(a / "run.mcap"), slurp(c / "run.mcap"));
    EXPECT_NE(slurp(a / "scenario.json"), slurp(c / "scenario.json"));  // the seed is recorded
}

TEST(Recorder, UnwritableOutputIsAnErrorNamingThePath) {
    const fs::path dir = test::scratchDir("recorder-bad");
    std::ofstream(dir / "file") << "x";
    auto result = recordRun("office", 1, 1, dir / "file" / "sub");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.message().find("file/sub"), std::string::npos) << result.message();
}

}  // namespace robometrics::sim
