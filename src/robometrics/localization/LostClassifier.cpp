#include "robometrics/localization/LostClassifier.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::localization {

namespace {

// log N(x; mu, sigma) without the constant -0.5 log(2 pi), which cancels in the odds.
double logGauss(double x, double mu, double sigma) {
    const double z = (x - mu) / sigma;
    return -0.5 * z * z - std::log(sigma);
}

double clampBetween(double x, double a, double b) { return std::clamp(x, std::min(a, b), std::max(a, b)); }

}  // namespace

LostClassifier::LostClassifier(const LostDetectorConfig &config)
    : mu_(config.slice_mu),
      sigma_(config.slice_sigma),
      log_prior_odds_(std::log1p(-config.tier0_normal_prior) - std::log(config.tier0_normal_prior)) {}

double LostClassifier::logOdds(double xy_std, double yaw_std) const {
    const double xy = clampBetween(xy_std, mu_[0], mu_[2]);  // +inf clamps to mu_lost
    const double yaw = clampBetween(yaw_std, mu_[1], mu_[3]);
    const double log_normal = logGauss(xy, mu_[0], sigma_[0]) + logGauss(yaw, mu_[1], sigma_[1]);
    const double log_lost = logGauss(xy, mu_[2], sigma_[2]) + logGauss(yaw, mu_[3], sigma_[3]);
    return log_prior_odds_ + log_lost - log_normal;
}

double LostClassifier::probabilityLost(double xy_std, double yaw_std) const {
    // Logistic of the log odds, written to stay finite for any magnitude.
    const double t = logOdds(xy_std, yaw_std);
    return t >= 0 ? 1.0 / (1.0 + std::exp(-t)) : std::exp(t) / (1.0 + std::exp(t));
}

}  // namespace robometrics::localization
