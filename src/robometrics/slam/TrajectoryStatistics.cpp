#include "robometrics/slam/TrajectoryStatistics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "robometrics/slam/ErrorStatistics.hpp"

namespace robometrics::slam {

TrajectoryStatistics computeTrajectoryStatistics(const Trajectory &trajectory) {
    TrajectoryStatistics s;
    s.poses = trajectory.size();
    const std::size_t n = trajectory.size();
    for (std::size_t i = 1; i < n; ++i) s.length_m += (trajectory.positions[i] - trajectory.positions[i - 1]).norm();
    if (!trajectory.timestamped || n == 0) return s;

    s.first_stamp_s = trajectory.stamps.front();
    s.last_stamp_s = trajectory.stamps.back();
    if (n < 2) return s;
    s.duration_s = s.last_stamp_s - s.first_stamp_s;
    if (s.duration_s > 0) {
        s.mean_speed_mps = s.length_m / s.duration_s;
        s.rate_hz = static_cast<double>(n - 1) / s.duration_s;
    }
    std::vector<double> periods(n - 1);
    double max_speed = NAN;
    for (std::size_t i = 1; i < n; ++i) {
        const double dt = trajectory.stamps[i] - trajectory.stamps[i - 1];
        periods[i - 1] = dt;
        if (dt <= 0) {
            ++s.backward_steps;
            continue;
        }
        const double speed = (trajectory.positions[i] - trajectory.positions[i - 1]).norm() / dt;
        if (!(speed <= max_speed)) max_speed = speed;  // also takes the first value over NaN
    }
    s.max_speed_mps = max_speed;
    s.longest_gap_s = *std::max_element(periods.begin(), periods.end());
    std::vector<double> sorted = periods;
    s.median_period_s = medianInPlace(sorted);
    const double limit = kGapFactor * s.median_period_s;
    s.gaps =
        static_cast<std::size_t>(std::count_if(periods.begin(), periods.end(), [&](double dt) { return dt > limit; }));
    return s;
}

}  // namespace robometrics::slam
