#include "robometrics/traversal/ScanCollisions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <limits>

#include "TraversalTestMessages.hpp"

namespace robometrics::traversal {
namespace {

using test::at;
using test::lds01Scan;
using test::scan;

TEST(ScanCollisions, AnEpisodeRunsFromTheFirstCollidingScanToTheLast) {
    ScanCollisions c;
    c.add(scan({1.0f}), at(1.0));
    c.add(scan({0.15f}), at(1.1));  // first contact
    c.add(scan({0.10f, 2.0f}), at(1.2));
    c.add(scan({0.19f}), at(1.3));  // last contact
    c.add(scan({0.8f}), at(1.4));
    const ScanCollisionSummary &s = c.summary();
    ASSERT_EQ(s.episodes.size(), 1u);
    EXPECT_EQ(s.episodes[0].start, at(1.1));
    EXPECT_EQ(s.episodes[0].end, at(1.3));
    EXPECT_EQ(s.episodes[0].scans, 3u);
    EXPECT_FLOAT_EQ(s.episodes[0].min_range_m, 0.10f);
    EXPECT_EQ(s.scans, 5u);
    EXPECT_EQ(s.scans_in_collision, 3u);
    EXPECT_FLOAT_EQ(s.min_clearance_m, 0.10f);
    // Mean of the per-scan minima: (1.0 + 0.15 + 0.10 + 0.19 + 0.8) / 5, as floats widened.
    const double mean = (1.0 + double(0.15f) + double(0.10f) + double(0.19f) + double(0.8f)) / 5;
    EXPECT_DOUBLE_EQ(s.mean_clearance_m, mean);
    // Below 0.5 m from 1.1 s to 1.4 s (held until the next scan): 0.3 s.
    EXPECT_NEAR(s.time_low_clearance_s, 0.3, 1e-9);
    // When: the closest reading at 1.2 s, the first scan below min_safe_clearance at 1.1 s
    // (what `check`'s run: min_safe_clearance reports).
    EXPECT_EQ(s.min_clearance_at, at(1.2));
    ASSERT_TRUE(s.first_low_clearance);
    EXPECT_EQ(*s.first_low_clearance, at(1.1));
}

TEST(ScanCollisions, NoLowClearanceHasNoTime) {
    ScanCollisions c;
    c.add(scan({1.0f}), at(1.0));
    c.add(scan({0.7f}), at(2.0));
    c.add(scan({0.7f}), at(3.0));  // equal: the first is kept
    EXPECT_FALSE(c.summary().first_low_clearance);
    EXPECT_EQ(c.summary().min_clearance_at, at(2.0));
}

TEST(ScanCollisions, ContactsFurtherApartThanTheMergeGapAreSeparateEpisodes) {
    ScanCollisions c;  // merge gap 0.5 s
    c.add(scan({0.1f}), at(1.0));
    c.add(scan({1.0f}), at(1.2));
    c.add(scan({0.1f}), at(1.4));  // 0.4 s after the last contact: the same episode
    c.add(scan({1.0f}), at(1.6));
    c.add(scan({0.1f}), at(2.5));  // 1.1 s after: a new one
    ASSERT_EQ(c.summary().episodes.size(), 2u);
    EXPECT_EQ(c.summary().episodes[0].end, at(1.4));
    EXPECT_EQ(c.summary().episodes[1].start, at(2.5));
}

TEST(ScanCollisions, NoReturnReadingsAreNeitherObstaclesNorClearance) {
    ScanCollisions c;
    const float inf = std::numeric_limits<float>::infinity();
    c.add(lds01Scan({0.0f, 0.05f, inf}), at(1.0));  // LDS-01 "no return" 0.0, below range_min, inf
    const ScanCollisionSummary &s = c.summary();
    EXPECT_TRUE(s.episodes.empty());
    EXPECT_EQ(s.scans_without_valid_reading, 1u);
    EXPECT_EQ(s.ranges.invalid(), 3u);
    EXPECT_TRUE(std::isnan(s.min_clearance_m));
    EXPECT_TRUE(std::isnan(s.mean_clearance_m));
}

// A scan's minimum found once for several analyzers (evaluate's scanners) counts as the scan.
TEST(ScanCollisions, AScansMinimumCountsAsTheScan) {
    ScanCollisions from_scans, from_minima;
    const std::vector<msgs::LaserScan> scans = {lds01Scan({0.5f, 0.0f}), lds01Scan({0.1f, 9.0f}), lds01Scan({NAN})};
    for (std::size_t i = 0; i < scans.size(); ++i) {
        from_scans.add(scans[i], at(0.2 * static_cast<double>(i)));
        from_minima.add(scanMinimum(scans[i], ScanCollisionsConfig{}.respect_range_limits),
                        at(0.2 * static_cast<double>(i)));
    }
    const ScanCollisionSummary &a = from_scans.summary(), &b = from_minima.summary();
    auto fields = [](const ScanCollisionSummary &s) {
        return std::tie(s.scans, s.scans_in_collision, s.scans_without_valid_reading, s.ranges.below_min,
                        s.ranges.above_max, s.min_clearance_m, s.mean_clearance_m);
    };
    EXPECT_EQ(fields(a), fields(b));
    EXPECT_EQ(a.episodes.size(), b.episodes.size());
}

}  // namespace
}  // namespace robometrics::traversal
