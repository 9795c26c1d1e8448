#pragma once
// Distance travelled along an odometry pose, for robots that record no ground-truth PoseArray (a
// Nav2 robot has /odom). Odometry is continuous, so a step is real travel even after a message
// gap (the seed's 0.5 m step guard would reject it); a step is a jump only when it is faster than
// jump_speed_threshold: an odometry reset, a teleport in simulation. Jumps are left out of the
// distance and counted, with the first one kept so a summary can name it.
//
// Speed = straight 3-D displacement over the speed interval of core/SpeedInterval (header stamps
// when both samples have increasing ones, else log times); a step shorter than
// kMinSpeedIntervalS is merged with the next ones, and the merged path is judged as one step.

#include <cstdint>
#include <optional>

#include "robometrics/core/SpeedInterval.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal {

class OdometryDistance {
public:
    explicit OdometryDistance(double jump_speed_threshold) : jump_speed_threshold_(jump_speed_threshold) {}

    /// Adds a finite position logged at `log_time` with its header stamp (empty when unset).
    /// Returns the path length it adds to the distance; empty while the step is merged with the
    /// next ones or when it was a jump.
    std::optional<double> add(const msgs::Point &position, TimeNs log_time, std::optional<TimeNs> stamp);

    std::uint64_t jumps() const { return jumps_; }
    double jumpDistance() const { return jump_distance_; }         ///< m, left out of the distance
    TimeNs firstJumpTime() const { return first_jump_time_; }      ///< log time ending the first jump
    double firstJumpLength() const { return first_jump_length_; }  ///< m

private:
    struct Sample {
        msgs::Point position;
        TimeNs log_time = 0;
        std::optional<TimeNs> stamp;
    };

    double jump_speed_threshold_;
    std::optional<Sample> anchor_;  ///< where the step being measured starts
    msgs::Point previous_;          ///< the last position (the merged path's last vertex)
    double pending_path_ = 0;       ///< path from the anchor to the last position
    std::uint64_t jumps_ = 0;
    double jump_distance_ = 0;
    TimeNs first_jump_time_ = 0;
    double first_jump_length_ = 0;
};

}  // namespace robometrics::traversal
