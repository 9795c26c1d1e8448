#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// One simulated office run (60 s) shared by the tests: bag, true map and true trajectory. (A
// shorter run drives only along the corridor: collinear positions leave SE(3) Umeyama undetermined.)
const fs::path &officeRun() {
    static const fs::path dir = [] {
        const fs::path d = test::scratchDir("slam-eval-office");
        auto r = test::runRobometrics({"simulate", "--scenario", "office", "--duration", "60", "-o", d.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return d;
    }();
    return dir;
}

std::vector<std::string> baseArgs(const fs::path &dir) {
    return {"slam-eval", (dir / "run.mcap").string(),    "--gt-traj",    (dir / "gt_trajectory.tum").string(),
            "--gt-map",  (dir / "gt_map.yaml").string(), "--odom-topic", "/odometry/wheels",
            "--json"};
}

nlohmann::json run(std::vector<std::string> args) {
    auto r = test::runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

TEST(SlamEvalCommand, SimulatedOfficeRunIsHealthy) {
    const auto j = run(baseArgs(officeRun()));
    ASSERT_TRUE(j.contains("verdict"));
    // 60 s of wheel odometry at 50 Hz and scans at 10 Hz.
    EXPECT_EQ(j["odometry_messages"], 3000);
    EXPECT_EQ(j["scan_messages"], 600);
    // The estimate (map -> odom -> base_link) wanders about 4 cm around the truth.
    ASSERT_TRUE(j["ate"].is_object()) << j.dump();
    EXPECT_EQ(j["ate"]["align"], "se3");
    EXPECT_LT(j["ate"]["rmse"].get<double>(), 0.15);
    EXPECT_EQ(j["ate"]["n"], 1200);  // every truth pose (20 Hz) finds a TF pose (50 Hz)
    EXPECT_TRUE(j["ate_origin"].is_object());
    EXPECT_TRUE(j["rpe"].is_object());
    // Cruise 0.5 m/s with turns and a 5 s stop: 15..30 m of odometry, never near 1.5 m/s.
    EXPECT_GT(j["path_length_m"].get<double>(), 15.0);
    EXPECT_LT(j["path_length_m"].get<double>(), 30.0);
    EXPECT_LT(j["max_speed_mps"].get<double>(), 1.0);
    EXPECT_DOUBLE_EQ(j["drift_per_m"].get<double>(), j["ate"]["rmse"].get<double>() / j["path_length_m"].get<double>());
    // Movement starts within the first second; the run ends at 60 s.
    EXPECT_LT(j["movement_start_s"].get<double>(), 1.0);
    EXPECT_NEAR(j["duration_s"].get<double>() + j["movement_start_s"].get<double>(), 60.0, 0.1);
    ASSERT_TRUE(j["map"].is_object());
    EXPECT_EQ(j["map"]["accessible_seed"], "start");
    EXPECT_GT(j["map"]["coverage"].get<double>(), 0.0);
    EXPECT_LE(j["map"]["coverage"].get<double>(), 1.0);
    EXPECT_GE(j["map"]["accessible_coverage"].get<double>(), j["map"]["coverage"].get<double>());
    EXPECT_EQ(j["anomalies"].size(), 0u) << j["anomalies"].dump();
    EXPECT_EQ(j["verdict"], "ok");
}

TEST(SlamEvalCommand, ThresholdsAreParametersAndAnomaliesCarryValues) {
    auto args = baseArgs(officeRun());
    for (const char *a : {"--max-ate", "0.0001", "--min-path", "1000", "--max-speed", "0.01"}) args.push_back(a);
    const auto j = run(args);
    ASSERT_EQ(j["anomalies"].size(), 3u) << j.dump();
    EXPECT_EQ(j["anomalies"][0]["code"], "stuck");
    EXPECT_DOUBLE_EQ(j["anomalies"][0]["value"].get<double>(), j["path_length_m"].get<double>());
    EXPECT_EQ(j["anomalies"][0]["threshold"], 1000.0);
    EXPECT_EQ(j["anomalies"][1]["code"], "teleport");
    EXPECT_DOUBLE_EQ(j["anomalies"][1]["value"].get<double>(), j["max_speed_mps"].get<double>());
    EXPECT_EQ(j["anomalies"][2]["code"], "drift");
    EXPECT_DOUBLE_EQ(j["anomalies"][2]["value"].get<double>(), j["ate"]["rmse"].get<double>());
    EXPECT_EQ(j["verdict"], "potential_failure");
    EXPECT_EQ(j["thresholds"]["max_ate_m"], 0.0001);
}

TEST(SlamEvalCommand, MissingTopicsAreReportedNotFatal) {
    const fs::path &dir = officeRun();
    const std::vector<std::string> args = {"slam-eval",    (dir / "run.mcap").string(),
                                           "--gt-traj",    (dir / "gt_trajectory.tum").string(),
                                           "--gt-map",     (dir / "gt_map.yaml").string(),
                                           "--odom-topic", "/nothing/odom",
                                           "--scan-topic", "/nothing",
                                           "--map-topic",  "/nomap",
                                           "--json"};
    const auto j = run(args);
    ASSERT_TRUE(j.contains("anomalies"));
    ASSERT_EQ(j["anomalies"].size(), 2u) << j["anomalies"].dump();
    EXPECT_EQ(j["anomalies"][0]["code"], "no_odometry");
    EXPECT_EQ(j["anomalies"][1]["code"], "no_scan");
    EXPECT_TRUE(j["map"].is_null());
    EXPECT_NE(j["map_error"].get<std::string>().find("no topic /nomap"), std::string::npos);
    EXPECT_EQ(j["verdict"], "potential_failure");
}

TEST(SlamEvalCommand, InputErrorsAndUsage) {
    auto missing = test::runRobometrics({"slam-eval", "/no/such/run.mcap", "--gt-traj", "/no/such/gt.tum"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("/no/such/run.mcap"), std::string::npos) << missing.err;
    EXPECT_EQ(test::runRobometrics({"slam-eval", "/no/such/run.mcap"}).exit_code, 2);
}

}  // namespace
}  // namespace robometrics
