// robometrics convert: any bag to MCAP. The round trip is checked through the binary: every
// topic of the source echoes exactly like the converted file (times and decoded fields), and
// info agrees on topics, types and counts. Byte-level equality is checked in
// tests/bag/Rosbag2ConvertRoundTripTest.cpp.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <utility>

#include "OutputRule.hpp"
#include "TerminalRun.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

nlohmann::json info(const fs::path &bag) {
    CommandResult r = runRobometrics({"info", "--json", bag.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

// Converts `source` with `compression` and compares every topic's echo output.
void expectSameMessages(const fs::path &source, const std::string &compression, std::uint64_t expected_messages) {
    fs::path out = scratchDir("convert-" + source.filename().string() + "-" + compression) / "out.mcap";
    CommandResult r = runRobometrics({"convert", source.string(), out.string(), "--compression", compression});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "wrote " + std::to_string(expected_messages) + " messages to " + out.string() + " (" +
                         compression + " chunks)\n");
    nlohmann::json a = info(source), b = info(out);
    EXPECT_EQ(b["storage"], "mcap");
    if (compression != "none") {
        EXPECT_EQ(b["chunk_compression"], nlohmann::json::array({compression}));
    }
    EXPECT_EQ(a["message_count"], b["message_count"]);
    EXPECT_EQ(a["start_ns"], b["start_ns"]);
    EXPECT_EQ(a["end_ns"], b["end_ns"]);
    ASSERT_EQ(a["topics"].size(), b["topics"].size());
    for (std::size_t i = 0; i < a["topics"].size(); ++i) {
        const auto &ta = a["topics"][i];
        const auto &tb = b["topics"][i];
        EXPECT_EQ(ta["name"], tb["name"]);
        EXPECT_EQ(ta["type"], tb["type"]);
        EXPECT_EQ(ta["message_count"], tb["message_count"]);
        if (ta["message_count"] == 0) continue;
        std::string topic = ta["name"];
        // The source's echo once per topic, whatever the number of compressions it is written with.
        static std::map<std::pair<std::string, std::string>, CommandResult> source_echoes;
        auto [known, fresh] = source_echoes.try_emplace({source.string(), topic});
        if (fresh) known->second = runRobometrics({"echo", source.string(), "--topic", topic, "--json"});
        const CommandResult &ea = known->second;
        CommandResult eb = runRobometrics({"echo", out.string(), "--topic", topic, "--json"});
        ASSERT_EQ(ea.exit_code, 0) << ea.err;
        ASSERT_EQ(eb.exit_code, 0) << eb.err;
        EXPECT_EQ(ea.out, eb.out) << "topic " << topic;
    }
}

TEST(ConvertCommand, SqliteSplitBagRoundTripsWithEachCompression) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    expectSameMessages(dir, "zstd", 6074);
    expectSameMessages(dir, "lz4", 6074);
    expectSameMessages(dir, "none", 6074);
}

TEST(ConvertCommand, EvoTfSqliteRoundTrips) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    expectSameMessages(dir, "zstd", 518);
}

TEST(ConvertCommand, MessageCompressedBagIsWrittenDecompressed) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/message_compression");
    expectSameMessages(dir, "zstd", 1127);
}

TEST(ConvertCommand, McapToMcapKeepsEverything) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/rosbag2/rosbag2_tests/resources/mcap/cdr_test/cdr_test_0.mcap");
    expectSameMessages(file, "lz4", 7);
}

TEST(ConvertCommand, ErrorsAndUsage) {
    fs::path dir = scratchDir("convert-errors");
    CommandResult missing = runRobometrics({"convert", "/nonexistent", (dir / "x.mcap").string()});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(missing.err, "robometrics convert: error: /nonexistent: no such file or directory\n");
    EXPECT_FALSE(fs::exists(dir / "x.mcap"));

    EXPECT_EQ(runRobometrics({"convert", "in"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"convert", "in", "out.mcap", "--compression", "bz2"}).exit_code, 2);
    expectOutputRefused({"convert", "in", (dir / "out.db3").string()}, dir / "out.db3", {".mcap"});
}

