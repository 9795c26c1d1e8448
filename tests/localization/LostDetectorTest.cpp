#include "robometrics/localization/LostDetector.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace robometrics::localization {
namespace {

// Features at the class means: P(lost) ~ 7e-4 and ~ 1 with the default classifier.
CovarianceFeatures normalReading() { return {0.3, 0.25, true, ""}; }
CovarianceFeatures lostReading() { return {1.5, 1.2, true, ""}; }

LostDetectorConfig smallWindows() {
    LostDetectorConfig c;
    c.queue_min = 3;
    c.window_meta_tier2_lost = 4;
    c.ratio_thresh_detections_tier2_lost = 0.5;
    c.window_meta_tier0_normal = 3;
    return c;
}

std::string run(LostDetector &d, const std::string &pattern, TimeNs &t) {
    std::string out;
    for (char ch : pattern) {
        LostReading r = d.onFeatures(ch == 'L' ? lostReading() : normalReading(), t++);
        out += r.reset ? 'R' : toString(r.status)[0];
    }
    return out;
}

TEST(LostDetectorTest, WalksThroughEveryTierAndTheTier0Reset) {
    LostDetector d(smallWindows());
    TimeNs t = 0;
    // L1, L2: fewer than queue_min readings -> normal; L3 -> confused; L4: window 4/4 > 0.5 -> lost;
    // N, N: lost is sticky; third N in a row resets (R) to normal.
    EXPECT_EQ(run(d, "LLLLNNN", t), "nnclllR");
    EXPECT_EQ(d.status(), LostStatus::Normal);
    EXPECT_EQ(d.queueSize(), 0u);
    // After the reset the queue must refill to queue_min before "confused" again.
    EXPECT_EQ(run(d, "LLL", t), "nnc");
}

TEST(LostDetectorTest, Tier2RatioIsStrictAndNeedsAFullWindow) {
    LostDetector d(smallWindows());
    TimeNs t = 0;
    // Window of 4 with 2 lost = 0.5, not > 0.5: confused on lost readings only.
    EXPECT_EQ(run(d, "NNLNL", t), "nncnc");
    // Window now N,L,N,L -> L: L,N,L,L = 3/4 > 0.5 -> lost.
    EXPECT_EQ(run(d, "L", t), "l");
}

TEST(LostDetectorTest, ConfusedIsPerReadingAndNormalRunsWithoutLostDoNotReset) {
    LostDetector d(smallWindows());
    TimeNs t = 0;
    // Many normal readings never reset a clean queue, so queue_min stays satisfied.
    EXPECT_EQ(run(d, "NNNNNNL", t), "nnnnnnc");
    EXPECT_EQ(run(d, "N", t), "n");    // confused is not sticky
    EXPECT_EQ(run(d, "NN", t), "nR");  // 3 normals in a row after a lost label: reset
}

TEST(LostDetectorTest, ExternalResetAndInvalidReadings) {
    LostDetector d(smallWindows());
    TimeNs t = 0;
    EXPECT_EQ(run(d, "LLLL", t), "nncl");
    CovarianceFeatures bad;
    bad.valid = false;
    LostReading r = d.onFeatures(bad, t++);
    EXPECT_EQ(r.status, LostStatus::Lost);  // invalid: repeats the last status
    EXPECT_TRUE(std::isnan(r.probability));
    EXPECT_EQ(d.queueSize(), 4u);  // and is not queued
    d.reset();
    EXPECT_EQ(d.status(), LostStatus::Normal);
    EXPECT_EQ(run(d, "LL", t), "nn");
}

TEST(LostDetectorTest, ReadsTheCovarianceOfAPoseMessage) {
    LostDetector d{LostDetectorConfig{}};
    msgs::PoseWithCovarianceStamped pose;
    pose.pose.covariance[0] = 1.0;  // xy std 1.0
    pose.pose.covariance[7] = 0.01;
    pose.pose.covariance[35] = 0.25;  // yaw std 0.5
    LostReading r = d.onPose(pose, 7);
    EXPECT_DOUBLE_EQ(r.features.xy_std, 1.0);
    EXPECT_NEAR(r.probability, 0.3644874242220064, 1e-12);
    EXPECT_FALSE(r.label_lost);  // 0.36 is not > prob_thresh 0.8
    EXPECT_EQ(r.time, 7);
}

TEST(LostDetectorTest, AnUnsetCovarianceIsInvalidNotWellLocalized) {
    LostDetector d{LostDetectorConfig{}};
    msgs::PoseWithCovarianceStamped pose;  // covariance all zero: the publisher did not set it
    LostReading r = d.onPose(pose, 3);
    EXPECT_FALSE(r.features.valid);
    EXPECT_TRUE(std::isnan(r.probability));
    EXPECT_EQ(r.status, LostStatus::Normal);  // the last status, repeated
    EXPECT_EQ(d.queueSize(), 0u);             // not queued as a normal reading
}

}  // namespace
}  // namespace robometrics::localization
