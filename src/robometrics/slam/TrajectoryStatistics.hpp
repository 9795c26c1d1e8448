#pragma once
// What `robometrics traj` reports about one trajectory: size, path length, duration, speeds,
// rate and the gaps in its stamps. Pure arithmetic over the poses, in recorded order.

#include <cmath>
#include <cstddef>

#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

struct TrajectoryStatistics {
    std::size_t poses = 0;
    double length_m = 0.0;  ///< sum of the distances between consecutive poses
    // The fields below need stamps: they are NaN for trajectories without time (KITTI files) and
    // for fewer than two poses.
    double duration_s = NAN;      ///< last stamp - first stamp
    double mean_speed_mps = NAN;  ///< length / duration (not the mean of step speeds: a 1 us step would dominate that)
    double max_speed_mps = NAN;   ///< the largest distance / time of one step with a positive time step
    double rate_hz = NAN;         ///< (poses - 1) / duration
    double median_period_s = NAN;
    double longest_gap_s = NAN;      ///< the largest step between consecutive stamps
    std::size_t gaps = 0;            ///< steps longer than twice the median period
    std::size_t backward_steps = 0;  ///< steps whose stamp is not after the previous one (unsorted or repeated)
    double first_stamp_s = NAN;
    double last_stamp_s = NAN;
};

/// A gap is a step between stamps longer than this many median periods.
inline constexpr double kGapFactor = 2.0;

TrajectoryStatistics computeTrajectoryStatistics(const Trajectory &trajectory);

}  // namespace robometrics::slam