// Ctrl-C partway through a large conversion: the earlier OUT stays byte for byte as it was, and
// neither a partial MCAP nor its temporary is left. The bag is made by the simulator (300 s of the
// terrain scenario, uncompressed: ~70 MB), so convert runs long enough to be caught mid-way.
TEST(ConvertCommand, InterruptedLeavesNoPartialFile) {
    const fs::path dir = scratchDir("convert-interrupted");
    CommandResult sim = runRobometrics({"simulate", "--scenario", "terrain", "--duration", "300", "--compression",
                                        "none", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    const fs::path out_dir = dir / "out", out = out_dir / "converted.mcap";
    fs::create_directories(out_dir);
    {
        std::ofstream earlier(out, std::ios::binary);
        earlier << "an earlier conversion";
    }

    auto convert =
        startRobometrics({"convert", (dir / "run" / "run.mcap").string(), out.string(), "--compression", "none"});
    // Wait until the output, still under its temporary name, holds a few MB: partway through.
    const bool partway = waitUntil(
        [&] {
            for (const auto &entry : fs::directory_iterator(out_dir)) {
                std::error_code ec;
                if (entry.path() != out && fs::file_size(entry.path(), ec) > (4u << 20)) return true;
            }
            return false;
        },
        std::chrono::seconds(20));
    convert->interrupt();
    const int exit_code = convert->wait();
    ASSERT_TRUE(partway) << "the conversion was never seen partway";
    EXPECT_EQ(exit_code, 130) << convert->out() << convert->err();  // died of SIGINT, as a shell reports it
    EXPECT_EQ(convert->err(), "robometrics: interrupted; the unfinished output was removed\n");
    std::vector<fs::path> left;
    for (const auto &entry : fs::directory_iterator(out_dir)) left.push_back(entry.path());
    ASSERT_EQ(left, std::vector<fs::path>{out});
    EXPECT_EQ(readFile(out), "an earlier conversion");

    // Not interrupted, the same command replaces it with a complete MCAP.
    CommandResult done = runRobometrics({"convert", (dir / "run" / "run.mcap").string(), out.string()});
    ASSERT_EQ(done.exit_code, 0) << done.err;
    EXPECT_EQ(runRobometrics({"info", out.string()}).exit_code, 0);
}

// --to ros2: a ROS 1 bag becomes ROS 2 (cdr, ros2msg, pkg/msg/Type) and echoes like the original
// apart from Header.seq, which ROS 2 does not have.
TEST(ConvertCommand, Ros1ToRos2EchoesLikeTheOriginalWithoutSeq) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example.bag");
    const fs::path dir = scratchDir("convert-to-ros2");
    const fs::path out = dir / "out.mcap";
    CommandResult r = runRobometrics({"convert", bag.string(), out.string(), "--to", "ros2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "wrote 8647 messages to " + out.string() + " (zstd chunks)\n");
    EXPECT_EQ(r.err, "");
    nlohmann::json a = info(bag), b = info(out);
    EXPECT_EQ(b["storage"], "mcap");
    ASSERT_EQ(a["topics"].size(), b["topics"].size());
    const std::regex seq("\"seq\":[0-9]+,");
    for (std::size_t i = 0; i < a["topics"].size(); ++i) {
        const std::string topic = a["topics"][i]["name"];
        EXPECT_EQ(b["topics"][i]["type"], a["topics"][i]["type"]) << topic;
        CommandResult ea = runRobometrics({"echo", bag.string(), "--topic", topic, "--json"});
        CommandResult eb = runRobometrics({"echo", out.string(), "--topic", topic, "--json"});
        ASSERT_EQ(eb.exit_code, 0) << eb.err;
        EXPECT_EQ(std::regex_replace(ea.out, seq, ""), eb.out) << topic;
    }
    // A ROS 2 input is converted as with --to same.
    const fs::path again = dir / "again.mcap";
    CommandResult r2 = runRobometrics({"convert", out.string(), again.string(), "--to", "ros2"});
    EXPECT_EQ(r2.exit_code, 0) << r2.err;
    EXPECT_EQ(runRobometrics({"echo", again.string(), "--topic", "/rosout", "--json"}).out,
              runRobometrics({"echo", out.string(), "--topic", "/rosout", "--json"}).out);
    EXPECT_EQ(runRobometrics({"convert", bag.string(), out.string(), "--to", "ros3"}).exit_code, 2);
}

// Topics that cannot be translated are named on stderr with their counts; the others are written
// and the exit status is 3.
TEST(ConvertCommand, Ros1ToRos2ReportsSkippedTopicsWithExitThree) {
    const fs::path dir = scratchDir("convert-to-ros2-skipped");
    const fs::path bag = dir / "mixed.bag";
    {
        auto writer = bag::ros1::Writer::create(bag.string());
        ASSERT_TRUE(writer.ok()) << writer.message();
        const std::uint32_t ok = writer->addConnection("/chatter", "std_msgs/String", "string data\n");
        const std::uint32_t none = writer->addConnection("/nodef", "test_msgs/Thing", "");
        const std::vector<std::uint8_t> hi = {2, 0, 0, 0, 'h', 'i'};
        ASSERT_TRUE(writer->write(ok, 1'000'000'000, hi).ok());
        ASSERT_TRUE(writer->write(none, 1'000'000'001, hi).ok());
        ASSERT_TRUE(writer->write(none, 1'000'000'002, hi).ok());
        ASSERT_TRUE(writer->close().ok());
    }
    const fs::path out = dir / "out.mcap";
    CommandResult r = runRobometrics({"convert", bag.string(), out.string(), "--to", "ros2"});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(r.out, "wrote 1 messages to " + out.string() + " (zstd chunks)\n");
    EXPECT_EQ(r.err,
              "robometrics convert: skipped topic /nodef (test_msgs/msg/Thing): 2 messages: no message_definition "
              "for test_msgs/msg/Thing\n"
              "robometrics convert: 1 topics (2 messages) not translated to ROS 2\n");
    CommandResult echo = runRobometrics({"echo", out.string(), "--topic", "/chatter", "--json"});
    EXPECT_NE(echo.out.find("\"message\":{\"data\":\"hi\"}"), std::string::npos) << echo.out;
}

// A recording cut in the middle of a chunk: converted up to the cut (a whole MCAP that says it
// holds 4180 messages) with one warning, or refused with --strict, which leaves no output.
TEST(ConvertCommand, ACutRecordingIsConvertedUpToTheCutUnlessStrict) {
    ROBOMETRICS_REQUIRE_DATA(source, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    const fs::path dir = scratchDir("convert-cut");
    const fs::path cut = dir / "cut.mcap";
    const std::string bytes = readFile(source);
    std::ofstream(cut, std::ios::binary).write(bytes.data(), 300000);

    CommandResult r = runRobometrics({"convert", cut.string(), (dir / "out.mcap").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("wrote 4180 messages"), std::string::npos) << r.out;
    EXPECT_EQ(r.err.rfind("robometrics convert: warning: " + cut.string() + ": the recording ends abruptly at ", 0), 0u)
        << r.err;
    EXPECT_NE(r.err.find("(the last chunk is cut); 4 180 messages read"), std::string::npos) << r.err;
    CommandResult info = runRobometrics({"info", "--json", "--strict", (dir / "out.mcap").string()});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    EXPECT_EQ(nlohmann::json::parse(info.out)["message_count"], 4180);
    EXPECT_EQ(nlohmann::json::parse(info.out)["complete"], true);

    CommandResult strict = runRobometrics({"convert", "--strict", cut.string(), (dir / "strict.mcap").string()});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find(cut.string() + ": offset 295384: truncated: "), std::string::npos) << strict.err;
    EXPECT_FALSE(fs::exists(dir / "strict.mcap"));
}

TEST(ConvertCommand, ProgressOnlyOnATerminalAndNotWithQuiet) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/evo_tf_example.bag");
    const fs::path dir = scratchDir("convert_progress");
    const std::string out = (dir / "out.mcap").string();
    // On a terminal: the line over the bag's bytes (its size on disk, 33.3 KiB), drawn in place.
    TerminalRun shown = runRobometricsOnTerminal({"convert", bag.string(), out, "--to", "ros2"});
    ASSERT_EQ(shown.exit_code, 0) << shown.output;
    EXPECT_NE(shown.output.find("\r\033[K"), std::string::npos) << shown.output;
    EXPECT_NE(shown.output.find(" / 33.3 KiB "), std::string::npos) << shown.output;
    EXPECT_NE(shown.output.find("ETA"), std::string::npos) << shown.output;
    // --quiet (and -q) on a terminal, and stderr not a terminal: no line at all.
    for (const char *quiet : {"--quiet", "-q"}) {
        TerminalRun silent = runRobometricsOnTerminal({"convert", bag.string(), out, quiet});
        ASSERT_EQ(silent.exit_code, 0) << silent.output;
        EXPECT_EQ(silent.output.find("ETA"), std::string::npos) << silent.output;
        EXPECT_EQ(silent.output.find('\033'), std::string::npos) << silent.output;
    }
    CommandResult piped = runRobometrics({"convert", bag.string(), out});
    ASSERT_EQ(piped.exit_code, 0) << piped.err;
    EXPECT_EQ(piped.err, "");
}

}  // namespace
}  // namespace robometrics::test
