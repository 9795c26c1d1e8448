#pragma once
// What the odometry of a SLAM run says about its motion: the 2-D path length (sum of x-y steps,
// z ignored, in the order the messages were recorded), the fastest motion, and when the robot
// started to move. Times are seconds on the run's axis (recorder log time).
//
// Speeds divide by header-stamp intervals when both samples carry increasing stamps (the
// publisher's clock: a recorder that logs two messages microseconds apart does not make the
// robot fast), else by log-time intervals (core/SpeedInterval, shared with the traversal
// distance's jump check); and never over less than min_speed_interval_s: shorter steps are merged
// with the next ones until the interval is long enough.

#include <cstddef>
#include <optional>
#include <vector>

#include "robometrics/core/SpeedInterval.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::slam {

struct OdomSample {
    double t = 0;  ///< seconds on the run axis (log time)
    double x = 0;
    double y = 0;
    std::optional<TimeNs> stamp;  ///< header stamp (any clock, sim time too); empty if unset
};

struct MotionConfig {
    /// The robot has started to move once it is this far (2-D) from its first odometry position.
    double start_motion_m = 0.05;
    /// Speeds are measured over at least this long (seconds): 100 Hz odometry keeps its resolution.
    double min_speed_interval_s = kMinSpeedIntervalS;
};

struct RunMotion {
    std::size_t samples = 0;
    double path_length_m = 0;
    double max_speed_mps = 0;            ///< fastest motion over an interval >= min_speed_interval_s
    double max_speed_at_s = 0;           ///< run-axis time of the later sample of the fastest interval
    double max_speed_step_m = 0;         ///< the distance of that interval
    double max_speed_interval_s = 0;     ///< its duration
    bool max_speed_from_stamps = false;  ///< that duration came from header stamps
    double first_s = 0;
    double last_s = 0;
    std::optional<double> movement_start_s;  ///< empty when the robot never moved that far
};

/// A sample of an Odometry message recorded at `t` (run-axis seconds); a zero stamp counts as unset.
OdomSample odomSample(double t, const msgs::Odometry &odometry);

/// The motion of a run, one sample at a time in recording order: for a log that is read back
/// from disk rather than held in memory (`evaluate` on a long run).
class MotionSummary {
public:
    explicit MotionSummary(const MotionConfig &config = {}) : config_(config) {}
    void add(const OdomSample &sample);
    const RunMotion &result() const { return motion_; }

private:
    MotionConfig config_;
    RunMotion motion_;
    OdomSample first_;     ///< the first sample: motion starts this far from it
    OdomSample from_;      ///< start of the interval the speed is measured over
    OdomSample previous_;  ///< the sample before, for the path length
};

RunMotion summariseMotion(const std::vector<OdomSample> &odometry, const MotionConfig &config = {});

/// ATE per metre travelled; empty when the path length is zero.
std::optional<double> driftPerMetre(double ate_m, double path_length_m);

}  // namespace robometrics::slam
