#include "robometrics/localization/LostTraining.hpp"

#include <gtest/gtest.h>

namespace robometrics::localization {
namespace {

PoseEvent reading(TimeNs t, double xy_std, double yaw_std) {
    PoseEvent e;
    e.time = t;
    e.features.valid = true;
    e.features.xy_std = xy_std;
    e.features.yaw_std = yaw_std;
    return e;
}

TEST(LostTraining, FitsOnTheValidReadingsLabelledByTheIntervals) {
    // Normal readings at 0-2 s, lost ones at 3-5 s (labelled 2.5-6 s); a reset is not a reading.
    std::vector<PoseEvent> events{reading(0, 0.1, 0.02), reading(1'000'000'000, 0.3, 0.04),
                                  reading(2'000'000'000, 0.2, 0.03), reading(3'000'000'000, 1.0, 0.5),
                                  reading(4'000'000'000, 3.0, 1.5), reading(5'000'000'000, 2.0, 1.0)};
    PoseEvent reset;
    reset.time = 2'200'000'000;
    reset.reset = true;
    events.insert(events.begin() + 3, reset);
    auto labels = LostLabels::parse("2.5,6\n", "labels.csv");
    ASSERT_TRUE(labels) << labels.message();
    auto t = trainLostDetector(events, *labels, LostDetectorConfig{});
    ASSERT_TRUE(t) << t.message();
    EXPECT_EQ(t->fit.normal_count, 3u);
    EXPECT_EQ(t->fit.lost_count, 3u);
    EXPECT_NEAR(t->fit.config.slice_mu[0], 0.2, 1e-12);   // mean xy std of the normal readings
    EXPECT_NEAR(t->fit.config.slice_mu[2], 2.0, 1e-12);   // and of the lost ones
    EXPECT_NEAR(t->fit.config.tier0_normal_prior, 0.5, 1e-12);
    EXPECT_EQ(t->before.valid_readings, 6u);
    EXPECT_EQ(t->after.intervals, 1u);
}

TEST(LostTraining, NeedsReadingsOfBothClasses) {
    auto labels = LostLabels::parse("100,200\n", "labels.csv");
    ASSERT_TRUE(labels);
    EXPECT_FALSE(trainLostDetector({reading(0, 0.1, 0.02), reading(1, 0.2, 0.03)}, *labels, LostDetectorConfig{}));
}

}  // namespace
}  // namespace robometrics::localization
