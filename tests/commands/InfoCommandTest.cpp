// robometrics info: exact values on real bags, a truncated file (read up to the cut, or refused
// with --strict), errors and usage.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

nlohmann::json infoJson(const fs::path &bag) {
    CommandResult r = runRobometrics({"info", "--json", bag.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

const nlohmann::json *topic(const nlohmann::json &info, const std::string &name) {
    for (const auto &t : info["topics"])
        if (t["name"] == name) return &t;
    return nullptr;
}

TEST(InfoCommand, SplitSqliteBagJson) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    nlohmann::json info = infoJson(dir);
    EXPECT_EQ(info["path"], dir.string());
    EXPECT_EQ(info["storage"], "sqlite3");
    EXPECT_EQ(info["compression"], "none");
    ASSERT_EQ(info["files"].size(), 5u);
    EXPECT_EQ(info["files"][4], (dir / "wbag_4.db3").string());
    EXPECT_EQ(info["size_bytes"], 4 * 90112 + 77824 + 1690);  // four 88 KiB files, one 76 KiB, metadata.yaml
    EXPECT_EQ(info["start_ns"], 1000);
    EXPECT_EQ(info["end_ns"], 2998);
    EXPECT_DOUBLE_EQ(info["duration_s"].get<double>(), 1998e-9);
    EXPECT_EQ(info["message_count"], 6074);
    ASSERT_EQ(info["topics"].size(), 8u);
    const nlohmann::json *aaa = topic(info, "AAA");
    ASSERT_NE(aaa, nullptr);
    EXPECT_EQ((*aaa)["type"], "std_msgs/msg/String");
    EXPECT_EQ((*aaa)["message_count"], 804);
    // AAA spans 1001..2997 ns: 803 intervals in 1996 ns.
    EXPECT_NEAR((*aaa)["rate_hz"].get<double>(), 803 / 1996e-9, 1e-3);
}

TEST(InfoCommand, EvoSqliteBagHumanAndJson) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    nlohmann::json info = infoJson(dir);
    EXPECT_EQ(info["message_count"], 518);
    EXPECT_EQ(info["start_ns"], 1714741164111822142);
    EXPECT_EQ(info["end_ns"], 1714741215796545476);
    const nlohmann::json *tf = topic(info, "/tf");
    ASSERT_NE(tf, nullptr);
    EXPECT_EQ((*tf)["message_count"], 517);
    // 516 intervals between 1714741164.196592603 and 1714741215.796545476 (51.599952873 s).
    EXPECT_NEAR((*tf)["rate_hz"].get<double>(), 516 / 51.599952873, 1e-9);
    EXPECT_EQ((*topic(info, "/tf_static"))["rate_hz"], 0.0);

    CommandResult human = runRobometrics({"info", dir.string()});
    EXPECT_EQ(human.exit_code, 0) << human.err;
    EXPECT_NE(human.out.find("Storage id:        sqlite3\n"), std::string::npos) << human.out;
    EXPECT_NE(human.out.find("Messages:          518\n"), std::string::npos) << human.out;
    EXPECT_NE(human.out.find("Start:             2024-05-03 12:59:24.111822142 UTC (1714741164.111822142)"),
              std::string::npos)
        << human.out;
    EXPECT_NE(human.out.find("/tf         tf2_msgs/msg/TFMessage       517 msgs      10.000 Hz"), std::string::npos)
        << human.out;
}

TEST(InfoCommand, FileCompressedBagWithoutMetadata) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/file_compression");
    nlohmann::json info = infoJson(dir);
    EXPECT_EQ(info["compression"], "zstd");
    EXPECT_EQ(info["compression_mode"], "FILE");
    EXPECT_EQ(info["size_bytes"], 6576 + 6413 + 6260 + 1895);
    EXPECT_EQ(info["message_count"], 775);
    EXPECT_EQ(info["start_ns"], 1604356909418673946);
    EXPECT_EQ(info["end_ns"], 1604357100419831952);
    EXPECT_EQ((*topic(info, "/topic"))["message_count"], 383);
    EXPECT_EQ((*topic(info, "/rosout"))["message_count"], 392);
    EXPECT_EQ((*topic(info, "/parameter_events"))["message_count"], 0);
}

