#pragma once
// The seed's cost formula: four factors normalised to [0, 1], a weighted total clamped to
// [0, 1], and the OccupancyGrid value (100 lethal, otherwise total*99 rounded or truncated).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "robometrics/terrain/CostmapConfig.hpp"

namespace robometrics::terrain {

struct CostFactors {
    double obstacle = 0;
    double slope = 0;
    double roughness = 0;
    double unknown = 0;
};

class CostModel {
public:
    explicit CostModel(const CostmapConfig &config);

    // Inline: they run once per costmap cell (the whole-map benchmark costs 1.44 M cells a frame).

    /// min(points / obstacle_count_max, 1), negatives 0
    double obstacleCost(double points) const { return clamp01(points * inv_obstacle_max_); }
    /// min(slope / slope_max, 1)
    double slopeCost(double slope_rad) const { return clamp01(slope_rad * inv_slope_max_); }
    /// min(variance / roughness_max, 1), negatives 0
    double roughnessCost(double variance) const { return clamp01(variance * inv_roughness_max_); }
    /// Weighted sum clamped to [0, 1].
    double total(const CostFactors &f) const {
        return clamp01(w_obstacle_ * f.obstacle + w_slope_ * f.slope + w_roughness_ * f.roughness +
                       w_unknown_ * f.unknown);
    }
    /// 100 when obstacle >= obstacle_lethal_cost or total >= lethal_threshold; otherwise
    /// total*99 rounded half up (or truncated), so 0..99.
    std::int8_t value(const CostFactors &f) const {
        if (f.obstacle >= obstacle_lethal_) return 100;
        const double t = total(f);
        if (t >= lethal_) return 100;
        // t <= 1, so t*99 <= 99 even when lethal_threshold > 1.
        const double v = std::floor(t * 99.0 + (round_ ? 0.5 : 0.0));
        return static_cast<std::int8_t>(std::min(v, 99.0));
    }

    /// Slope angle [rad] at a cell from its height and its four neighbours' heights (NaN = none)
    /// at spacing `res`: central differences, one-sided with the centre when one neighbour of an
    /// axis is missing. False when the centre or both neighbours of an axis are missing.
    static bool slope(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                      double &out);

private:
    static double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

    double inv_obstacle_max_, inv_slope_max_, inv_roughness_max_;
    double w_obstacle_, w_slope_, w_roughness_, w_unknown_;
    double obstacle_lethal_, lethal_;
    bool round_;
};

}  // namespace robometrics::terrain
