#include "robometrics/traversal/TraversalMetrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "robometrics/traversal/Norm.hpp"

namespace robometrics::traversal {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::int64_t floorSeconds(TimeNs t) {
    std::int64_t s = t / kNsPerSecond;
    return (t % kNsPerSecond < 0) ? s - 1 : s;
}

/// Adds the time a held state lasted (from the previous reading to `t`) when it was true.
void accumulateHeld(std::optional<TimeNs> &last_time, bool held, TimeNs t, TimeNs &total) {
    if (last_time && held && t > *last_time) total += t - *last_time;
}

}  // namespace

TraversalMetrics::TraversalMetrics(TraversalConfig config, RowSink row_sink, DebugSink debug_sink)
    : config_(config),
      row_sink_(std::move(row_sink)),
      debug_sink_(std::move(debug_sink)),
      smoothness_readings_(static_cast<std::size_t>(std::max(1, config.buffer_size))),
      clearance_readings_(static_cast<std::size_t>(std::max(1, config.buffer_size))),
      velocity_readings_(static_cast<std::size_t>(std::max(1, config.buffer_size))),
      odometry_distance_(config.jump_speed_threshold) {}

void TraversalMetrics::debug(TimeNs t, const std::string &text) const {
    if (debug_sink_) debug_sink_(t, text);
}

void TraversalMetrics::advanceTo(TimeNs t) {
    if (!started_) {
        started_ = true;
        start_time_ = now_ = t;
        next_tick_ = t + TraversalConfig::kLogPeriod;
        return;
    }
    if (t < now_) return;
    now_ = t;
    if (t < next_tick_) return;
    const TimeNs missed = (t - next_tick_) / TraversalConfig::kLogPeriod;
    const TimeNs tick = next_tick_ + missed * TraversalConfig::kLogPeriod;
    next_tick_ = tick + TraversalConfig::kLogPeriod;
    if (row_sink_) row_sink_(currentRow(tick));
    ++rows_;  // the seed's update_count, incremented after the row is written
}

void TraversalMetrics::onScan(const msgs::LaserScan &scan, TimeNs t) {
    onScanMinimum(scanMinimum(scan, config_.respect_range_limits), t);
}

void TraversalMetrics::onScanMinimum(const ScanMinimum &minimum, TimeNs t) {
    advanceTo(t);
    ++scans_;
    scan_ranges_ += minimum.counts;
    if (!minimum.range) {  // as the seed ignores a scan without a finite range
        ++scans_without_reading_;
        return;
    }
    const double clearance = *minimum.range;
    clearance_readings_.push(clearance);
    const bool colliding = clearance < config_.collision_threshold;
    if (colliding) ++total_collisions_;
    if (colliding && !in_collision_) ++collision_events_;
    in_collision_ = colliding;

    clearance_stats_.add(clearance);
    accumulateHeld(last_scan_time_, last_scan_low_, t, low_clearance_time_);
    last_scan_time_ = t;
    last_scan_low_ = clearance < config_.min_safe_clearance;

    if (debugDue()) {
        debug(t, fmt::format("LiDAR Update - Clearance: {:.2f}m, Collisions: {}", clearance, total_collisions_));
    }
}

void TraversalMetrics::onImu(const msgs::Imu &imu, TimeNs t) {
    advanceTo(t);
    ++imu_messages_;
    const ImuField accel = imuField(imu.linear_acceleration, imu.linear_acceleration_covariance);
    const ImuField angular = imuField(imu.angular_velocity, imu.angular_velocity_covariance);
    accel_skips_.count(accel);
    angular_skips_.count(angular);
    // Every figure of an IMU message needs its acceleration; the angular rate only adds to
    // smoothness (|a| + |w|), which is left out rather than taken as |a| + 0.
    if (accel != ImuField::Usable) return;
    const auto &a = imu.linear_acceleration;
    AccelReading reading;
    reading.magnitude = norm3(a.x, a.y, a.z);  // gravity included, as in the seed
    reading.vertical_roughness = std::abs(a.z);
    reading.is_rough = reading.magnitude > config_.rough_terrain_threshold;
    latest_accel_ = reading;
    if (angular == ImuField::Usable) {
        const auto &w = imu.angular_velocity;
        const double current = reading.magnitude + norm3(w.x, w.y, w.z);
        smoothness_metric_ += current;
        smoothness_readings_.push(current);  // bounded to buffer_size (the seed's list grew without bound)
        smoothness_stats_.add(current);
    }

    accel_stats_.add(reading.magnitude);
    vertical_stats_.add(reading.vertical_roughness);
    if (reading.is_rough) ++rough_readings_;
    accumulateHeld(last_imu_time_, last_imu_rough_, t, rough_time_);
    last_imu_time_ = t;
    last_imu_rough_ = reading.is_rough;
}

void TraversalMetrics::onPose(const msgs::PoseArray &poses, TimeNs t) {
    advanceTo(t);
    ++pose_messages_;
    if (poses.poses.empty() || distance_from_odometry_) return;
    addPosition(poses.poses.front().position, t);
}

void TraversalMetrics::addPosition(const msgs::Point &p, TimeNs t) {
    if (previous_position_) {
        const double d = distance3(*previous_position_, p);
        // The seed's guard is for a ground-truth pose that jumps when the simulator resets.
        if (d < config_.distance_threshold) {
            addStep(d, t);
        } else {
            ++rejected_pose_jumps_;
        }
    }
    previous_position_ = p;  // updated even after a rejected jump, as in the seed
}

