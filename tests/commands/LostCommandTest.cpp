#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "OutputRule.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// One simulated kidnapping shared by the tests of this file.
const fs::path &kidnapRun() {
    static const fs::path dir = [] {
        fs::path d = test::scratchDir("lost-kidnap-run");
        auto r = test::runRobometrics(
            {"simulate", "--scenario", "kidnap", "--duration", "60", "--seed", "4", "-o", d.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return d;
    }();
    return dir;
}

nlohmann::json scenario(const fs::path &run) {
    std::ifstream in(run / "scenario.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return nlohmann::json::parse(ss.str());
}

TEST(LostCommand, UsageAndInputErrors) {
    EXPECT_EQ(test::runRobometrics({"lost"}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"lost-train", "x.mcap"}).exit_code, 2);  // --labels is required
    auto missing = test::runRobometrics({"lost", "no-such-bag.mcap"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("no-such-bag.mcap"), std::string::npos);
    auto sigma = test::runRobometrics({"lost", "x.mcap", "-p", "modified_prob_classifier/slice_sigma:=[0.1, 0, 1, 1]"});
    EXPECT_EQ(sigma.exit_code, 1);
    EXPECT_NE(sigma.err.find("slice_sigma"), std::string::npos) << sigma.err;
    const fs::path run = kidnapRun();
    auto topic = test::runRobometrics({"lost", (run / "run.mcap").string(), "--pose-topic", "/laser_amcl_pose"});
    EXPECT_EQ(topic.exit_code, 1);
    EXPECT_NE(topic.err.find("/laser_amcl_pose"), std::string::npos) << topic.err;
    auto labels = test::runRobometrics({"lost", (run / "run.mcap").string(), "--labels", "no-such-labels.csv"});
    EXPECT_EQ(labels.exit_code, 1);
    EXPECT_NE(labels.err.find("no-such-labels.csv"), std::string::npos);
}

TEST(LostCommand, DetectsTheSimulatedKidnappingAndRecovers) {
    const fs::path run = kidnapRun();
    const fs::path out = test::scratchDir("lost-out");
    auto r = test::runRobometrics({"lost", (run / "run.mcap").string(), "--labels", (run / "scenario.json").string(),
                                   "-o", (out / "lost.mcap").string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const nlohmann::json truth = scenario(run);
    std::uint64_t amcl = 0;
    for (const auto &t : truth["topics"])
        if (t["name"] == "/amcl_pose") amcl = t["messages"].get<std::uint64_t>();
    double kidnap_start = 0, kidnap_end = 0;  // seconds after the detector's first reading
    const double offset =
        1e-9 * static_cast<double>(truth["start_time_ns"].get<std::int64_t>() - j["start_time_ns"].get<std::int64_t>());
    for (const auto &e : truth["events"]) {
        if (e["type"] != "kidnap") continue;
        kidnap_start = e["t_start"].get<double>() + offset;
        kidnap_end = e["t_end"].get<double>() + offset;
    }
    ASSERT_LT(kidnap_start, kidnap_end);
    EXPECT_EQ(j["readings"].get<std::uint64_t>(), amcl);
    EXPECT_EQ(j["invalid"], 0);
    // The kidnapping is one episode: it starts inside the kidnap interval (once the spread has
    // grown), reaches "lost", and ends once window_meta_tier0_normal (10) normal readings at 5 Hz
    // follow the relocalization (2 s at 5 Hz, plus the time the reported spread takes to shrink).
    ASSERT_EQ(j["episodes"].size(), 1u);
    const auto &episode = j["episodes"][0];
    EXPECT_EQ(episode["worst"], "lost");
    EXPECT_GT(episode["start_s"].get<double>(), kidnap_start);
    EXPECT_LT(episode["start_s"].get<double>(), kidnap_end);
    EXPECT_GT(episode["end_s"].get<double>(), kidnap_end);
    EXPECT_LT(episode["end_s"].get<double>(), kidnap_end + 5.0);
    // The lost status itself (tier 2) is reached while the robot is still kidnapped.
    bool lost_during_kidnap = false;
    for (const auto &c : j["timeline"]) {
        const double t = c["t_s"].get<double>();
        lost_during_kidnap = lost_during_kidnap || (c["status"] == "lost" && t > kidnap_start && t < kidnap_end);
    }
    EXPECT_TRUE(lost_during_kidnap) << j["timeline"].dump();
    EXPECT_GT(episode["peak_probability"].get<double>(), 0.999);
    EXPECT_EQ(j["timeline"].back()["status"], "normal");
    EXPECT_EQ(j["score"]["intervals"], 1);
    EXPECT_EQ(j["score"]["detected"], 1);
    EXPECT_LT(j["score"]["mean_latency_s"].get<double>(), 5.0);

    auto echo = test::runRobometrics(
        {"echo", (out / "lost.mcap").string(), "--topic", "/lost_detector/status", "--limit", "1", "--json"});
    ASSERT_EQ(echo.exit_code, 0) << echo.err;
    EXPECT_EQ(nlohmann::json::parse(echo.out)["message"]["data"], "normal");
    auto human = test::runRobometrics({"lost", (run / "run.mcap").string()});
    ASSERT_EQ(human.exit_code, 0) << human.err;
    EXPECT_NE(human.out.find("episodes"), std::string::npos) << human.out;
}

TEST(LostCommand, TrainFitsParametersThatLostReadsBack) {
    const fs::path run = kidnapRun();
    const fs::path out = test::scratchDir("lost-train-out");
    auto r = test::runRobometrics({"lost-train", (run / "run.mcap").string(), "--labels",
                                   (run / "scenario.json").string(), "-o", (out / "lost.yaml").string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_GT(j["lost_readings"].get<std::uint64_t>(), 0u);
    EXPECT_GT(j["normal_readings"].get<std::uint64_t>(), j["lost_readings"].get<std::uint64_t>());
    // Lost readings spread more than normal ones, in both features.
    EXPECT_GT(j["slice_mu"][2].get<double>(), j["slice_mu"][0].get<double>());
    EXPECT_GT(j["slice_mu"][3].get<double>(), j["slice_mu"][1].get<double>());
    EXPECT_EQ(j["score_after"]["detected"], 1);
    // Per labelled interval: detected or not, and the scores count valid readings only.
    for (const char *key : {"score_before", "score_after"}) {
        const auto &score = j[key];
        ASSERT_EQ(score["per_interval"].size(), 1u) << score.dump();
        EXPECT_EQ(score["per_interval"][0]["detected"], true);
        EXPECT_GT(score["per_interval"][0]["valid_readings"].get<std::uint64_t>(), 0u);
        EXPECT_LT(score["per_interval"][0]["latency_s"].get<double>(), 5.0);
        EXPECT_EQ(score["valid_readings"].get<std::uint64_t>(),
                  j["normal_readings"].get<std::uint64_t>() + j["lost_readings"].get<std::uint64_t>());
        EXPECT_EQ(score["invalid_readings_not_scored"], 0);
    }
    auto text =
        test::runRobometrics({"lost-train", (run / "run.mcap").string(), "--labels", (run / "scenario.json").string()});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("valid readings (0 invalid not scored)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("detected after"), std::string::npos) << text.out;
    auto again =
        test::runRobometrics({"lost", (run / "run.mcap").string(), "--params", (out / "lost.yaml").string(), "--json"});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_TRUE(again.err.empty()) << again.err;  // every written parameter is known
}

// The one real Nav2 recording: AMCL agrees with TF map->base_link to 0.045 m RMSE, so it is not
// lost; its normal spread (xy 0.18-0.65 m, yaw 0.10-0.55 rad) must not raise any alarm.
TEST(LostCommand, RealNav2AmclRunIsNeverFlagged) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto r = test::runRobometrics({"lost", bag.string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["readings"], 135);
    EXPECT_EQ(j["invalid"], 0);
    EXPECT_EQ(j["status_counts"]["normal"], 135);
    EXPECT_EQ(j["status_counts"]["confused"], 0);
    EXPECT_EQ(j["status_counts"]["lost"], 0);
    EXPECT_TRUE(j["episodes"].empty()) << j["episodes"].dump();
}

TEST(LostCommand, OutputMustBeWhatTheCommandWrites) {
    const fs::path dir = test::scratchDir("lost-ext");
    test::expectOutputRefused({"lost", "no-such-bag", "-o", (dir / "lost.yaml").string()}, dir / "lost.yaml",
                              {".mcap"});
    test::expectOutputRefused(
        {"lost-train", "no-such-bag", "--labels", "labels.csv", "-o", (dir / "fit.mcap").string()}, dir / "fit.mcap",
        {".yaml", ".yml"});
}

}  // namespace
}  // namespace robometrics
