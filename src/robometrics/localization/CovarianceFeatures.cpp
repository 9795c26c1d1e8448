#include "robometrics/localization/CovarianceFeatures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::localization {

CovarianceFeatures covarianceFeatures(const std::array<double, 36> &cov) {
    CovarianceFeatures f;
    // All zero is the unset covariance (a publisher that does not estimate one): unknown, not
    // zero, the convention of the sensor_msgs comments. Read as numbers it would be a perfect fix
    // (xy_std 0, yaw_std 0), and the detector would call the robot well localized on no evidence.
    if (std::all_of(cov.begin(), cov.end(), [](double v) { return v == 0.0; })) {
        f.problem = "covariance unset (all zero)";
        return f;
    }
    const double a = cov[0];
    const double d = cov[7];
    const double b = 0.5 * (cov[1] + cov[6]);
    const double yaw = cov[35];
    if (std::isnan(a) || std::isnan(b) || std::isnan(d) || std::isnan(yaw)) {
        f.problem = "NaN in the covariance";
        return f;
    }
    if (a < -kNegativeTolerance || d < -kNegativeTolerance || yaw < -kNegativeTolerance) {
        f.problem = "negative variance in the covariance";
        return f;
    }
    if (std::isinf(a) || std::isinf(d) || std::isinf(b)) {
        // An unbounded spread (only +inf gets here): maximally spread, not invalid.
        f.xy_std = std::numeric_limits<double>::infinity();
        f.yaw_std = std::sqrt(std::max(yaw, 0.0));
        f.valid = true;
        return f;
    }
    // Noise negatives count as 0 in both halves of the formula: clamping only the sum would let
    // a = -1e-10, d = 0 give lambda_max = |a|/2 > 0 instead of 0.
    const double xx = std::max(a, 0.0);
    const double yy = std::max(d, 0.0);
    const double half_sum = 0.5 * (xx + yy);
    const double half_diff = 0.5 * (xx - yy);
    // Largest eigenvalue of [[a, b], [b, d]]; hypot avoids overflow for huge spreads.
    const double lambda_max = half_sum + std::hypot(half_diff, b);
    f.xy_std = std::sqrt(std::max(lambda_max, 0.0));
    f.yaw_std = std::sqrt(std::max(yaw, 0.0));
    f.valid = true;
    return f;
}

}  // namespace robometrics::localization
