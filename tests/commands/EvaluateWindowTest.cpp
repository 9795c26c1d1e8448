// `evaluate --start/--end`: a window of a simulated run judged alone gives exactly the anomalies
// of the whole run that lie inside it, at the same times; bad windows are bad usage.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

/// One scratch folder per test process (scratchDir empties it: made once).
const std::filesystem::path &windowScratch() {
    static const std::filesystem::path dir = test::scratchDir("eval-window");
    return dir;
}

/// The kidnap run (90 s, seed 1): a collision 28.7-31.95 s, the kidnapping at 40.5 s
/// (pose_jump), lost localization from about 44 s to the relocalization at 50.5 s.
const std::filesystem::path &windowedKidnapRun() {
    static const std::filesystem::path run = [] {
        const auto dir = windowScratch() / "run";
        const auto sim = test::runRobometrics({"simulate", "--scenario", "kidnap", "-o", dir.string()});
        EXPECT_EQ(sim.exit_code, 0) << sim.err;
        return dir;
    }();
    return run;
}

nlohmann::json evaluateKidnapWindow(const std::string &name, std::vector<std::string> window) {
    const auto out = windowScratch() / name;
    std::vector<std::string> args{"evaluate", windowedKidnapRun().string(), "-o", out.string()};
    args.insert(args.end(), window.begin(), window.end());
    const auto eval = test::runRobometrics(args);
    EXPECT_EQ(eval.exit_code, 0) << eval.err;
    return test::readJson(out / "summary.json");
}

/// The anomalies of events, as "code@time_s" to the millisecond, inside [from, to]. Not `drift`:
/// its time is that of the largest error after aligning the trajectories, a figure of whatever
/// stretch was evaluated (docs/evaluate.md, A window of a long run).
std::vector<std::string> windowAnomalies(const nlohmann::json &summary, double from, double to) {
    std::vector<std::string> out;
    for (const auto &a : summary["anomalies"]) {
        if (a["time_s"].is_null() || a["code"] == "drift") continue;
        const double t = a["time_s"].get<double>();
        if (t >= from && t <= to) out.push_back(fmt::format("{}@{:.3f}", a["code"].get<std::string>(), t));
    }
    return out;
}

}  // namespace

TEST(EvaluateWindow, GivesTheWholeRunsAnomaliesInsideTheWindowAtTheSameTimes) {
    const nlohmann::json whole = evaluateKidnapWindow("whole", {});
    const std::vector<std::string> all = windowAnomalies(whole, 0, 1e9);
    // The kidnapping (pose_jump at 40.5 s, localization_lost about 44 s) and the collision.
    ASSERT_GE(all.size(), 3u) << whole["anomalies"].dump(2);

    const nlohmann::json late = evaluateKidnapWindow("late", {"--start", "35", "--end", "60"});
    EXPECT_EQ(windowAnomalies(late, 0, 1e9), windowAnomalies(whole, 35, 60)) << late["anomalies"].dump(2);
    std::size_t jumps = 0;
    for (const std::string &a : windowAnomalies(late, 0, 1e9)) jumps += a == "pose_jump@41.000";  // the first ground-truth sample after the teleport
    EXPECT_EQ(jumps, 1u);
    ASSERT_TRUE(late.contains("window"));
    EXPECT_DOUBLE_EQ(late["window"]["start_s"].get<double>(), 35.0);
    EXPECT_DOUBLE_EQ(late["window"]["end_s"].get<double>(), 60.0);
    EXPECT_GE(late["window"]["first_message_s"].get<double>(), 35.0);
    EXPECT_LE(late["window"]["last_message_s"].get<double>(), 60.0 + 1e-9);
    EXPECT_EQ(late["window"]["origin_ns"], whole["start_ns"]);
    EXPECT_LE(late["duration_s"].get<double>(), 25.0);

    // The collision alone, the window given in absolute log time.
    const double origin_s = whole["start_ns"].get<double>() * 1e-9;
    const nlohmann::json early = evaluateKidnapWindow(
        "early", {"--start", fmt::format("{:.3f}", origin_s + 20), "--end", fmt::format("{:.3f}", origin_s + 36)});
    const std::vector<std::string> collision = windowAnomalies(early, 0, 1e9);
    EXPECT_EQ(collision, windowAnomalies(whole, 20, 36)) << early["anomalies"].dump(2);
    ASSERT_EQ(collision.size(), 1u);
    EXPECT_TRUE(collision[0].starts_with("collision@")) << collision[0];
}

TEST(EvaluateWindow, ABadWindowIsBadUsageNamingIt) {
    const auto out = windowScratch() / "bad";
    auto run = [&](std::vector<std::string> window) {
        std::vector<std::string> args{"evaluate", windowedKidnapRun().string(), "-o", out.string()};
        args.insert(args.end(), window.begin(), window.end());
        return test::runRobometrics(args);
    };
    auto after = run({"--start", "200"});
    EXPECT_EQ(after.exit_code, 2) << after.err;
    EXPECT_NE(after.err.find("no message in the window 200.000-end s after the first message"), std::string::npos)
        << after.err;
    auto word = run({"--end", "soon"});
    EXPECT_EQ(word.exit_code, 2);
    EXPECT_NE(word.err.find("--end 'soon'"), std::string::npos) << word.err;
    auto reversed = run({"--start", "20", "--end", "10"});
    EXPECT_EQ(reversed.exit_code, 2);
    EXPECT_NE(reversed.err.find("not after its start"), std::string::npos) << reversed.err;
    auto before = run({"--end", "1000000000"});
    EXPECT_EQ(before.exit_code, 2);
    EXPECT_NE(before.err.find("before the recording's first message"), std::string::npos) << before.err;
    EXPECT_FALSE(std::filesystem::exists(out / "summary.json"));
}

}  // namespace robometrics
