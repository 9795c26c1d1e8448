#include "robometrics/localization/LostReplay.hpp"

#include <gtest/gtest.h>

namespace robometrics::localization {
namespace {

TEST(LostReplayTest, RunsReadingsAndResetsInOrder) {
    LostDetectorConfig c;
    c.queue_min = 1;
    c.window_meta_tier2_lost = 2;
    c.ratio_thresh_detections_tier2_lost = 0.5;
    const CovarianceFeatures lost{1.5, 1.2, true, ""};
    const CovarianceFeatures normal{0.3, 0.25, true, ""};
    std::vector<PoseEvent> events{{fromSeconds(1), false, lost},  {fromSeconds(2), false, lost},
                                  {fromSeconds(3), true, {}},     {fromSeconds(4), false, normal},
                                  {fromSeconds(5), false, lost}};
    LostRun run = replay(events, c);
    ASSERT_EQ(run.readings.size(), 4u);
    EXPECT_EQ(run.readings[0].status, LostStatus::Confused);
    EXPECT_EQ(run.readings[1].status, LostStatus::Lost);       // 2/2 > 0.5
    EXPECT_EQ(run.readings[2].status, LostStatus::Normal);     // after the reset at 3 s
    EXPECT_EQ(run.readings[3].status, LostStatus::Confused);   // window N, L = 0.5: not lost
    ASSERT_EQ(run.episodes.episodes().size(), 2u);
    EXPECT_DOUBLE_EQ(run.episodes.episodes()[0].durationSeconds(), 2.0);  // 1 s -> reset at 3 s
    EXPECT_TRUE(run.episodes.episodes()[1].open);
}

TEST(LostReplayTest, TrackerTakesOneEventAtATime) {
    LostDetectorConfig c;
    c.queue_min = 1;
    const CovarianceFeatures lost{1.5, 1.2, true, ""};
    LostTracker tracker(c);
    auto reading = tracker.onEvent({fromSeconds(1), false, lost});
    ASSERT_TRUE(reading.has_value());
    EXPECT_EQ(reading->status, LostStatus::Confused);
    EXPECT_EQ(tracker.status(), LostStatus::Confused);
    EXPECT_FALSE(tracker.onEvent({fromSeconds(2), true, {}}).has_value());  // a reset
    EXPECT_EQ(tracker.status(), LostStatus::Normal);
    tracker.finish();
    EXPECT_EQ(tracker.episodes().readings(), 1u);
    ASSERT_EQ(tracker.episodes().episodes().size(), 1u);
    EXPECT_DOUBLE_EQ(tracker.episodes().episodes()[0].durationSeconds(), 1.0);
}

}  // namespace
}  // namespace robometrics::localization
