#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.hpp"
#include "robometrics/toolbox/TrajectoryOverlayPlot.hpp"

namespace robometrics::toolbox {
namespace {

slam::Trajectory line(double t0, double y) {
    slam::Trajectory t;
    for (int i = 0; i <= 4; ++i) {
        t.add(t0 + i, {static_cast<double>(i), y, 0},
              Eigen::Quaterniond(Eigen::AngleAxisd(0.1 * i, Eigen::Vector3d::UnitZ())));
    }
    return t;
}

TEST(TrajectoryOverlayPlot, NinePlotsWithEveryTrajectoryLabelled) {
    const std::vector<NamedTrajectory> all = {{"gt", line(100, 0)}, {"odom", line(102, 1)}};
    const auto plots = trajectoryOverlayPlots(all, 0);
    std::vector<std::string> stems;
    for (const auto &p : plots) stems.push_back(p.stem);
    EXPECT_EQ(stems, (std::vector<std::string>{"traj_xy", "traj_xz", "traj_yz", "traj_x", "traj_y", "traj_z",
                                               "traj_roll", "traj_pitch", "traj_yaw"}));
    for (const auto &p : plots) {
        EXPECT_NE(p.svg.find(">gt</text>"), std::string::npos) << p.stem;
        EXPECT_NE(p.svg.find(">odom</text>"), std::string::npos) << p.stem;
        EXPECT_NE(p.svg.find("stroke=\"#888888\" stroke-width=\"1.6\" stroke-dasharray"), std::string::npos)
            << p.stem << ": the reference is dashed grey";
    }
    // One time axis from the earliest stamp (100): odom starts 2 s in, the axis spans 0..6 s.
    EXPECT_NE(plots[3].svg.find(">time since the first pose [s]</text>"), std::string::npos);
    EXPECT_EQ(test::svgTickLabels(plots[3].svg, "middle").back(), "6");
    EXPECT_NE(plots[8].svg.find(">yaw [deg]</text>"), std::string::npos);
}

TEST(TrajectoryOverlayPlot, PlotModeXyzIsOneThreeDimensionalView) {
    const std::vector<NamedTrajectory> all = {{"gt", line(100, 0)}, {"odom", line(102, 1)}};
    const auto plots = trajectoryOverlayPlots(all, 0, std::nullopt, true);
    ASSERT_EQ(plots.size(), 7u);
    EXPECT_EQ(plots[0].stem, "traj_3d");
    EXPECT_EQ(plots[1].stem, "traj_x");
    EXPECT_NE(plots[0].svg.find(">odom</text>"), std::string::npos);
    EXPECT_NE(plots[0].svg.find("stroke=\"#888888\" stroke-width=\"1.6\" stroke-dasharray"), std::string::npos)
        << "the reference is dashed grey in 3-D too";
}

TEST(TrajectoryOverlayPlot, WritesSvgAndPng) {
    const auto dir = test::scratchDir("overlay_plot");
    const auto plots = trajectoryOverlayPlots({{"a", line(0, 0)}});
    auto written = writeOverlayPlots(dir.string(), plots, true);
    ASSERT_TRUE(written) << written.message();
    EXPECT_EQ(written->size(), 18u);
    std::uint32_t w = 0, h = 0;
    ASSERT_TRUE(test::pngSize(dir / "traj_xy.png", w, h));
    EXPECT_EQ(w, 800u);
    EXPECT_EQ(h, 640u);
    EXPECT_TRUE(std::filesystem::exists(dir / "traj_yaw.svg"));
}

}  // namespace
}  // namespace robometrics::toolbox
