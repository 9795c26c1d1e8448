#include <gtest/gtest.h>

#include <limits>

#include "robometrics/sim/ScanContact.hpp"

namespace robometrics::sim {

namespace {

/// A scan of the given ranges, valid between 0.05 and 10 m.
msgs::LaserScan contactScan(std::vector<float> ranges) {
    msgs::LaserScan s;
    s.range_min = 0.05f;
    s.range_max = 10.0f;
    s.ranges = std::move(ranges);
    return s;
}

}  // namespace

TEST(ScanContact, AnIntervalRunsFromTheFirstToTheLastScanWithAValidReadingBelow20Cm) {
    ScanContact contact("/scan_rear");
    const float inf = std::numeric_limits<float>::infinity();
    contact.observe(1.0, contactScan({0.5f, 0.3f}));
    contact.observe(1.2, contactScan({0.19f, 0.4f}));  // first contact
    contact.observe(1.4, contactScan({0.12f, inf}));
    contact.observe(1.6, contactScan({0.15f}));  // last contact
    contact.observe(1.8, contactScan({0.25f}));
    const std::vector<Event> events = contact.events();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].type, "collision");
    EXPECT_EQ(events[0].anomaly, "collision");
    EXPECT_DOUBLE_EQ(events[0].t_start, 1.2);
    EXPECT_DOUBLE_EQ(events[0].t_end, 1.6);
    EXPECT_EQ(events[0].details["topic"], "/scan_rear");
    EXPECT_DOUBLE_EQ(events[0].details["min_range_m"].get<double>(), 0.12);
    EXPECT_EQ(events[0].details["scans"], 3);
}

TEST(ScanContact, NoReturnValuesAndReadingsBelowRangeMinAreNoContact) {
    ScanContact contact("/scan_front");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    // 0.0 (the LDS-01's no return), 0.01 (below range_min), NaN and +inf are not readings.
    contact.observe(0.0, contactScan({0.0f, 0.01f, nan, std::numeric_limits<float>::infinity()}));
    EXPECT_TRUE(contact.events().empty());
}

TEST(ScanContact, AContactStillGoingOnEndsAtItsLastScan) {
    ScanContact contact("/scan_rear");
    contact.observe(3.0, contactScan({0.1f}));
    contact.observe(3.2, contactScan({0.1f}));
    const std::vector<Event> events = contact.events();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_DOUBLE_EQ(events[0].t_start, 3.0);
    EXPECT_DOUBLE_EQ(events[0].t_end, 3.2);
}

}  // namespace robometrics::sim
