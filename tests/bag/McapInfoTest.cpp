// readMcapInfo: the overview `robometrics info` prints, from the summary or from a scan, and the
// recover mode on damaged files.

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/mcap/McapInfo.hpp"

namespace robometrics::bag::mcap {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::uint64_t> counts(const McapFileInfo &info) {
    std::map<std::string, std::uint64_t> out;
    for (const auto &c : info.channels) out[c.topic] += c.message_count;
    return out;
}

const std::map<std::string, std::uint64_t> kNav2 = {
    {"/amcl_pose", 135}, {"/odom", 2639}, {"/tf", 5422}, {"/tf_static", 1}};

TEST(McapInfo, ZstdSampleFromTheSummary) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto info = readMcapInfo(p.string());
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_TRUE(info->indexed);
    EXPECT_EQ(info->size_bytes, 505395u);
    EXPECT_EQ(info->profile, "ros2");
    EXPECT_EQ(info->library, "mcap go v1.8.0; libmcap 1.4.0");
    EXPECT_EQ(info->compressions, std::vector<std::string>{"zstd"});
    EXPECT_EQ(info->chunk_count, 1u);
    EXPECT_EQ(info->message_count, 8197u);
    EXPECT_EQ(counts(*info), kNav2);
    std::vector<std::uint16_t> ids;
    for (const auto &c : info->channels) ids.push_back(c.id);
    EXPECT_EQ(ids, (std::vector<std::uint16_t>{6, 9, 13, 24}));
    EXPECT_LT(info->start_time, info->end_time);
    EXPECT_TRUE(info->error.empty());
}

TEST(McapInfo, Lz4SampleCountsItsChunks) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    auto info = readMcapInfo(p.string());
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->compressions, std::vector<std::string>{"lz4"});
    EXPECT_EQ(info->chunk_count, 45u);
    EXPECT_EQ(counts(*info), kNav2);
    EXPECT_EQ(info->channels.front().id, 0);  // channel id 0 is valid
}

TEST(McapInfo, Rosbag2MetadataRecordIsExposed) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    auto info = readMcapInfo(p.string());
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->library, "libmcap 0.8.0");
    EXPECT_EQ(info->compressions, std::vector<std::string>{""});
    EXPECT_EQ(info->chunk_count, 2u);
    ASSERT_FALSE(info->metadata.empty());
    EXPECT_EQ(info->metadata[0].name, "rosbag2");
    EXPECT_EQ(info->metadata[0].metadata.at("ROS_DISTRO"), "humble");
    EXPECT_EQ(counts(*info).at("/rosout"), 117u);
    EXPECT_EQ(counts(*info).at("/joint_state"), 15u);
}

TEST(McapInfo, RecoverListsWhatIsReadableBeforeTheDamage) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    std::ifstream in(p, std::ios::binary);
    std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    const fs::path cut = test::scratchDir("mcap_info_recover") / "cut.mcap";
    {
        std::ofstream out(cut, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
    }
    EXPECT_FALSE(readMcapInfo(cut.string()).ok());
    auto info = readMcapInfo(cut.string(), true);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_FALSE(info->indexed);
    EXPECT_NE(info->error.find("cut.mcap: offset "), std::string::npos) << info->error;
    EXPECT_EQ(info->library, "@mcap/core 2.2.2 (lz4 re-chunk of MichaelGrupp/evo test/data/nav2_turtlebot.mcap)");
    EXPECT_EQ(info->profile, "ros2");
    EXPECT_GT(info->chunk_count, 15u);
    EXPECT_LT(info->chunk_count, 30u);
    EXPECT_GT(info->message_count, 3000u);
    EXPECT_LT(info->message_count, 8197u);
    EXPECT_EQ(counts(*info).size(), 4u);
}

// Truncates and flips bytes of a real bag at many offsets: every outcome is a value, never a crash.
TEST(McapInfo, MutationsOfARealBagNeverCrash) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    std::ifstream in(p, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    const fs::path dir = test::scratchDir("mcap_mutations");
    const fs::path path = dir / "m.mcap";
    int errors = 0, runs = 0;
    for (std::size_t i = 0; i < bytes.size(); i += 4099) {
        for (int flip = 0; flip < 2; ++flip) {
            std::vector<char> copy(bytes.begin(), flip ? bytes.end() : bytes.begin() + static_cast<long>(i));
            if (flip) copy[i] = static_cast<char>(copy[i] ^ 0x21);
            {
                std::ofstream out(path, std::ios::binary | std::ios::trunc);
                out.write(copy.data(), static_cast<std::streamsize>(copy.size()));
            }
            ++runs;
            auto source = openMcap(path.string());
            Status status;
            if (source.ok()) {
                Message m;
                for (;;) {
                    auto more = (*source)->next(m);
                    if (!more) status = more.error();
                    if (!more || !more.value()) break;
                }
            } else {
                status = source.error();
            }
            if (!status.ok()) {
                ++errors;
                EXPECT_NE(status.message().find("m.mcap"), std::string::npos) << status.message();
            }
            auto info = readMcapInfo(path.string(), true);
            if (info.ok() && !info->error.empty()) {
                EXPECT_NE(info->error.find("m.mcap: offset "), std::string::npos) << info->error;
            }
        }
    }
    EXPECT_EQ(runs, 2 * static_cast<int>((bytes.size() + 4098) / 4099));
    // Every truncation is caught (no Footer); flips in compressed data are caught by lz4's checksum.
    EXPECT_GT(errors, runs / 2);
}

}  // namespace
}  // namespace robometrics::bag::mcap
