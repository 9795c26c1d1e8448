#include "robometrics/localization/LostTrainer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace robometrics::localization {
namespace {

TEST(LostTrainerTest, FitsMeansStdsAndPrior) {
    std::vector<LabelledFeatures> s{{0.1, 0.02, false}, {0.3, 0.04, false}, {0.2, 0.03, false},
                                    {1.0, 0.5, true},   {3.0, 1.5, true}};
    auto fit = fitClassifier(s, LostDetectorConfig{});
    ASSERT_TRUE(fit.ok()) << fit.message();
    const auto &c = fit->config;
    EXPECT_NEAR(c.slice_mu[0], 0.2, 1e-12);
    EXPECT_NEAR(c.slice_mu[1], 0.03, 1e-12);
    EXPECT_NEAR(c.slice_mu[2], 2.0, 1e-12);
    EXPECT_NEAR(c.slice_mu[3], 1.0, 1e-12);
    EXPECT_NEAR(c.slice_sigma[0], std::sqrt(0.02 / 3), 1e-12);  // population std of 0.1, 0.3, 0.2
    EXPECT_NEAR(c.slice_sigma[2], 1.0, 1e-12);
    EXPECT_NEAR(c.slice_sigma[3], 0.5, 1e-12);
    EXPECT_NEAR(c.tier0_normal_prior, 0.6, 1e-12);
    EXPECT_EQ(fit->lost_count, 2u);
    EXPECT_TRUE(c.validate().ok());
}

TEST(LostTrainerTest, FloorsSigmaAndNeedsBothClasses) {
    std::vector<LabelledFeatures> s{{0.1, 0.02, false}, {0.1, 0.02, false}, {1.0, 0.5, true},
                                    {1.0, std::numeric_limits<double>::infinity(), true}, {1.0, 0.5, true}};
    auto fit = fitClassifier(s, LostDetectorConfig{}, 0.01);
    ASSERT_TRUE(fit.ok()) << fit.message();
    EXPECT_DOUBLE_EQ(fit->config.slice_sigma[0], 0.01);
    EXPECT_DOUBLE_EQ(fit->config.slice_mu[3], 0.5);  // the infinite yaw is skipped
    s.resize(2);
    auto none = fitClassifier(s, LostDetectorConfig{});
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.message().find("lost readings"), std::string::npos);
}

// A detector output at `t` seconds with `status`; only `valid` readings carry evidence.
LostReading reading(double t, LostStatus status, bool valid = true) {
    LostReading r;
    r.time = fromSeconds(t);
    r.status = status;
    r.features.valid = valid;
    return r;
}

TEST(LostTrainerTest, ScoresPrecisionRecallAndLatency) {
    LostLabels labels;
    labels.add({fromSeconds(10), fromSeconds(20)});
    labels.add({fromSeconds(40), fromSeconds(45)});
    std::vector<LostReading> readings;
    auto add = [&](double t, LostStatus s) { readings.push_back(reading(t, s)); };
    add(5, LostStatus::Confused);   // false alarm
    add(11, LostStatus::Normal);    // missed
    add(12.5, LostStatus::Confused);  // detected 2.5 s after the start
    add(15, LostStatus::Lost);
    add(30, LostStatus::Normal);
    add(42, LostStatus::Normal);    // the second interval is missed
    auto s = scoreDetections(readings, labels);
    EXPECT_EQ(s.true_positive, 2u);
    EXPECT_EQ(s.false_positive, 1u);
    EXPECT_EQ(s.false_negative, 2u);
    EXPECT_EQ(s.true_negative, 1u);
    EXPECT_DOUBLE_EQ(s.precision(), 2.0 / 3);
    EXPECT_DOUBLE_EQ(s.recall(), 0.5);
    EXPECT_DOUBLE_EQ(s.lostPrecision(), 1.0);
    EXPECT_DOUBLE_EQ(s.lostRecall(), 0.25);
    EXPECT_EQ(s.detected, 1u);
    ASSERT_EQ(s.latency_seconds.size(), 1u);
    EXPECT_DOUBLE_EQ(s.latency_seconds[0], 2.5);
    EXPECT_DOUBLE_EQ(s.meanLatency(), 2.5);
    // Per labelled interval, in the labels' order: detected or missed, latency, readings inside.
    ASSERT_EQ(s.per_interval.size(), 2u);
    EXPECT_TRUE(s.per_interval[0].detected);
    EXPECT_DOUBLE_EQ(s.per_interval[0].latency_seconds, 2.5);
    EXPECT_EQ(s.per_interval[0].readings, 3u);  // 11, 12.5 and 15 s
    EXPECT_EQ(s.per_interval[0].interval.start, fromSeconds(10));
    EXPECT_FALSE(s.per_interval[1].detected);
    EXPECT_EQ(s.per_interval[1].readings, 1u);
    EXPECT_EQ(s.valid_readings, 6u);
    EXPECT_EQ(s.invalid_readings, 0u);
}

TEST(LostTrainerTest, ScoresCountOnlyValidReadings) {
    LostLabels labels;
    labels.add({fromSeconds(10), fromSeconds(20)});
    std::vector<LostReading> readings;
    auto add = [&](double t, LostStatus s, bool valid) { readings.push_back(reading(t, s, valid)); };
    add(5, LostStatus::Confused, true);    // false alarm
    add(8, LostStatus::Confused, false);   // invalid: repeats "confused", not scored
    add(12, LostStatus::Confused, false);  // invalid inside the interval: not a detection
    add(14, LostStatus::Normal, true);     // missed
    add(16, LostStatus::Lost, true);       // the detection, 6 s after the start
    const auto s = scoreDetections(readings, labels);
    EXPECT_EQ(s.valid_readings, 3u);
    EXPECT_EQ(s.invalid_readings, 2u);
    EXPECT_EQ(s.true_positive + s.false_positive + s.false_negative + s.true_negative, 3u);
    EXPECT_EQ(s.false_positive, 1u);
    EXPECT_EQ(s.true_positive, 1u);
    EXPECT_EQ(s.false_negative, 1u);
    ASSERT_EQ(s.per_interval.size(), 1u);
    EXPECT_TRUE(s.per_interval[0].detected);
    EXPECT_DOUBLE_EQ(s.per_interval[0].latency_seconds, 6.0);
    EXPECT_EQ(s.per_interval[0].readings, 2u);
    ASSERT_EQ(s.latency_seconds.size(), 1u);
    EXPECT_DOUBLE_EQ(s.latency_seconds[0], 6.0);
}

}  // namespace
}  // namespace robometrics::localization
