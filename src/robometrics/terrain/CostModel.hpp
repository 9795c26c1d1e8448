#pragma once
// The seed's cost formula: four factors normalised to [0, 1], a weighted total clamped to
// [0, 1], and the OccupancyGrid value (100 lethal, otherwise total*99 rounded or truncated).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "robometrics/terrain/CellBatch.hpp"
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
    /// The slope factor of a height gradient: slopeCost(atan(|(dx, dy)|)), bit for bit. The
    /// atan (the dearest step of a cell's cost) runs only between the two ends of the ramp: a flat
    /// cell is 0 (atan(0) = 0), and a gradient safely beyond tan(slope_max) saturates at 1.
    double slopeCostOfGradient(double dx, double dy) const {
        const double g2 = dx * dx + dy * dy;
        if (g2 == 0) return 0;
        if (g2 > saturating_gradient2_) return 1;
        return slopeCost(std::atan(std::sqrt(g2)));
    }
    /// True when the obstacle factor alone makes the cell lethal (value() is 100 whatever the
    /// other factors are), so a caller may skip computing them.
    bool definiteObstacle(double obstacle) const { return obstacle >= obstacle_lethal_; }
    /// 100 when obstacle >= obstacle_lethal_cost or total >= lethal_threshold; otherwise
    /// total*99 rounded half up (or truncated), so 0..99.
    std::int8_t value(const CostFactors &f) const {
        if (definiteObstacle(f.obstacle)) return 100;
        const double t = total(f);
        if (t >= lethal_) return 100;
        // 0 <= t <= 1, so t*99 + 0.5 is in [0, 99.5]: truncation is floor there (and cheaper than
        // std::floor without SSE4.1), and the result is at most 99 even when lethal_threshold > 1.
        const int v = static_cast<int>(t * 99.0 + (round_ ? 0.5 : 0.0));
        return static_cast<std::int8_t>(std::min(v, 99));
    }

    /// The value() of every cell of `batch` (its heights `resolution` apart), bit for bit as
    /// value() of the factors, gradient() and slopeCostOfGradient() give it; the whole-map
    /// costmap's hot loop (see CostModel.cpp for how it avoids branches and most atan calls).
    void values(CellBatch &batch, double resolution) const;

    /// Height gradient (dx, dy) at a cell from its height and its four neighbours' heights
    /// (NaN = none) at spacing `res`: central differences, one-sided with the centre when one
    /// neighbour of an axis is missing. False when the centre or both neighbours of an axis are
    /// missing. Inline: it runs once per costmap cell.
    static bool gradient(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                         double &dx, double &dy) {
        return std::isfinite(center) && axisGradient(center, x_minus, x_plus, res, dx) &&
               axisGradient(center, y_minus, y_plus, res, dy);
    }
    /// Slope angle [rad] = atan(|gradient|); false as for gradient().
    static bool slope(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                      double &out);

private:
    static double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

    /// Largest |gradient| (26.6 deg) that values() bounds with the series of atanBounds(); above
    /// it the bounds would straddle a step of the value too often to pay.
    static constexpr double kSeriesMaxGradient = 0.5;

    // Bounds on std::atan(g) for 0 <= g <= kSeriesMaxGradient. atan g = g - g^3/3 + g^5/5 - ...
    // alternates with decreasing terms for g <= 1, so a partial sum ending on a negative term is
    // below it and one ending on a positive term above it; at g = 0.5 the two are 9.4e-6 apart.
    // The relative margin of 1e-12 covers the rounding of this evaluation and std::atan's own
    // error (both below 1e-15) hundreds of times over.
    static void atanBounds(double g, double g2, double &lo, double &hi) {
        constexpr double kMargin = 1e-12;
        const double below =
            g * (1 + g2 * (-1.0 / 3 + g2 * (1.0 / 5 + g2 * (-1.0 / 7 + g2 * (1.0 / 9 + g2 * (-1.0 / 11))))));
        const double g6 = g2 * g2 * g2;
        lo = below * (1 - kMargin);
        hi = (below + g * g6 * g6 * (1.0 / 13)) * (1 + kMargin);
    }

    // Derivative along one axis from the two neighbours (NaN = missing); false when both missing.
    static bool axisGradient(double c, double minus, double plus, double res, double &out) {
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

    double inv_obstacle_max_, inv_slope_max_, inv_roughness_max_;
    double saturating_gradient2_;  ///< |gradient|^2 above which the slope factor is surely 1 (inf: never)
    double w_obstacle_, w_slope_, w_roughness_, w_unknown_;
    double obstacle_lethal_, lethal_;
    double confidence_threshold_;
    bool round_;
};

}  // namespace robometrics::terrain
