#include "robometrics/traversal/OdometryDistance.hpp"

#include "robometrics/traversal/Norm.hpp"

namespace robometrics::traversal {

std::optional<double> OdometryDistance::add(const msgs::Point &position, TimeNs log_time, std::optional<TimeNs> stamp) {
    if (!anchor_) {
        anchor_ = Sample{position, log_time, stamp};
        previous_ = position;
        return std::nullopt;
    }
    pending_path_ += distance3(previous_, position);
    previous_ = position;
    // Log times relative to the anchor: exact in double whatever the epoch.
    const SpeedInterval dt = speedInterval(0.0, anchor_->stamp, toSeconds(log_time - anchor_->log_time), stamp);
    if (!(dt.seconds >= kMinSpeedIntervalS)) return std::nullopt;  // merged with the next step
    const double path = pending_path_;
    const bool jump = distance3(anchor_->position, position) / dt.seconds > jump_speed_threshold_;
    anchor_ = Sample{position, log_time, stamp};
    pending_path_ = 0;
    if (!jump) return path;
    if (jumps_ == 0) {
        first_jump_time_ = log_time;
        first_jump_length_ = path;
    }
    ++jumps_;
    jump_distance_ += path;
    return std::nullopt;
}

}  // namespace robometrics::traversal
