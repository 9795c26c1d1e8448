#pragma once
// A GroundGrid-like elevation map around the rover, in the odom frame, kept as grid_map keeps
// it: a square circular buffer that scrolls with the rover (cells leaving the window are reset),
// published with its circular start indexes. Layers, as GroundGrid defines them:
//   points      - non-ground (obstacle) points of the current scan in the cell
//   ground      - ground elevation estimate (m), confidence-weighted blend of observations
//   groundpatch - confidence of the ground estimate in [0, 1]: grows with ground points, decays
//                 away from the rover, 1 under the rover
//   variance    - population variance of the heights of all points of the current scan (m^2)

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::sim {

struct GroundGridConfig {
    double resolution = 0.3;         ///< m
    int cells = 30;                  ///< per side (even)
    double point_count_factor = 20;  ///< GroundGrid occupied_cells_point_count_factor
    double decrease_factor = 5;      ///< GroundGrid occupied_cells_decrease_factor
    double min_dist_squared = 12;    ///< m^2, no confidence decay closer than this
    double initial_confidence = 1e-4;
};

class GroundGridMap {
public:
    explicit GroundGridMap(GroundGridConfig config = {});

    /// One scan: `points` in the odom frame with their ground labels, the rover (base_link) in odom.
    void update(const std::vector<Eigen::Vector3d> &points, const std::vector<bool> &ground,
                const Eigen::Vector3d &rover);
    /// grid_map_msgs/GridMap in frame "odom" (stamp left to the caller).
    msgs::GridMap message() const;

    /// Layer value at a world (odom) point, or NaN outside the window. Layers: 0 points,
    /// 1 ground, 2 groundpatch, 3 variance.
    float valueAt(int layer, double x, double y) const;

private:
    enum Layer { Points = 0, Ground = 1, Patch = 2, Variance = 3, LayerCount = 4 };
    std::size_t storage(std::int64_t gx, std::int64_t gy) const;
    void move(const Eigen::Vector3d &rover);
    void resetCell(std::size_t k, float ground, float confidence);

    GroundGridConfig config_;
    int n_;
    std::int64_t center_x_ = 0, center_y_ = 0;  ///< global cell of the map centre
    std::vector<std::int64_t> row_global_, col_global_;
    bool initialised_ = false;
    std::vector<float> layers_[LayerCount];  ///< storage order (column-major: c * n + r)
};

}  // namespace robometrics::sim
