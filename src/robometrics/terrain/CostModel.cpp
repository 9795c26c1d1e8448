#include "robometrics/terrain/CostModel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "robometrics/terrain/VectorClones.hpp"

namespace robometrics::terrain {

namespace {

// Slope factors at or above this angle never saturate a gradient shortcut: tan() grows without
// bound towards 90 degrees, and atan() never reaches it.
constexpr double kMaxSaturatingSlopeDeg = 89.0;

// |gradient|^2 beyond which atan(|gradient|) is surely at least slope_max: tan(slope_max)^2
// with a relative margin of 1e-6, a million times wider than atan's and tan's rounding errors.
double saturatingGradient2(double slope_max_deg) {
    if (!(slope_max_deg < kMaxSaturatingSlopeDeg)) return std::numeric_limits<double>::infinity();
    const double t = std::tan(slope_max_deg * std::numbers::pi / 180.0);
    return t * t * (1.0 + 1e-6);
}

}  // namespace

CostModel::CostModel(const CostmapConfig &config)
    : inv_obstacle_max_(1.0 / config.obstacle_count_max),
      inv_slope_max_(180.0 / (config.slope_max_deg * std::numbers::pi)),
      inv_roughness_max_(1.0 / config.roughness_max),
      saturating_gradient2_(saturatingGradient2(config.slope_max_deg)),
      w_obstacle_(config.weight_obstacle),
      w_slope_(config.weight_slope),
      w_roughness_(config.weight_roughness),
      w_unknown_(config.weight_unknown),
      obstacle_lethal_(config.obstacle_lethal_cost),
      lethal_(config.lethal_threshold),
      confidence_threshold_(config.confidence_threshold),
      round_(config.rounding == Rounding::Round) {}

bool CostModel::slope(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                      double &out) {
    double dx = 0;
    double dy = 0;
    if (!gradient(center, x_minus, x_plus, y_minus, y_plus, res, dx, dy)) return false;
    out = std::atan(std::sqrt(dx * dx + dy * dy));
    return true;
}

// values() is built twice (VectorClones.hpp): the AVX2 one costs a frame in 0.7x the time.
ROBOMETRICS_VECTOR_CLONES
void CostModel::values(CellBatch &b, double resolution) const {
    // One loop without branches over the cells (the compiler if-converts the selects and
    // vectorises it), then a short scalar pass for the cells it leaves undecided.
    //
    // The slope factor needs atan, which does not vectorise. Instead the loop bounds it:
    // S = 0 for a flat cell, 1 beyond saturating_gradient2_, between the atanBounds() of |g| up
    // to kSeriesMaxGradient, and anywhere in [0, 1] otherwise. value() is a monotone function
    // of S (every step of it is: a product by w_slope, sums, the clamp, the rounding), so when
    // the values at both bounds agree, the value at S agrees too, bit for bit. The others (a
    // gradient past 0.5 and below saturation, or bounds on both sides of a step: a few cells in
    // 10^4) are settled with std::atan afterwards.
    //
    // For the compiler to vectorise it, the loop body computes every candidate unconditionally
    // and selects among them (bitwise & and | on bools, no short-circuit), and std::sqrt is
    // built without errno (-fno-math-errno for this file, see CMakeLists.txt).
    // The members in locals: the stores into the batch could alias them otherwise, and the
    // loop would reload them under conditions, which blocks the if-conversion.
    const double inv_obstacle_max = inv_obstacle_max_, inv_roughness_max = inv_roughness_max_;
    const double inv_slope_max = inv_slope_max_, saturating_gradient2 = saturating_gradient2_;
    const double w_obstacle = w_obstacle_, w_slope = w_slope_, w_roughness = w_roughness_, w_unknown = w_unknown_;
    const double obstacle_lethal = obstacle_lethal_, lethal = lethal_, confidence_threshold = confidence_threshold_;
    const double half = round_ ? 0.5 : 0.0;
    const double two_res = 2.0 * resolution;
    const double series_max2 = kSeriesMaxGradient * kSeriesMaxGradient;
    auto finite = [](double v) { return std::abs(v) <= std::numeric_limits<double>::max(); };
    // clamp01() as two two-way selects: GCC 12 does not if-convert a select of more than
    // four values, which std::clamp inside another select makes.
    auto clamp = [](double v) {
        const double at_least_0 = v < 0.0 ? 0.0 : v;
        return at_least_0 > 1.0 ? 1.0 : at_least_0;
    };
    auto valueOf = [&](double obstacle, double slope, double roughness, double unknown) {
        const double t = clamp(w_obstacle * obstacle + w_slope * slope + w_roughness * roughness + w_unknown * unknown);
        const int v = std::min(static_cast<int>(t * 99.0 + half), 99);
        return ((obstacle >= obstacle_lethal) | (t >= lethal)) ? 100 : v;
    };
    const std::size_t n = b.size;
    const double *points = b.points.data();
    const double *variance = b.variance.data();
    const double *patch = b.patch.data();
    const double *centre = b.centre.data();
    const double *x_minus = b.x_minus.data();
    const double *x_plus = b.x_plus.data();
    const double *y_minus = b.y_minus.data();
    const double *y_plus = b.y_plus.data();
    double *gradient2 = b.gradient2.data();
    int *value = b.value.data();
    for (std::size_t m = 0; m < n; ++m) {
        const bool has_points = finite(points[m]);
        const bool has_variance = finite(variance[m]);
        const double obstacle_cost = clamp(points[m] * inv_obstacle_max);
        const double roughness_cost = clamp(variance[m] * inv_roughness_max);
        const double obstacle = has_points ? obstacle_cost : 0.0;
        const double roughness = has_variance ? roughness_cost : 0.0;
        // gradient(): the central difference, else the one-sided one with the centre.
        const double z = centre[m];
        const bool xm = finite(x_minus[m]);
        const bool xp = finite(x_plus[m]);
        const bool ym = finite(y_minus[m]);
        const bool yp = finite(y_plus[m]);
        // The difference and its spacing are selected first, so that each axis divides once.
        const double x_one_sided = xp ? x_plus[m] - z : z - x_minus[m];
        const double y_one_sided = yp ? y_plus[m] - z : z - y_minus[m];
        const double dx = ((xm & xp) ? x_plus[m] - x_minus[m] : x_one_sided) / ((xm & xp) ? two_res : resolution);
        const double dy = ((ym & yp) ? y_plus[m] - y_minus[m] : y_one_sided) / ((ym & yp) ? two_res : resolution);
        const bool has_slope = finite(z) & (xm | xp) & (ym | yp);
        const double g2_known = dx * dx + dy * dy;
        const double g2 = has_slope ? g2_known : 0.0;
        const bool unknown =
            !has_points | !has_variance | !has_slope | !finite(patch[m]) | (patch[m] < confidence_threshold);
        // Bounds on the slope factor: [0, 1] by default, the series' where it holds, 1 when
        // saturated.
        double lo = 0;
        double hi = 0;
        atanBounds(std::sqrt(g2), g2, lo, hi);
        const bool saturated = g2 > saturating_gradient2;
        const bool bounded = g2 <= series_max2;
        const double series_lo = clamp(lo * inv_slope_max);
        const double series_hi = clamp(hi * inv_slope_max);
        const double bounded_lo = bounded ? series_lo : 0.0;
        const double bounded_hi = bounded ? series_hi : 1.0;
        const double s_lo = saturated ? 1.0 : bounded_lo;
        const double s_hi = saturated ? 1.0 : bounded_hi;
        const double unknown_factor = unknown ? 1.0 : 0.0;
        const int v_lo = valueOf(obstacle, s_lo, roughness, unknown_factor);
        const int v_hi = valueOf(obstacle, s_hi, roughness, unknown_factor);
        gradient2[m] = g2;
        value[m] = v_lo == v_hi ? v_lo : CellBatch::kUndecided;
    }
    for (std::size_t m = 0; m < n; ++m) {
        if (value[m] != CellBatch::kUndecided) continue;
        // Only cells whose slope is known get here (otherwise S = 0 and the bounds agree).
        CostFactors f;
        f.obstacle = finite(points[m]) ? obstacleCost(points[m]) : 0.0;
        f.roughness = finite(variance[m]) ? roughnessCost(variance[m]) : 0.0;
        f.unknown = !finite(points[m]) || !finite(variance[m]) || !finite(patch[m]) || patch[m] < confidence_threshold_;
        f.slope = slopeCost(std::atan(std::sqrt(gradient2[m])));
        value[m] = this->value(f);
    }
}

}  // namespace robometrics::terrain
