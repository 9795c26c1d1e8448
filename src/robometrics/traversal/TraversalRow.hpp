#pragma once
// What the traversal analyzer produces: one row per second of message time (the seed's CSV row
// plus the extended columns) and a whole-run summary.

#include <cstdint>
#include <optional>
#include <string>

#include "robometrics/core/Time.hpp"
#include "robometrics/traversal/SensorValidity.hpp"

namespace robometrics::traversal {

/// One row per log period. Optional values are absent when their buffer is empty; the seed
/// then writes the integer 0 (and `inf` for the clearance, which is +infinity here).
struct TraversalRow {
    TimeNs time = 0;                 ///< the tick (first message time + k seconds)
    std::int64_t timestamp_sec = 0;  ///< `Timestamp`: whole seconds of `time` (floor)
    std::uint64_t total_collisions = 0;
    bool collision_status = false;             ///< window mean clearance < collision_threshold
    double smoothness_metric = 0.0;            ///< cumulative sum of |a| + |w| over every IMU message
    std::optional<double> current_smoothness;  ///< window mean of |a| + |w|
    double obstacle_clearance = 0.0;           ///< window mean of per-scan minimum ranges (+inf: no scan yet)
    double distance_traveled = 0.0;
    std::optional<double> current_velocity;     ///< window mean of |v|
    std::optional<double> imu_accel_magnitude;  ///< latest |a|
    bool is_rough = false;                      ///< latest |a| > rough_terrain_threshold
    std::optional<double> vertical_roughness;   ///< latest |a_z|
    std::string notes;  ///< "Low clearance; Rough terrain; Rough movement" or "Normal operation"

    // Extended columns (beyond the seed).
    std::uint64_t collision_events = 0;  ///< rising edges of the per-scan collision flag
    double min_clearance = 0.0;          ///< minimum of the clearance window (+inf: no scan yet)
    double velocity_over_rough = 0.0;    ///< the seed's velocity_over_rough: last |v| seen while rough
    std::uint64_t rejected_pose_jumps = 0;
};

/// Totals over the whole run. Means, minima and maxima are NaN when their input never came.
struct TraversalSummary {
    TimeNs start_time = 0;
    TimeNs end_time = 0;
    double duration_s = 0.0;
    std::uint64_t rows = 0;
    std::uint64_t scans = 0;
    std::uint64_t imu_messages = 0;
    std::uint64_t pose_messages = 0;
    std::uint64_t odometry_messages = 0;

    std::uint64_t total_collisions = 0;
    std::uint64_t collision_events = 0;
    double distance_traveled = 0.0;
    bool distance_from_odometry = false;  ///< measured on the odometry pose (no PoseArray input)
    std::uint64_t rejected_pose_jumps = 0;
    double smoothness_metric = 0.0;

    double mean_clearance = 0.0;  ///< over every scan's minimum range
    double min_clearance = 0.0;
    double mean_smoothness = 0.0;  ///< over every IMU message's |a| + |w|
    double max_accel_magnitude = 0.0;
    double max_vertical_roughness = 0.0;
    double mean_velocity = 0.0;  ///< over every odometry message
    double max_velocity = 0.0;
    std::uint64_t rough_imu_readings = 0;

    double time_rough_terrain_s = 0.0;  ///< IMU readings held until the next one (or the end)
    double time_low_clearance_s = 0.0;  ///< scan minimum < min_safe_clearance, held likewise

    // What the sensor contracts set aside (docs/conventions.md, Sensor contracts).
    bool respect_range_limits = true;               ///< the parameter: false checks finiteness only (the seed)
    ScanRangeCounts scan_ranges;                    ///< every range of every scan, and why the invalid ones were
    std::uint64_t scans_without_valid_reading = 0;  ///< scans giving no clearance reading
    ImuFieldSkips imu_acceleration_skipped;         ///< messages whose acceleration was not used (nothing of them was)
    ImuFieldSkips imu_angular_velocity_skipped;     ///< messages whose angular rate was not used (no smoothness)
    std::uint64_t odometry_twist_non_finite = 0;    ///< no velocity reading from these
    std::uint64_t odometry_pose_non_finite = 0;     ///< not used for the distance (odometry source only)
    /// Odometry-pose steps faster than jump_speed_threshold, left out of distance_traveled.
    std::uint64_t odometry_jumps = 0;
    double odometry_jump_distance_m = 0.0;  ///< path length left out
    TimeNs first_odometry_jump_time = 0;    ///< log time of the sample ending the first jump (0: none)
    double first_odometry_jump_m = 0.0;     ///< its length
};

}  // namespace robometrics::traversal
