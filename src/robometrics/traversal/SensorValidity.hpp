#pragma once
// What the traversal metrics accept from each sensor, by the message's own contract
// (docs/conventions.md, Sensor contracts), and the counts of what they set aside, so a summary
// can say how much of the input was no data instead of silently reading it as a measurement.
//
// LaserScan (REP 117): a range is a reading only when it is finite and
// range_min <= r <= range_max. NaN (no measurement), +inf (no return within range), -inf (too
// close) and values outside the limits (0.0 is the "no return" of lidars such as the TurtleBot3
// LDS-01, range_min 0.12 m) are not readings: neither obstacles nor clearance.
//
// Imu (sensor_msgs/msg/Imu comments): element 0 of a covariance set to -1 means the field has no
// data; a non-finite component makes the field unusable too.

#include <array>
#include <cstdint>
#include <optional>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal {

/// Ranges looked at and why those set aside were not readings.
struct ScanRangeCounts {
    std::uint64_t readings = 0;    ///< every range of every scan
    std::uint64_t non_finite = 0;  ///< NaN, +inf, -inf
    std::uint64_t below_min = 0;   ///< finite, below range_min (0.0 included)
    std::uint64_t above_max = 0;   ///< finite, above range_max
    std::uint64_t invalid() const { return non_finite + below_min + above_max; }
    ScanRangeCounts &operator+=(const ScanRangeCounts &o);
};

struct ScanMinimum {
    std::optional<double> range;  ///< the smallest reading; empty when the scan has none
    ScanRangeCounts counts;
};

/// The scan's smallest reading. With `respect_range_limits` false only finiteness is checked (the
/// seed's rule), so nothing is counted below or above the limits.
ScanMinimum scanMinimum(const msgs::LaserScan &scan, bool respect_range_limits);

enum class ImuField { Usable, NoData, NonFinite };

/// One vector field of an Imu message with its covariance.
ImuField imuField(const msgs::Vector3 &value, const std::array<double, 9> &covariance);

/// Messages whose field was not used, by reason.
struct ImuFieldSkips {
    std::uint64_t no_data = 0;     ///< covariance[0] == -1
    std::uint64_t non_finite = 0;  ///< a NaN or infinite component
    void count(ImuField field);
    std::uint64_t total() const { return no_data + non_finite; }
};

}  // namespace robometrics::traversal
