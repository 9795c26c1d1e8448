#pragma once
// The seed's cost formula: four factors normalised to [0, 1], a weighted total clamped to
// [0, 1], and the OccupancyGrid value (100 lethal, otherwise total*99 rounded or truncated).

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

    double obstacleCost(double points) const;   ///< min(points / obstacle_count_max, 1), negatives 0
    double slopeCost(double slope_rad) const;   ///< min(slope / slope_max, 1)
    double roughnessCost(double variance) const;///< min(variance / roughness_max, 1), negatives 0
    double total(const CostFactors &f) const;   ///< weighted sum clamped to [0, 1]
    /// 100 when obstacle >= obstacle_lethal_cost or total >= lethal_threshold; otherwise
    /// total*99 rounded half up (or truncated), so 0..99.
    std::int8_t value(const CostFactors &f) const;

    /// Slope angle [rad] at a cell from its height and its four neighbours' heights (NaN = none)
    /// at spacing `res`: central differences, one-sided with the centre when one neighbour of an
    /// axis is missing. False when the centre or both neighbours of an axis are missing.
    static bool slope(double center, double x_minus, double x_plus, double y_minus, double y_plus, double res,
                      double &out);

private:
    CostmapConfig config_;
    double slope_max_rad_;
};

}  // namespace robometrics::terrain