void TraversalMetrics::addOdometryPosition(const msgs::Odometry &odom, TimeNs t) {
    const msgs::Point &p = odom.pose.pose.position;
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
        ++odometry_pose_non_finite_;  // a NaN would make the distance NaN for the rest of the run
        return;
    }
    if (auto d = odometry_distance_.add(p, t, stampIfSet(odom.header.stamp.toNs()))) addStep(*d, t);
}

void TraversalMetrics::addStep(double d, TimeNs t) {
    total_distance_ += d;
    if (debugDue()) debug(t, fmt::format("Position Update - Distance: {:.2f}m, Total: {:.2f}m", d, total_distance_));
}

void TraversalMetrics::onOdometry(const msgs::Odometry &odom, TimeNs t) {
    advanceTo(t);
    ++odometry_messages_;
    const auto &v = odom.twist.twist.linear;
    const double speed = norm3(v.x, v.y, v.z);
    if (std::isfinite(speed)) {
        velocity_readings_.push(speed);
        velocity_stats_.add(speed);
        if (latest_accel_ && latest_accel_->is_rough) velocity_over_rough_ = speed;
    } else {
        ++twist_non_finite_;
    }
    if (distance_from_odometry_) addOdometryPosition(odom, t);
}

TraversalRow TraversalMetrics::currentRow(TimeNs t) const {
    TraversalRow row;
    row.time = t;
    row.timestamp_sec = floorSeconds(t);
    row.total_collisions = total_collisions_;
    row.smoothness_metric = smoothness_metric_;
    row.distance_traveled = total_distance_;
    row.velocity_over_rough = velocity_over_rough_;
    row.collision_events = collision_events_;
    row.rejected_pose_jumps = rejected_pose_jumps_;

    if (!smoothness_readings_.empty()) {
        double sum = 0;
        smoothness_readings_.forEach([&](double r) { sum += r; });
        row.current_smoothness = sum / static_cast<double>(smoothness_readings_.size());
    }
    if (latest_accel_) {
        row.imu_accel_magnitude = latest_accel_->magnitude;
        row.is_rough = latest_accel_->is_rough;
        row.vertical_roughness = latest_accel_->vertical_roughness;
    }
    row.obstacle_clearance = kInf;
    row.min_clearance = kInf;
    if (!clearance_readings_.empty()) {
        double sum = 0;
        clearance_readings_.forEach([&](double c) {
            sum += c;
            row.min_clearance = std::min(row.min_clearance, c);
        });
        row.obstacle_clearance = sum / static_cast<double>(clearance_readings_.size());
    }
    if (!velocity_readings_.empty()) {
        double sum = 0;
        velocity_readings_.forEach([&](double v) { sum += v; });
        row.current_velocity = sum / static_cast<double>(velocity_readings_.size());
    }
    row.collision_status = row.obstacle_clearance < config_.collision_threshold;

    // The seed's note rules (dead code in the original), evaluated on the row's own values.
    std::string notes;
    auto note = [&](const char *text) { notes += notes.empty() ? text : std::string("; ") + text; };
    if (row.obstacle_clearance < config_.min_safe_clearance) note("Low clearance");
    if (row.is_rough) note("Rough terrain");
    if (row.current_smoothness.value_or(0.0) > config_.smoothness_threshold) note("Rough movement");
    row.notes = notes.empty() ? "Normal operation" : notes;
    return row;
}

TraversalSummary TraversalMetrics::finish(TimeNs end_time) {
    if (!started_) return TraversalSummary{};  // no message at all: nothing to sum
    advanceTo(end_time);
    const TimeNs end = std::max(now_, end_time);
    accumulateHeld(last_imu_time_, last_imu_rough_, end, rough_time_);
    accumulateHeld(last_scan_time_, last_scan_low_, end, low_clearance_time_);
    last_imu_time_ = last_scan_time_ = end;  // a second finish() adds nothing

    TraversalSummary s;
    s.start_time = start_time_;
    s.end_time = end;
    s.duration_s = toSeconds(end - start_time_);
    s.rows = rows_;
    s.scans = scans_;
    s.imu_messages = imu_messages_;
    s.pose_messages = pose_messages_;
    s.odometry_messages = odometry_messages_;
    s.total_collisions = total_collisions_;
    s.collision_events = collision_events_;
    s.distance_traveled = total_distance_;
    s.distance_from_odometry = distance_from_odometry_;
    s.rejected_pose_jumps = rejected_pose_jumps_;
    s.smoothness_metric = smoothness_metric_;
    s.mean_clearance = clearance_stats_.mean();
    s.min_clearance = clearance_stats_.min();
    s.mean_smoothness = smoothness_stats_.mean();
    s.max_accel_magnitude = accel_stats_.max();
    s.max_vertical_roughness = vertical_stats_.max();
    s.mean_velocity = velocity_stats_.mean();
    s.max_velocity = velocity_stats_.max();
    s.rough_imu_readings = rough_readings_;
    s.time_rough_terrain_s = toSeconds(rough_time_);
    s.time_low_clearance_s = toSeconds(low_clearance_time_);

    s.respect_range_limits = config_.respect_range_limits;
    s.scan_ranges = scan_ranges_;
    s.scans_without_valid_reading = scans_without_reading_;
    s.imu_acceleration_skipped = accel_skips_;
    s.imu_angular_velocity_skipped = angular_skips_;
    s.odometry_twist_non_finite = twist_non_finite_;
    s.odometry_pose_non_finite = odometry_pose_non_finite_;
    s.odometry_jumps = odometry_distance_.jumps();
    s.odometry_jump_distance_m = odometry_distance_.jumpDistance();
    s.first_odometry_jump_time = odometry_distance_.firstJumpTime();
    s.first_odometry_jump_m = odometry_distance_.firstJumpLength();
    return s;
}

}  // namespace robometrics::traversal
