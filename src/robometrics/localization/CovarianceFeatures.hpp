#pragma once
// The two features of the lost detector from an AMCL pose covariance (6x6 row-major over
// x, y, z, roll, pitch, yaw): the standard deviation along the major axis of the x-y covariance
// ellipse, sqrt(largest eigenvalue), and the heading standard deviation sqrt(cov[35]).

#include <array>
#include <string>

namespace robometrics::localization {

struct CovarianceFeatures {
    double xy_std = 0;   ///< [m]
    double yaw_std = 0;  ///< [rad]; may be +inf (AMCL's -2 ln R for uniform headings)
    bool valid = false;
    std::string problem;  ///< why the reading is invalid (empty when valid)
};

/// Computes the features. Negative variances down to -kNegativeTolerance (numerical noise) are
/// treated as 0; an all-zero (unset) covariance, a NaN entry, a larger negative variance, or a
/// negative major eigenvalue makes the reading invalid. The off-diagonal term is the mean of [1] and [6] (symmetrised).
CovarianceFeatures covarianceFeatures(const std::array<double, 36> &covariance);

/// Variances this far below zero are rounding noise [m^2 or rad^2].
constexpr double kNegativeTolerance = 1e-9;

}  // namespace robometrics::localization