TEST(InfoCommand, McapFile) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    nlohmann::json info = infoJson(file);
    EXPECT_EQ(info["storage"], "mcap");
    EXPECT_EQ(info["chunk_compression"], nlohmann::json::array({"zstd"}));
    EXPECT_EQ(info["size_bytes"], 505395);
    EXPECT_EQ(info["message_count"], 8197);
    EXPECT_EQ((*topic(info, "/odom"))["message_count"], 2639);
    EXPECT_EQ((*topic(info, "/tf"))["message_count"], 5422);
    EXPECT_EQ((*topic(info, "/amcl_pose"))["type"], "geometry_msgs/msg/PoseWithCovarianceStamped");
    EXPECT_EQ((*topic(info, "/amcl_pose"))["message_count"], 135);
}

TEST(InfoCommand, RecoverListsWhatIsReadableBeforeTheDamage) {
    ROBOMETRICS_REQUIRE_DATA(source, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    fs::path truncated = scratchDir("info-recover") / "cut.mcap";
    {
        std::ifstream in(source, std::ios::binary);
        std::vector<char> bytes(300000);
        in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        std::ofstream(truncated, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    CommandResult strict = runRobometrics({"info", "--strict", truncated.string()});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find(truncated.string() + ": offset 295384: truncated: the file ends inside a Chunk record"),
              std::string::npos)
        << strict.err;

    // Read up to the damage by default (--recover is kept for scripts): the listing, one warning.
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{"info", "--json", truncated.string()},
          std::vector<std::string>{"info", "--recover", "--json", truncated.string()}}) {
        CommandResult r = runRobometrics(args);
        EXPECT_EQ(r.exit_code, 0);
        EXPECT_EQ(
            r.err.rfind("robometrics info: warning: " + truncated.string() + ": the recording ends abruptly at ", 0),
            0u)
            << r.err;
        EXPECT_NE(r.err.find("(the last chunk is cut); 4 180 messages read"), std::string::npos) << r.err;
        const std::string error = nlohmann::json::parse(r.out)["error"];
        EXPECT_EQ(error.rfind(truncated.string() + ": the file ends inside a Chunk", 0), 0u) << error;
    }
    CommandResult r = runRobometrics({"info", "--json", truncated.string()});
    nlohmann::json info = nlohmann::json::parse(r.out);
    EXPECT_EQ(info["complete"], false);
    // The 300000 bytes hold whole chunks with 4180 messages; the chunk at 295384 is cut.
    EXPECT_EQ(info["message_count"], 4180);
    EXPECT_EQ((*topic(info, "/odom"))["message_count"], 1343);
    EXPECT_EQ((*topic(info, "/tf"))["message_count"], 2770);
    EXPECT_EQ((*topic(info, "/tf_static"))["message_count"], 1);
    EXPECT_EQ((*topic(info, "/amcl_pose"))["message_count"], 66);
}

