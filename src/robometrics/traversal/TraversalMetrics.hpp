#pragma once
// The traversal metrics of RoboTerrain's metrics_node as a pure streaming analyzer: feed it
// scans, IMU readings, pose arrays and wheel odometry with their message times; it calls the
// row sink once per second of message time (the seed's 1 s timer) and keeps a whole-run summary.
//
// Faithful to the seed: per-scan collision counting, |a| with gravity, the cumulative smoothness,
// the 3-D distance with the strict outlier guard (previous position updated even on a rejected
// jump), window means over the last buffer_size readings, `inf` clearance before the first scan.
// Fixed: the IMU buffer is bounded like the others, and the Notes column is computed.
// Sensor contracts (traversal/SensorValidity.hpp): only LaserScan ranges within their limits
// are obstacles (respect_range_limits), Imu fields marked "no data" or non-finite are not used,
// non-finite odometry is skipped, and odometry-pose jumps are left out of the distance; the
// summary counts each.
// Time comes only from the messages; nothing here reads a clock or does I/O.

#include <functional>
#include <optional>
#include <string>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/traversal/OdometryDistance.hpp"
#include "robometrics/traversal/RingBuffer.hpp"
#include "robometrics/traversal/SensorValidity.hpp"
#include "robometrics/traversal/TraversalConfig.hpp"
#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::traversal {

class TraversalMetrics {
public:
    using RowSink = std::function<void(const TraversalRow &)>;
    /// Debug lines (the seed's INFO logs), with the message time that produced them.
    using DebugSink = std::function<void(TimeNs, const std::string &)>;

    explicit TraversalMetrics(TraversalConfig config = {}, RowSink row_sink = {}, DebugSink debug_sink = {});

    void onScan(const msgs::LaserScan &scan, TimeNs t);
    /// onScan with the scan's minimum already found (scanMinimum with the config's
    /// respect_range_limits): evaluate's scanner of the same topic finds it once for both.
    void onScanMinimum(const ScanMinimum &minimum, TimeNs t);
    void onImu(const msgs::Imu &imu, TimeNs t);
    void onPose(const msgs::PoseArray &poses, TimeNs t);
    void onOdometry(const msgs::Odometry &odom, TimeNs t);

    /// Moves the clock to `t` and produces the row of the last tick passed, if any. Each on*()
    /// call does this first, so a tick at exactly t is logged before the message at t is applied.
    /// Like an ROS timer, a gap of several periods produces one row (missed ticks are skipped,
    /// the phase is kept). Time going backwards is ignored.
    void advanceTo(TimeNs t);

    /// Ends the run at `end_time` (ticks up to it are produced) and returns the summary.
    TraversalSummary finish(TimeNs end_time);

    /// The row that a tick at time `t` would log now (no side effect).
    TraversalRow currentRow(TimeNs t) const;

    /// Distance from the odometry pose instead of the seed's PoseArray (ground truth), for robots
    /// that record no PoseArray (a Nav2 robot has /odom); steps are judged by speed, not by the
    /// seed's step guard (OdometryDistance). The summary says which source was used.
    void setDistanceFromOdometry(bool on) { distance_from_odometry_ = on; }

    const TraversalConfig &config() const { return config_; }
    std::uint64_t rowCount() const { return rows_; }

private:
    /// What an Imu message with a usable acceleration gives.
    struct AccelReading {
        double magnitude = 0;           ///< |a|, gravity included
        double vertical_roughness = 0;  ///< |a_z|
        bool is_rough = false;
    };

    void debug(TimeNs t, const std::string &text) const;
    /// The seed's distance step from the PoseArray, with its outlier guard.
    void addPosition(const msgs::Point &p, TimeNs t);
    /// An odometry-pose sample of the distance (setDistanceFromOdometry).
    void addOdometryPosition(const msgs::Odometry &odom, TimeNs t);
    void addStep(double d, TimeNs t);
    bool debugDue() const {
        return config_.debug_mode && rows_ % static_cast<std::uint64_t>(config_.debug_interval) == 0;
    }

    TraversalConfig config_;
    RowSink row_sink_;
    DebugSink debug_sink_;

    // Clock.
    bool started_ = false;
    TimeNs start_time_ = 0;
    TimeNs now_ = 0;
    TimeNs next_tick_ = 0;
    std::uint64_t rows_ = 0;

    // Seed state.
    std::uint64_t total_collisions_ = 0;
    double smoothness_metric_ = 0.0;
    double total_distance_ = 0.0;
    double velocity_over_rough_ = 0.0;
    std::optional<msgs::Point> previous_position_;
    std::optional<AccelReading> latest_accel_;
    RingBuffer<double> smoothness_readings_;  ///< |a| + |w| of messages with both fields usable
    RingBuffer<double> clearance_readings_;
    RingBuffer<double> velocity_readings_;

    // Extended state.
    bool in_collision_ = false;
    std::uint64_t collision_events_ = 0;
    std::uint64_t rejected_pose_jumps_ = 0;
    bool distance_from_odometry_ = false;
    OdometryDistance odometry_distance_;

    // What the sensor contracts set aside.
    ScanRangeCounts scan_ranges_;
    std::uint64_t scans_without_reading_ = 0;
    ImuFieldSkips accel_skips_, angular_skips_;
    std::uint64_t twist_non_finite_ = 0, odometry_pose_non_finite_ = 0;

    // Whole-run summary state.
    std::uint64_t scans_ = 0, imu_messages_ = 0, pose_messages_ = 0, odometry_messages_ = 0;
    RunningStats clearance_stats_, smoothness_stats_, accel_stats_, vertical_stats_, velocity_stats_;
    std::uint64_t rough_readings_ = 0;
    std::optional<TimeNs> last_imu_time_, last_scan_time_;
    bool last_imu_rough_ = false, last_scan_low_ = false;
    TimeNs rough_time_ = 0, low_clearance_time_ = 0;
};

}  // namespace robometrics::traversal
