#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::runRobometrics;

/// 251 KITTI poses along x, `step` metres apart, identity rotation.
std::string kittiLine(const std::filesystem::path &dir, const std::string &name, double step) {
    std::string path = (dir / name).string();
    std::ofstream out(path);
    for (int i = 0; i <= 250; ++i) out << "1 0 0 " << step * i << " 0 1 0 0 0 0 1 0\n";
    return path;
}

TEST(KittiCommand, ScaleDriftOnAStraightLine) {
    auto dir = test::scratchDir("kitti_line");
    auto gt = kittiLine(dir, "gt.txt", 1.0), est = kittiLine(dir, "est.txt", 1.01);
    auto r = runRobometrics({"kitti", gt, est, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    // 15 segments of 100 m (error 1.01 m) and 5 of 200 m (2.01 m).
    EXPECT_EQ(j["n_segments"], 20);
    EXPECT_NEAR(j["t_err_pct"].get<double>(), (15 * 1.01 + 5 * 1.005) / 20, 1e-5);
    EXPECT_NEAR(j["r_err_deg_per_m"].get<double>(), 0.0, 1e-9);
    EXPECT_EQ(j["per_length"]["100"]["n"], 15);
    EXPECT_NEAR(j["per_length"]["200"]["t_err_pct"].get<double>(), 1.005, 1e-5);
    EXPECT_EQ(j["per_length"]["800"]["n"], 0);
    auto out = dir / "out";
    ASSERT_EQ(runRobometrics({"kitti", gt, est, "-o", out.string()}).exit_code, 0);
    std::ifstream csv(out / "kitti_segments.csv");
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "first_frame,last_frame,length_m,t_err_pct,r_err_deg_per_m");
    std::getline(csv, line);
    EXPECT_EQ(line.rfind("0,101,100,", 0), 0u) << line;
}

TEST(KittiCommand, TooShortOrMismatched) {
    auto dir = test::scratchDir("kitti_short");
    auto gt = kittiLine(dir, "gt.txt", 0.1);
    auto r = runRobometrics({"kitti", gt, gt});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("no KITTI segment"), std::string::npos) << r.err;
    std::ofstream(dir / "short.txt") << "1 0 0 0 0 1 0 0 0 0 1 0\n";
    auto m = runRobometrics({"kitti", gt, (dir / "short.txt").string()});
    EXPECT_EQ(m.exit_code, 1);
    EXPECT_NE(m.err.find("the reference has 251, the estimate 1"), std::string::npos) << m.err;
}

TEST(KittiCommand, Sequence00MatchesPublishedOrbSlam2Figures) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/KITTI_00_gt.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/KITTI_00_ORB.txt");
    auto r = runRobometrics({"kitti", gt.string(), orb.string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    // ORB-SLAM2 stereo on KITTI 00 (Mur-Artal & Tardos 2017, Table II): t_rel 0.70 %, r_rel 0.25 deg/100 m.
    EXPECT_NEAR(j["t_err_pct"].get<double>(), 0.70, 0.005);
    EXPECT_NEAR(j["r_err_deg_per_m"].get<double>() * 100, 0.25, 0.005);
    // 455 start frames (every 10th of 4541); a length counts where the ground truth still reaches it.
    EXPECT_EQ(j["n_segments"], 3283);
    EXPECT_EQ(j["per_length"]["100"]["n"], 445);
}

}  // namespace
}  // namespace robometrics
