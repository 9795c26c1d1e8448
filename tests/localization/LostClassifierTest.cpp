#include "robometrics/localization/LostClassifier.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace robometrics::localization {
namespace {

TEST(LostClassifierTest, HandComputedPosteriorWithDefaults) {
    LostClassifier c{LostDetectorConfig{}};
    // log odds = ln(0.1/0.9) + [lnN(xy;1.5,0.8) + lnN(yaw;0.8,0.4)] - [lnN(xy;0.15,0.1) + lnN(yaw;0.05,0.04)]
    // at (0.3, 0.2): -2.19722 + (-1.42383 + 0.35629 ... ) = -0.673001 -> P = 0.337825
    EXPECT_NEAR(c.logOdds(0.3, 0.2), -0.673001212010099, 1e-12);
    EXPECT_NEAR(c.probabilityLost(0.3, 0.2), 0.33782514529750185, 1e-12);
    EXPECT_NEAR(c.probabilityLost(0.15, 0.05), 5.765984819487359e-05, 1e-15);
    EXPECT_NEAR(c.probabilityLost(0.4, 0.1), 0.005768467214849691, 1e-14);
    EXPECT_DOUBLE_EQ(c.probabilityLost(1.5, 0.8), 1.0);
}

TEST(LostClassifierTest, ModificationClampsFeaturesSoHugeSpreadsStayLost) {
    LostClassifier c{LostDetectorConfig{}};
    // Beyond mu_lost the features clamp: as lost as the lost mean, never less.
    EXPECT_DOUBLE_EQ(c.logOdds(50.0, 3.0), c.logOdds(1.5, 0.8));
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_DOUBLE_EQ(c.logOdds(inf, inf), c.logOdds(1.5, 0.8));
    // Below mu_normal: as normal as the normal mean.
    EXPECT_DOUBLE_EQ(c.logOdds(0.0, 0.0), c.logOdds(0.15, 0.05));
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
    EXPECT_EQ(c.probabilityLost(0.15, 0.05), 0.0);
    EXPECT_EQ(c.probabilityLost(1.5, 0.8), 1.0);
    EXPECT_FALSE(std::isnan(c.probabilityLost(0.8, 0.4)));
}

}  // namespace
}  // namespace robometrics::localization
