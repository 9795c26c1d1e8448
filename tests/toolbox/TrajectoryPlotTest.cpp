#include <gtest/gtest.h>

#include <cmath>

#include "TestSupport.hpp"
#include "robometrics/toolbox/TrajectoryPlot.hpp"

namespace robometrics::toolbox {

namespace {

/// A straight 10 m line along x at 1 m/s, stamps from an epoch-scale start.
slam::Trajectory line(double t0) {
    slam::Trajectory t;
    for (int i = 0; i <= 10; ++i) {
        t.stamps.push_back(t0 + i);
        t.positions.emplace_back(i, 0.5 * i, 0);
        t.orientations.emplace_back(Eigen::Quaterniond::Identity());
    }
    return t;
}

}  // namespace

TEST(TrajectoryPlot, TrajectorySeenFromAboveHasNumberedTicksAndAColourBar) {
    const auto ref = line(1.7e9);
    std::vector<double> errors(11);
    for (int i = 0; i <= 10; ++i) errors[static_cast<std::size_t>(i)] = 0.01 * i;
    const std::string svg = trajectorySvg(ref, ref, errors, "APE w.r.t. trans (m)", "APE [m]");
    EXPECT_NE(svg.find(">x [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find(">y [m]</text>"), std::string::npos);
    // Equal aspect in a 720 x 548 box: x spans 0..10 m padded to about -0.2..10.2 -> ticks every 2 m.
    EXPECT_EQ(test::svgTickLabels(svg, "middle"), (std::vector<std::string>{"0", "2", "4", "6", "8", "10"}));
    EXPECT_FALSE(test::svgTickLabels(svg, "end").empty());
    // Colour bar: its label and the error range 0 .. 0.1.
    EXPECT_NE(svg.find(">APE [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find(">0.1</text>"), std::string::npos);
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
    EXPECT_NE(svg.find(">reference</text>"), std::string::npos);
}

TEST(TrajectoryPlot, ErrorOverTimeRunsFromTheFirstStampInSeconds) {
    std::vector<double> stamps, errors;
    for (int i = 0; i <= 100; ++i) {
        stamps.push_back(1778233420.25 + i);  // epoch stamps: the axis must not show ten-digit numbers
        errors.push_back(i == 50 ? 2.0 : 0.5);
    }
    const std::string svg = errorOverTimeSvg(stamps, errors, true, "APE w.r.t. trans (m)", "APE [m]");
    EXPECT_NE(svg.find(">APE w.r.t. trans (m): error over time</text>"), std::string::npos);
    EXPECT_NE(svg.find(">time since the first matched pose [s], estimate stamps</text>"), std::string::npos);
    EXPECT_EQ(test::svgTickLabels(svg, "middle"), (std::vector<std::string>{"0", "20", "40", "60", "80", "100"}));
    // y: 0.5 .. 2 with the 4 % margin -> 0.44 .. 2.06, ticks every 0.5.
    EXPECT_EQ(test::svgTickLabels(svg, "end"), (std::vector<std::string>{"0.5", "1.0", "1.5", "2.0"}));
    EXPECT_NE(svg.find(">APE [m]</text>"), std::string::npos);

    const std::string kitti = errorOverTimeSvg({0, 1, 2}, {0.1, 0.2, 0.3}, false, "APE", "APE [m]");
    EXPECT_NE(kitti.find(">pose index</text>"), std::string::npos);
    const std::string none = errorOverTimeSvg({}, {}, true, "APE", "APE [m]");
    EXPECT_NE(none.find(">no matched poses</text>"), std::string::npos);
}

}  // namespace robometrics::toolbox
