#pragma once
// What the odometry of a SLAM run says about its motion: the 2-D path length (sum of x-y steps,
// z ignored, in the order the messages were recorded), the fastest step, and when the robot
// started to move. Times are seconds of bag record time, as the original orchestrator used them.

#include <cstddef>
#include <optional>
#include <vector>

namespace robometrics::slam {

struct OdomSample {
    double t = 0;  ///< seconds (bag record time)
    double x = 0;
    double y = 0;
};

struct MotionConfig {
    /// The robot has started to move once it is this far (2-D) from its first odometry position.
    double start_motion_m = 0.05;
};

struct RunMotion {
    std::size_t samples = 0;
    double path_length_m = 0;
    double max_speed_mps = 0;   ///< over consecutive samples with dt > 0 (others are skipped)
    double max_speed_at_s = 0;  ///< stamp of the later sample of the fastest step
    double first_s = 0;
    double last_s = 0;
    std::optional<double> movement_start_s;  ///< empty when the robot never moved that far
};

RunMotion summariseMotion(const std::vector<OdomSample> &odometry, const MotionConfig &config = {});

/// ATE per metre travelled; empty when the path length is zero.
std::optional<double> driftPerMetre(double ate_m, double path_length_m);

}  // namespace robometrics::slam
