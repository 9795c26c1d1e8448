// `evaluate` of recordings whose recorder died: an MCAP cut in the middle of a chunk, a rosbag2
// .db3 cut short, a ROS 1 bag never closed and cut. What was recorded before the cut is judged,
// the cut is a caveat and a `recording_truncated` anomaly, and --strict refuses the file
// (docs/evaluate.md, Recordings cut short).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

void copyCut(const fs::path &from, const fs::path &to, std::uintmax_t length) {
    const std::string bytes = test::readFile(from);
    ASSERT_LT(length, bytes.size());
    std::ofstream(to, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(length));
}

nlohmann::json summaryOf(const fs::path &out) {
    std::ifstream in(out / "summary.json");
    return nlohmann::json::parse(in);
}

/// Evaluates `cut` (exit 0, the cut raised), then again with --strict (exit 1, "truncated").
nlohmann::json expectJudgedUpToTheCut(const fs::path &cut) {
    const fs::path out = cut.parent_path() / "eval";
    const auto run = test::runRobometrics({"evaluate", cut.string(), "-o", out.string()});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json s = summaryOf(out);
    EXPECT_EQ(s["verdict"], "potential_failure");
    bool raised = false;
    for (const auto &a : s["anomalies"]) {
        if (a["code"] != "recording_truncated") continue;
        raised = true;
        EXPECT_NE(a["message"].get<std::string>().find("ends abruptly"), std::string::npos) << a.dump();
        EXPECT_GT(a["evidence"]["messages_read"].get<double>(), 0);
        EXPECT_TRUE(a["time_s"].is_number());
    }
    EXPECT_TRUE(raised) << s["anomalies"].dump(2);
    EXPECT_TRUE(s.contains("caveats"));
    EXPECT_NE(s.value("caveats", nlohmann::json::array()).dump().find("ends abruptly"), std::string::npos);
    const auto strict = test::runRobometrics({"evaluate", cut.string(), "-o", (out.string() + "-strict"), "--strict"});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find("truncated"), std::string::npos) << strict.err;
    return s;
}

TEST(EvaluateCutShort, AnMcapCutInTheMiddleOfAChunkIsJudgedUpToTheCut) {
    const fs::path dir = test::scratchDir("eval-cut-mcap");
    const auto sim = test::runRobometrics(
        {"simulate", "--scenario", "office", "--duration", "30", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    const fs::path whole = dir / "run" / "run.mcap";
    copyCut(whole, dir / "cut.mcap", fs::file_size(whole) * 6 / 10);
    const nlohmann::json s = expectJudgedUpToTheCut(dir / "cut.mcap");
    // The part before the cut was analysed: the scanner and the odometry, about 60 % of 30 s.
    EXPECT_GT(s["duration_s"].get<double>(), 5.0);
    EXPECT_LT(s["duration_s"].get<double>(), 29.0);
    EXPECT_GT(s["scanners"][0]["scans"].get<int>(), 0);
}

TEST(EvaluateCutShort, ARosbag2Db3CutShortIsJudgedUpToTheCut) {
    ROBOMETRICS_REQUIRE_DATA(wbag, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    const fs::path dir = test::scratchDir("eval-cut-db3");
    copyCut(wbag / "wbag_0.db3", dir / "cut.db3", 86016);
    expectJudgedUpToTheCut(dir / "cut.db3");
}

TEST(EvaluateCutShort, ARos1BagNeverClosedIsJudgedUpToTheCut) {
    // rosbag.js's turtlesim recording in bz2 chunks, cut at 60 %: its index is lost with the end
    // of the file, the chunks before the cut are read.
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example-bz2.bag");
    const fs::path dir = test::scratchDir("eval-cut-ros1");
    copyCut(bag, dir / "cut.bag", fs::file_size(bag) * 6 / 10);
    const nlohmann::json s = expectJudgedUpToTheCut(dir / "cut.bag");
    EXPECT_EQ(s["motion"]["source"], "TF world->turtle1");  // the TF-only track, up to the cut
}

}  // namespace
}  // namespace robometrics
