#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {
namespace {

using test::curvedDrive;

TEST(TrajectoryMetrics, MatchingWithoutCommonTimesIsAnError) {
    auto matched = matchTrajectories(curvedDrive(10, 0.0, 0, 0), curvedDrive(10, 50.0, 0, 0), {});
    EXPECT_FALSE(matched.ok());
}

}  // namespace
}  // namespace robometrics::slam
