#include "robometrics/localization/LostEpisodes.hpp"

#include <gtest/gtest.h>

namespace robometrics::localization {
namespace {

LostReading reading(double seconds, LostStatus status, double p) {
    LostReading r;
    r.time = fromSeconds(seconds);
    r.status = status;
    r.probability = p;
    r.features.valid = true;
    return r;
}

TEST(LostEpisodesTest, TimelineAndEpisodesWithPeakAndWorstStatus) {
    LostEpisodes e;
    e.add(reading(1, LostStatus::Normal, 0.01));
    e.add(reading(2, LostStatus::Confused, 0.9));
    e.add(reading(3, LostStatus::Lost, 0.99));
    e.add(reading(4, LostStatus::Lost, 0.95));
    e.add(reading(5, LostStatus::Normal, 0.02));
    e.add(reading(6, LostStatus::Confused, 0.85));
    e.finish();
    ASSERT_EQ(e.timeline().size(), 5u);
    EXPECT_EQ(e.timeline()[2].status, LostStatus::Lost);
    EXPECT_EQ(e.timeline()[2].time, fromSeconds(3));
    ASSERT_EQ(e.episodes().size(), 2u);
    const auto &first = e.episodes()[0];
    EXPECT_DOUBLE_EQ(first.durationSeconds(), 3.0);  // 2 s -> back to normal at 5 s
    EXPECT_EQ(first.worst, LostStatus::Lost);
    EXPECT_DOUBLE_EQ(first.peak_probability, 0.99);
    EXPECT_FALSE(first.open);
    const auto &second = e.episodes()[1];
    EXPECT_TRUE(second.open);
    EXPECT_EQ(second.worst, LostStatus::Confused);
    EXPECT_DOUBLE_EQ(second.durationSeconds(), 0.0);
    EXPECT_EQ(e.countOf(LostStatus::Lost), 2u);
    EXPECT_EQ(e.readings(), 6u);
}

TEST(LostEpisodesTest, ExternalResetClosesAnEpisode) {
    LostEpisodes e;
    e.add(reading(1, LostStatus::Lost, 1.0));
    e.addReset(fromSeconds(2.5));
    e.add(reading(3, LostStatus::Normal, 0.0));
    e.finish();
    ASSERT_EQ(e.episodes().size(), 1u);
    EXPECT_DOUBLE_EQ(e.episodes()[0].durationSeconds(), 1.5);
    EXPECT_FALSE(e.episodes()[0].open);
    ASSERT_EQ(e.timeline().size(), 2u);
}

}  // namespace
}  // namespace robometrics::localization
