#include "robometrics/terrain/CostModel.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace robometrics::terrain {

namespace {

double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

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
    : config_(config), slope_max_rad_(config.slope_max_deg * std::numbers::pi / 180.0) {}

double CostModel::obstacleCost(double points) const { return clamp01(points / config_.obstacle_count_max); }

double CostModel::slopeCost(double slope_rad) const { return clamp01(slope_rad / slope_max_rad_); }

double CostModel::roughnessCost(double variance) const { return clamp01(variance / config_.roughness_max); }

double CostModel::total(const CostFactors &f) const {
    return clamp01(config_.weight_obstacle * f.obstacle + config_.weight_slope * f.slope +
                   config_.weight_roughness * f.roughness + config_.weight_unknown * f.unknown);
}

std::int8_t CostModel::value(const CostFactors &f) const {
    if (f.obstacle >= config_.obstacle_lethal_cost) return 100;
    const double t = total(f);
    if (t >= config_.lethal_threshold) return 100;
    // t < 1 here unless lethal_threshold > 1; either way t*99 <= 99.
    const double scaled = t * 99.0;
    const double v = config_.rounding == Rounding::Round ? std::floor(scaled + 0.5) : std::floor(scaled);
    return static_cast<std::int8_t>(std::min(v, 99.0));
}

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
