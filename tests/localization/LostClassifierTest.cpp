#include "robometrics/localization/LostClassifier.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace robometrics::localization {
namespace {

TEST(LostClassifierTest, HandComputedPosteriorWithDefaults) {
    LostClassifier c{LostDetectorConfig{}};
    // log odds = ln(0.1/0.9) + [lnN(xy;1.5,0.6) + lnN(yaw;1.2,0.6)] - [lnN(xy;0.3,0.25) + lnN(yaw;0.25,0.25)]
    // at (1.0, 0.5): -2.197225 + (0.163603 - 0.169730) - (-2.533706 + 0.886294) = -0.555940 -> P = 0.364487
    EXPECT_NEAR(c.logOdds(1.0, 0.5), -0.5559398298217972, 1e-12);
    EXPECT_NEAR(c.probabilityLost(1.0, 0.5), 0.3644874242220064, 1e-12);
    // At and below the normal means (clamped): P = 0.000745.
    EXPECT_NEAR(c.probabilityLost(0.3, 0.25), 0.000744811521179915, 1e-15);
    EXPECT_NEAR(c.probabilityLost(0.15, 0.05), 0.000744811521179915, 1e-15);
    // The widest reading of the real Nav2 AMCL run (0.647 m, 0.545 rad) stays far below 0.8.
    EXPECT_NEAR(c.probabilityLost(0.65, 0.55), 0.021073508381809592, 1e-14);
    // At the lost means (the simulator's lost AMCL): certainly lost.
    EXPECT_NEAR(c.probabilityLost(1.5, 1.2), 0.9999996233081376, 1e-15);
}

TEST(LostClassifierTest, DefaultBoundariesAtProbThresh) {
    LostClassifier c{LostDetectorConfig{}};
    const double thresh = LostDetectorConfig{}.prob_thresh;  // 0.8, log odds ln 4 = 1.386294
    // xy alone (yaw at or below its normal mean): the boundary is xy = 1.2152 m.
    EXPECT_NEAR(c.probabilityLost(1.20, 0.25), 0.7601251434285617, 1e-12);
    EXPECT_LT(c.probabilityLost(1.20, 0.25), thresh);
    EXPECT_NEAR(c.probabilityLost(1.24, 0.25), 0.8548647045711187, 1e-12);
    EXPECT_GT(c.probabilityLost(1.24, 0.25), thresh);
    // With xy = 1.0 m the yaw boundary is 0.7546 rad.
    EXPECT_NEAR(c.probabilityLost(1.0, 0.74), 0.777564052033968, 1e-12);
    EXPECT_NEAR(c.probabilityLost(1.0, 0.77), 0.8221540660923288, 1e-12);
    // A heading spread alone never reaches the threshold: at xy 0.3 m even an unbounded yaw
    // (clamped to mu_lost 1.2 rad) gives log odds 1.271838 < ln 4 -> P = 0.781057.
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_NEAR(c.probabilityLost(0.3, inf), 0.7810572119445066, 1e-12);
    EXPECT_LT(c.probabilityLost(0.3, inf), thresh);
}

TEST(LostClassifierTest, ModificationClampsFeaturesSoHugeSpreadsStayLost) {
    LostClassifier c{LostDetectorConfig{}};
    // Beyond mu_lost the features clamp: as lost as the lost mean, never less.
    EXPECT_DOUBLE_EQ(c.logOdds(50.0, 3.0), c.logOdds(1.5, 1.2));
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_DOUBLE_EQ(c.logOdds(inf, inf), c.logOdds(1.5, 1.2));
    // Below mu_normal: as normal as the normal mean.
    EXPECT_DOUBLE_EQ(c.logOdds(0.0, 0.0), c.logOdds(0.3, 0.25));
    // Monotone in each feature.
    double last = -1e300;
    for (double xy = 0; xy < 3; xy += 0.01) {
        const double t = c.logOdds(xy, 0.1);
        EXPECT_GE(t, last);
        last = t;
    }
    // The failure the clamp fixes: with a lost class narrower than the normal one, plain GNB gives
    // (20 m, 5 rad) a log odds of -21850 (certainly "normal"); clamped, it is as lost as mu_lost.
    LostDetectorConfig narrow;
    narrow.slice_mu = {0.1, 0.05, 1.0, 0.5};
    narrow.slice_sigma = {1.0, 0.5, 0.1, 0.05};
    LostClassifier n(narrow);
    // Clamped to (1.0, 0.5): ln(1/9) + (2.3026 + 2.9957) - (-0.405 + 0.2881) = 3.21795 -> 0.961504.
    EXPECT_NEAR(n.logOdds(20.0, 5.0), 3.2179456086518723, 1e-12);
    EXPECT_NEAR(n.probabilityLost(20.0, 5.0), 0.9615040452777004, 1e-12);
}

TEST(LostClassifierTest, ExtremeOddsStayFinite) {
    LostDetectorConfig cfg;
    cfg.slice_sigma = {1e-6, 1e-6, 1e-6, 1e-6};
    LostClassifier c(cfg);
    EXPECT_EQ(c.probabilityLost(0.3, 0.25), 0.0);
    EXPECT_EQ(c.probabilityLost(1.5, 1.2), 1.0);
    EXPECT_FALSE(std::isnan(c.probabilityLost(0.8, 0.4)));
}

}  // namespace
}  // namespace robometrics::localization
