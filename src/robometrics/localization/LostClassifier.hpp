#pragma once
// The "modified" Gaussian Naive Bayes of the lost detector, in log space.
//
// Plain GNB: P(lost | f) = pi_l L_l / (pi_l L_l + pi_n L_n) with L = N(xy; mu, sigma) N(yaw; mu,
// sigma). Its classic failure: a spread far beyond both means is improbable under both
// Gaussians, and the one with the smaller sigma (usually "normal") can win, so a wildly spread
// particle cloud would be called normal. The modification (the project's reading of the name,
// docs/lost.md): each feature is first clamped into [mu_normal, mu_lost] of its own column.
// Within that interval the log-likelihood ratio only grows with the feature, so P(lost) is
// monotone: more spread never looks less lost.

#include <array>

#include "robometrics/localization/CovarianceFeatures.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"

namespace robometrics::localization {

class LostClassifier {
public:
    explicit LostClassifier(const LostDetectorConfig &config);

    /// P(lost | features) for valid features, in [0, 1].
    double probabilityLost(double xy_std, double yaw_std) const;
    /// log P(lost|f) - log P(normal|f) (the log posterior odds).
    double logOdds(double xy_std, double yaw_std) const;

private:
    std::array<double, 4> mu_;
    std::array<double, 4> sigma_;
    double log_prior_odds_;  ///< log P(lost) - log P(normal)
};

}  // namespace robometrics::localization
