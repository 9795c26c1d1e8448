#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/report/EventBands.hpp"

namespace robometrics::report {
namespace {

TEST(EventBands, NearbyEventsOfOneCodeBecomeOneBandWithACount) {
    // Twelve collisions a second apart on a 40-minute run (merge gap 24 s), then one far later.
    std::vector<TimeEvent> events;
    for (int k = 0; k < 12; ++k) events.push_back({"collision", 100.0 + k, {}});
    events.push_back({"collision", 900.0, {}});
    const auto bands = mergeEvents(events, mergeGapFor(2400));
    ASSERT_EQ(bands.size(), 2u);
    EXPECT_EQ(bands[0].label(), "collision x12");
    EXPECT_EQ(bands[0].start_s, 100.0);
    EXPECT_EQ(bands[0].end_s, 111.0);
    EXPECT_FALSE(bands[0].moment());
    EXPECT_EQ(bands[1].label(), "collision");
    EXPECT_TRUE(bands[1].moment());
    EXPECT_EQ(bands[0].color, bands[1].color);  // one code, one colour
}

TEST(EventBands, DifferentCodesStayApartWithTheirOwnColours) {
    const auto bands = mergeEvents({{"stall", 10, 50.0}, {"collision", 20, {}}, {"stall", 55, 60.0}}, 10);
    ASSERT_EQ(bands.size(), 2u);
    EXPECT_EQ(bands[0].code, "stall");
    EXPECT_EQ(bands[0].label(), "stall x2");
    EXPECT_EQ(bands[0].end_s, 60.0);  // the span reaches the later one's end
    EXPECT_EQ(bands[1].code, "collision");
    EXPECT_NE(bands[0].color, bands[1].color);
}

TEST(EventBands, EventsBeyondTheGapAndWithoutATimeAreNotMerged) {
    const auto bands = mergeEvents({{"jump", 0, {}}, {"jump", 10.5, {}}, {"jump", NAN, {}}}, 10);
    ASSERT_EQ(bands.size(), 2u);
    EXPECT_EQ(bands[0].count, 1u);
    EXPECT_EQ(bands[1].count, 1u);
    EXPECT_EQ(mergeGapFor(0), 0.0);
}

}  // namespace
}  // namespace robometrics::report
