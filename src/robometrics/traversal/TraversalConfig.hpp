#pragma once
// Parameters of the traversal metrics, with the seed's defaults (RoboTerrain metrics_node).
// The seed hard-codes the thresholds; here every one is a ROS 2 parameter of the node
// `metrics_node`, so a params file or `-p name:=value` can tune them.

#include <cstddef>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::traversal {

struct TraversalConfig {
    static constexpr const char *kNodeName = "metrics_node";

    double collision_threshold = 0.2;       ///< m: a scan whose minimum range is below this is a collision
    double smoothness_threshold = 10.0;     ///< window mean of |a| + |w| above this notes "Rough movement"
    double min_safe_clearance = 0.5;        ///< m: window mean clearance below this notes "Low clearance"
    double distance_threshold = 0.5;        ///< m: pose steps of this length or more are rejected as jumps
    double rough_terrain_threshold = 15.0;  ///< m/s^2: |a| (gravity included) above this is rough terrain
    int buffer_size = 100;                  ///< readings kept for the window means (IMU, clearance, velocity)
    bool debug_mode = false;                ///< emit debug lines from the scan and pose callbacks
    int debug_interval = 100;               ///< debug lines while the row count is a multiple of this
    /// REP 117: a scan range is a reading only when finite and within [range_min, range_max]
    /// (0.0 below range_min is a lidar's "no return"); false checks finiteness only, as the seed.
    bool respect_range_limits = true;
    /// m/s: an odometry-pose step faster than this is a jump (odometry reset, teleport), left out of
    /// the distance; slam_eval's max_speed_mps has the same default.
    double jump_speed_threshold = 1.5;

    /// Rows are produced once per this period of message time (the seed's 1 s timer).
    static constexpr TimeNs kLogPeriod = kNsPerSecond;

    /// Reads every parameter above that `params` holds; fails naming the parameter on a bad value.
    static Result<TraversalConfig> fromParams(const Params &params);

    /// Checks ranges (positive buffer size, debug interval and jump speed, finite thresholds).
    Status validate() const;
};

}  // namespace robometrics::traversal
