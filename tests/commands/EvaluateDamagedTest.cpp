// `evaluate` and `info` of a simulated run with one chunk damaged in the middle: the chunk is
// skipped and the rest read (docs/bags.md, Damage in the middle). `evaluate` gives the intact
// run's verdict plus a `recording_damaged` anomaly that leaves the verdict alone, lists the span in
// summary.json, and judges no silence, drop or stop over it; `info` lists the span (text and
// JSON); `--strict` refuses the file.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "JsonFiles.hpp"
#include "McapChunks.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

std::multiset<std::string> codesInSummary(const nlohmann::json &summary) {
    std::multiset<std::string> codes;
    for (const auto &a : summary["anomalies"]) codes.insert(a["code"].get<std::string>());
    return codes;
}

class EvaluateDamaged : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new fs::path(test::scratchDir("eval-damaged"));
        const auto sim = test::runRobometrics(
            {"simulate", "--scenario", "office", "--duration", "30", "-o", (*dir_ / "run").string()});
        ASSERT_EQ(sim.exit_code, 0) << sim.err;
        const fs::path whole = *dir_ / "run" / "run.mcap";
        const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
        ASSERT_GE(chunks.size(), 4u);
        // One bit flipped in the records of a chunk in the middle of the run.
        const test::McapChunk &middle = chunks[chunks.size() / 2];
        lost_messages_ = middle.messages;
        std::string bytes = test::readFile(whole);
        bytes[(middle.offset + middle.end * 3) / 4] ^= 0x08;
        std::ofstream(*dir_ / "damaged.mcap", std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    static void TearDownTestSuite() { delete dir_; }

    static fs::path *dir_;
    static int lost_messages_;
};

fs::path *EvaluateDamaged::dir_ = nullptr;
int EvaluateDamaged::lost_messages_ = 0;

TEST_F(EvaluateDamaged, GivesTheIntactVerdictPlusRecordingDamaged) {
    const auto intact = test::runRobometrics(
        {"evaluate", (*dir_ / "run" / "run.mcap").string(), "-o", (*dir_ / "eval-intact").string()});
    ASSERT_EQ(intact.exit_code, 0) << intact.err;
    const auto damaged =
        test::runRobometrics({"evaluate", (*dir_ / "damaged.mcap").string(), "-o", (*dir_ / "eval-damaged").string()});
    ASSERT_EQ(damaged.exit_code, 0) << damaged.err;
    const nlohmann::json whole = test::readJson(*dir_ / "eval-intact" / "summary.json");
    const nlohmann::json s = test::readJson(*dir_ / "eval-damaged" / "summary.json");
    EXPECT_EQ(s["verdict"], whole["verdict"]);
    // The intact run's anomalies, and one recording_damaged: no drop, silence or stop from the gap.
    std::multiset<std::string> expected = codesInSummary(whole);
    expected.insert("recording_damaged");
    EXPECT_EQ(codesInSummary(s), expected) << s["anomalies"].dump(2);
    for (const auto &a : s["anomalies"]) {
        if (a["code"] != "recording_damaged") continue;
        EXPECT_EQ(a["affects_verdict"], false);
        EXPECT_TRUE(a["time_s"].is_number());
        EXPECT_TRUE(a["end_time_s"].is_number());
        EXPECT_EQ(a["evidence"]["messages_lost"].get<double>(), lost_messages_);
    }
    ASSERT_TRUE(s.contains("lost_spans"));
    ASSERT_EQ(s["lost_spans"].size(), 1u);
    EXPECT_EQ(s["lost_spans"][0]["messages"], lost_messages_);
    EXPECT_LT(s["lost_spans"][0]["start_s"].get<double>(), s["lost_spans"][0]["end_s"].get<double>());
    EXPECT_NEAR(s["duration_s"].get<double>(), whole["duration_s"].get<double>(), 1e-6);
    // The report's header says it, as noted and not as a reason for the verdict.
    const std::string html = test::readFile(*dir_ / "eval-damaged" / "report.html");
    EXPECT_NE(html.find("noted, does not affect the verdict: recording_damaged: "), std::string::npos);

    const auto strict = test::runRobometrics(
        {"evaluate", (*dir_ / "damaged.mcap").string(), "-o", (*dir_ / "eval-strict").string(), "--strict"});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find("damaged.mcap"), std::string::npos) << strict.err;
}

TEST_F(EvaluateDamaged, InfoListsTheLostSpan) {
    const auto text = test::runRobometrics({"info", (*dir_ / "damaged.mcap").string()});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("Lost (skipped):"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("Stopped early:"), std::string::npos) << text.out;
    const auto json = test::runRobometrics({"info", (*dir_ / "damaged.mcap").string(), "--json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const nlohmann::json info = nlohmann::json::parse(json.out);
    const auto intact = test::runRobometrics({"info", (*dir_ / "run" / "run.mcap").string(), "--json"});
    const nlohmann::json whole = nlohmann::json::parse(intact.out);
    ASSERT_EQ(info["lost_spans"].size(), 1u);
    EXPECT_EQ(info["lost_spans"][0]["messages"], lost_messages_);
    EXPECT_EQ(info["message_count"].get<int>(), whole["message_count"].get<int>() - lost_messages_);
    EXPECT_FALSE(info.contains("error"));
    const auto strict = test::runRobometrics({"info", (*dir_ / "damaged.mcap").string(), "--strict"});
    EXPECT_EQ(strict.exit_code, 1);
}

}  // namespace
}  // namespace robometrics
