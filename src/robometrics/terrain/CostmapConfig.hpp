#pragma once
// Every parameter of the terrain_costmap node (seed table and the original's extra topic names)
// with its default, plus the project's additions. Read from a ROS 2 params file under the node
// name `terrain_costmap` (see docs/costmap.md for each one).

#include <string>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::terrain {

enum class Rounding { Round, Truncate };

struct CostmapConfig {
    // Costmap geometry
    double costmap_size = 3.0;        ///< side of the square costmap [m]
    double costmap_resolution = 0.1;  ///< cell size [m]
    std::string robot_frame = "base_link";
    std::string odom_frame = "odom";
    // Cost weights (their sum is not enforced, as in the original; the total is clamped to [0, 1])
    double weight_obstacle = 0.40;
    double weight_slope = 0.30;
    double weight_roughness = 0.15;
    double weight_unknown = 0.15;
    // Thresholds
    double slope_max_deg = 35.0;        ///< slope >= this -> slope cost 1
    double roughness_max = 0.05;        ///< variance >= this -> roughness cost 1 [m^2]
    double obstacle_count_max = 5.0;    ///< obstacle points >= this -> obstacle cost 1
    double confidence_threshold = 0.1;  ///< groundpatch below this -> unknown cost 1
    double lethal_threshold = 0.8;      ///< total >= this -> 100
    // Terrain accumulation
    bool enable_terrain_accumulation = true;
    int terrain_max_points = 200000;
    double terrain_radius = 10.0;        ///< sliding window radius around the robot [m]
    double terrain_publish_rate = 1.0;   ///< terrain cloud output rate [Hz] (message time)
    // Topics (the original's extra parameters)
    std::string gridmap_topic = "/groundgrid/grid_map";
    std::string filtered_cloud_topic = "/groundgrid/filtered_cloud";
    std::string costmap_topic = "/terrain_costmap";
    std::string terrain_cloud_topic = "/terrain_costmap/terrain_cloud";

    // Additions of this project (defaults keep the seed's behaviour where it was not a defect)
    Rounding rounding = Rounding::Round;    ///< "round" (README) or "truncate" (original code)
    double obstacle_lethal_cost = 0.99;     ///< obstacle cost >= this -> 100 ("definite obstacle")
    double observed_confidence_min = 0.002; ///< groundpatch above GroundGrid's floor 0.001 = observed
    double ground_intensity = 49.0;         ///< GroundGrid's ground label in filtered_cloud
    double ground_intensity_tolerance = 0.5;///< |intensity - 49| <= this is ground (original: 5)
    bool fill_from_terrain = false;         ///< cost cells the GridMap leaves unknown from accumulated points
    int terrain_min_points_per_cell = 2;    ///< fewer accumulated points in a cell -> stays unknown
    double inflation_radius = 0.0;          ///< 0 = no inflation [m]
    double inscribed_radius = 0.0;          ///< cells this close to a lethal cell get 99 [m]
    double cost_scaling_factor = 3.0;       ///< Nav2's exponential decay rate [1/m]
    double tf_tolerance = 0.1;              ///< accept a TF this far outside its samples [s]

    int cellsPerSide() const;

    /// Reads every known parameter from `params`, then validates. Errors name the parameter.
    static Result<CostmapConfig> fromParams(const Params &params);
    /// Checks ranges (positive sizes, weights >= 0, ...); errors name the parameter.
    Status validate() const;
};

}  // namespace robometrics::terrain
