#include "robometrics/terrain/CostModel.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace robometrics::terrain {

namespace {

// Derivative along one axis from the two neighbours (NaN = missing); false when both missing.
bool axisGradient(double c, double minus, double plus, double res, double &out) {
    const bool has_minus = std::isfinite(minus);
    const bool has_plus = std::isfinite(plus);
    if (has_minus && has_plus) {
        out = (plus - minus) / (2.0 * res);
    } else if (has_plus) {
        out = (plus - c) / res;
    } else if (has_minus) {
        out = (c - minus) / res;
    } else {
        return false;
    }
    return true;
}

}  // namespace

CostModel::CostModel(const CostmapConfig &config)
    : inv_obstacle_max_(1.0 / config.obstacle_count_max),
      inv_slope_max_(180.0 / (config.slope_max_deg * std::numbers::pi)),
      inv_roughness_max_(1.0 / config.roughness_max),
      w_obstacle_(config.weight_obstacle),
      w_slope_(config.weight_slope),
      w_roughness_(config.weight_roughness),
      w_unknown_(config.weight_unknown),
      obstacle_lethal_(config.obstacle_lethal_cost),
      lethal_(config.lethal_threshold),
      round_(config.rounding == Rounding::Round) {}

bool CostModel::slope(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                      double &out) {
    if (!std::isfinite(center)) return false;
    double dx = 0;
    double dy = 0;
    if (!axisGradient(center, x_minus, x_plus, res, dx) || !axisGradient(center, y_minus, y_plus, res, dy)) {
        return false;
    }
    out = std::atan(std::sqrt(dx * dx + dy * dy));
    return true;
}

}  // namespace robometrics::terrain