TEST(InfoCommand, InputErrorsExitOneWithTheFileNamed) {
    CommandResult missing = runRobometrics({"info", "/nonexistent/bag"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(missing.err, "robometrics info: error: /nonexistent/bag: no such file or directory\n");

    ROBOMETRICS_REQUIRE_DATA(yaml, "bags/ros2-sqlite3/evo_tf_example/metadata.yaml");
    CommandResult magic = runRobometrics({"info", yaml.string()});
    EXPECT_EQ(magic.exit_code, 1);
    EXPECT_EQ(magic.err, "robometrics info: error: " + yaml.string() +
                             ": offset 0: bad magic (not an MCAP, sqlite3 or zstd file)\n");

    ROBOMETRICS_REQUIRE_DATA(wbag, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    fs::path bag = scratchDir("info-missing-files");
    fs::create_symlink(fs::absolute(wbag) / "metadata.yaml", bag / "metadata.yaml");
    CommandResult listed = runRobometrics({"info", bag.string()});
    EXPECT_EQ(listed.exit_code, 1);
    EXPECT_EQ(listed.err, "robometrics info: error: " + (bag / "metadata.yaml").string() +
                              ": relative_file_paths names 'wbag_0.db3', which exists neither in the bag directory "
                              "nor in its parent\n");
}

TEST(InfoCommand, BadUsageExitsTwo) {
    EXPECT_EQ(runRobometrics({"info"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"info", "a", "b"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"info", "--frobnicate", "x"}).exit_code, 2);
}

// The Humble reindex bag holds MESSAGE-compressed sqlite files and no metadata.yaml: the mode is
// seen in the payloads (zstd frames). With the bag's metadata.yaml beside it, it is read from there.
TEST(InfoCommand, MessageCompressionIsReported) {
    const char *kReindex = "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags";
    ROBOMETRICS_REQUIRE_DATA(reindex, kReindex);
    const fs::path dir = reindex / "message_compression";
    nlohmann::json info = infoJson(dir);
    EXPECT_EQ(info["compression"], "zstd");
    EXPECT_EQ(info["compression_mode"], "MESSAGE");
    EXPECT_EQ(info["message_count"], 1127);
    CommandResult human = runRobometrics({"info", dir.string()});
    EXPECT_NE(human.out.find("Compression:       zstd (per message)\n"), std::string::npos) << human.out;

    // Foxy wrote relative_file_paths that include the folder name; the target metadata says so.
    fs::path with_metadata = scratchDir("info-message-compression") / "message_compression";
    fs::create_directories(with_metadata);
    for (const auto &entry : fs::directory_iterator(dir))
        fs::create_symlink(fs::absolute(entry.path()), with_metadata / entry.path().filename());
    fs::create_symlink(fs::absolute(reindex) / "target_metadata" / "message_compression" / "metadata.yaml",
                       with_metadata / "metadata.yaml");
    CommandResult from_metadata = runRobometrics({"info", with_metadata.string()});
    EXPECT_EQ(from_metadata.exit_code, 0) << from_metadata.err;
    EXPECT_NE(from_metadata.out.find("Compression:       zstd (per message)\n"), std::string::npos)
        << from_metadata.out;

    CommandResult file = runRobometrics({"info", (reindex / "file_compression").string()});
    EXPECT_NE(file.out.find("Compression:       zstd (per file)\n"), std::string::npos) << file.out;
}

// A ROS 1 bag cut inside its bag header: every command that opens a bag names the file and the
// offset (ROS 1 bags are read; docs/bags.md).
TEST(InfoCommand, CutRos1BagIsACleanError) {
    const fs::path bag = scratchDir("info-ros1") / "old.bag";
    std::ofstream(bag, std::ios::binary) << std::string("#ROSBAG V2.0\nE\0\0\0", 18);
    const std::string message =
        bag.string() + ": offset 17: record header of 69 bytes runs past the end of the 18-byte file\n";
    CommandResult info = runRobometrics({"info", bag.string()});
    EXPECT_EQ(info.exit_code, 1);
    EXPECT_EQ(info.err, "robometrics info: error: " + message);
    CommandResult convert = runRobometrics({"convert", bag.string(), (bag.parent_path() / "out.mcap").string()});
    EXPECT_EQ(convert.exit_code, 1);
    EXPECT_EQ(convert.err, "robometrics convert: error: " + message);
    EXPECT_FALSE(fs::exists(bag.parent_path() / "out.mcap"));
    CommandResult evaluate = runRobometrics({"evaluate", bag.string(), "-o", (bag.parent_path() / "eval").string()});
    EXPECT_EQ(evaluate.exit_code, 1);
    EXPECT_EQ(evaluate.err, "robometrics evaluate: error: " + message);
}

}  // namespace
}  // namespace robometrics::test
