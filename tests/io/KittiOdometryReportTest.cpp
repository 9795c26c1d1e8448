#include "robometrics/io/KittiOdometryReport.hpp"

#include <gtest/gtest.h>

#include "TestSupport.hpp"

using namespace robometrics;

namespace {

slam::KittiEvaluation oneSegment() {
    slam::KittiEvaluation e;
    e.poses = 120;
    e.result.n_segments = 1;
    e.result.t_err_pct = 1.5;
    e.result.r_err_deg_per_m = 0.002;
    e.result.segments.push_back({0, 101, 100.0f, 0.015625f, 0.0f});  // 1/64: exact in float
    for (std::size_t k = 0; k < 8; ++k) e.result.per_length[k].length = 100.0 * static_cast<double>(k + 1);
    e.result.per_length[0] = {100.0, 1, 1.5, 0.002};
    return e;
}

}  // namespace

TEST(KittiOdometryReport, TextHasScoreAndPerLengthTable) {
    const std::string text = io::kittiText(oneSegment());
    EXPECT_EQ(text.rfind("KITTI odometry metric over 120 poses, 1 segments\n"
              "translational error 1.5000 %, rotational error 0.002000 deg/m (0.2000 deg/100 m)\n"
              "  length      n    t_err [%]    r_err [deg/m]\n",
                         0),
              0u)
        << text;
    EXPECT_NE(text.find("   100 m      1       1.5000         0.002000\n"), std::string::npos) << text;
}

TEST(KittiOdometryReport, JsonAndSegmentsCsv) {
    const auto j = io::kittiJson(oneSegment());
    EXPECT_EQ(j["n_poses"], 120);
    EXPECT_EQ(j["per_length"]["100"]["n"], 1);
    EXPECT_EQ(j["per_length"]["800"]["n"], 0);
    const auto dir = robometrics::test::scratchDir("kitti_report") / "out";
    ASSERT_TRUE(io::writeKittiSegments(dir.string(), oneSegment().result).ok());
    EXPECT_EQ(robometrics::test::readFile(dir / "kitti_segments.csv"),
              "first_frame,last_frame,length_m,t_err_pct,r_err_deg_per_m\n0,101,100,1.5625,0\n");
}
