#pragma once
// Estimates the time offset between a reference and an estimate whose clocks differ (a sensor
// driver stamping on arrival, a SLAM system on its own clock): evo users set --t_offset by hand.
//
// 1. A motion profile of each trajectory on a grid of its own (same step): the angular rate
//    |log(R(t-h)^T R(t+h))| / 2h, and the speed ||p(t+h) - p(t-h)|| / 2h, with poses interpolated
//    (linear, slerp). Both are unchanged by any rigid alignment, and the correlation ignores scale.
// 2. The Pearson correlation of the two profiles at every lag with enough overlap (at least half
//    of the shorter profile), through an FFT; the profile whose peak is more trustworthy wins.
// 3. The peak, refined by a parabola through it and its neighbours.
// 4. The offset minimising the position residual after SE(3) Umeyama alignment, the reference
//    interpolated at the estimate's shifted stamps, searched within two grid steps of the peak
//    (golden section). Skipped when the alignment is degenerate (straight lines).
//
// The confidence is peak * sharpness: the correlation at the peak (-1..1, negative read as 0)
// times 1 - (the best correlation outside the peak's lobe) / peak. A trajectory without
// distinctive motion (a straight line at constant speed) gives a low confidence.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

struct TimeOffsetConfig {
    std::size_t max_grid_points = 1 << 15;  ///< per profile: the step grows on long trajectories
    double min_step = 0.005;                ///< s: finer than this the profiles are noise
    double min_overlap = 0.5;               ///< of the shorter profile, for a lag to count
};

struct TimeOffsetEstimate {
    double offset = 0;              ///< s, to add to the estimate's stamps (as --t-offset)
    double correlation_offset = 0;  ///< s, the correlation peak before the residual refinement
    double peak = 0;                ///< Pearson correlation at the peak
    double sharpness = 0;           ///< 1 - best correlation outside the peak's lobe / peak, 0..1
    double confidence = 0;          ///< max(peak, 0) * sharpness, 0..1
    std::string signal;             ///< "angular_rate" or "speed"
    double grid_step = 0;           ///< s
    bool refined = false;           ///< whether step 4 ran
};

/// Errors when a trajectory has no stamps or fewer than 4 poses, or no profile varies.
Result<TimeOffsetEstimate> estimateTimeOffset(const Trajectory &ref, const Trajectory &est,
                                              const TimeOffsetConfig &config = {});

}  // namespace robometrics::slam
