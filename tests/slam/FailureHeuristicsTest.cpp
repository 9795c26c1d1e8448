#include <gtest/gtest.h>

#include "robometrics/slam/FailureHeuristics.hpp"

namespace robometrics::slam {
namespace {

RunObservations healthy() {
    RunObservations r;
    r.odometry_messages = 100;
    r.scan_messages = 50;
    r.path_length_m = 12.0;
    r.max_speed_mps = 0.4;
    r.ate_rmse_m = 0.08;
    return r;
}

TEST(FailureHeuristics, HealthyRunIsOk) {
    const FailureAssessment a = assessRun(healthy());
    EXPECT_TRUE(a.anomalies.empty());
    EXPECT_STREQ(a.verdict(), "ok");
}

TEST(FailureHeuristics, EachCheckIsStrictAndReportsValueAndThreshold) {
    RunObservations r = healthy();
    r.path_length_m = 0.2;  // not < 0.2
    r.max_speed_mps = 1.5;  // not > 1.5
    r.ate_rmse_m = 1.0;     // not > 1.0
    EXPECT_TRUE(assessRun(r).anomalies.empty());

    r.path_length_m = 0.19;
    r.max_speed_mps = 2.5;
    r.max_speed_at_s = 42.0;
    r.ate_rmse_m = 1.25;
    const FailureAssessment a = assessRun(r);
    ASSERT_EQ(a.anomalies.size(), 3u);
    EXPECT_EQ(a.anomalies[0].code, "stuck");
    EXPECT_DOUBLE_EQ(a.anomalies[0].value, 0.19);
    EXPECT_DOUBLE_EQ(a.anomalies[0].threshold, 0.2);
    EXPECT_EQ(a.anomalies[1].code, "teleport");
    EXPECT_EQ(a.anomalies[1].message, "major TF jump: odometry speed pulse of 2.50 m/s at t = 42.000 s");
    EXPECT_DOUBLE_EQ(a.anomalies[1].threshold, 1.5);
    EXPECT_EQ(a.anomalies[2].code, "drift");
    EXPECT_DOUBLE_EQ(a.anomalies[2].value, 1.25);
    EXPECT_STREQ(a.verdict(), "potential_failure");
}

TEST(FailureHeuristics, MissingDataAndCustomThresholds) {
    RunObservations r;
    const FailureAssessment none = assessRun(r);
    ASSERT_EQ(none.anomalies.size(), 2u);
    EXPECT_EQ(none.anomalies[0].code, "no_odometry");
    EXPECT_EQ(none.anomalies[1].code, "no_scan");

    FailureThresholds t;
    t.require_scan = false;
    t.max_speed_mps = 0.3;
    t.max_ate_m = 0.05;
    const FailureAssessment custom = assessRun(healthy(), t);
    ASSERT_EQ(custom.anomalies.size(), 2u);
    EXPECT_EQ(custom.anomalies[0].code, "teleport");
    EXPECT_EQ(custom.anomalies[1].code, "drift");
    RunObservations no_ate = healthy();
    no_ate.ate_rmse_m.reset();
    EXPECT_TRUE(assessRun(no_ate, FailureThresholds{10, 0, 0.0, true}).anomalies.empty());
}

}  // namespace
}  // namespace robometrics::slam
