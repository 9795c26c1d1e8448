#include "robometrics/traversal/SensorValidity.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::traversal {

ScanRangeCounts &ScanRangeCounts::operator+=(const ScanRangeCounts &o) {
    readings += o.readings;
    non_finite += o.non_finite;
    below_min += o.below_min;
    above_max += o.above_max;
    return *this;
}

ScanMinimum scanMinimum(const msgs::LaserScan &scan, bool respect_range_limits) {
    ScanMinimum m;
    m.counts.readings = scan.ranges.size();
    for (float r : scan.ranges) {
        if (!std::isfinite(r)) {
            ++m.counts.non_finite;
            continue;
        }
        if (respect_range_limits) {
            // Written so that a NaN limit fails too: a scan without limits has no readings.
            if (!(r >= scan.range_min)) {
                ++m.counts.below_min;
                continue;
            }
            if (!(r <= scan.range_max)) {
                ++m.counts.above_max;
                continue;
            }
        }
        m.range = std::min(m.range.value_or(r), static_cast<double>(r));
    }
    return m;
}

ImuField imuField(const msgs::Vector3 &value, const std::array<double, 9> &covariance) {
    if (covariance[0] == -1.0) return ImuField::NoData;
    if (!std::isfinite(value.x) || !std::isfinite(value.y) || !std::isfinite(value.z)) return ImuField::NonFinite;
    return ImuField::Usable;
}

void ImuFieldSkips::count(ImuField field) {
    if (field == ImuField::NoData) ++no_data;
    if (field == ImuField::NonFinite) ++non_finite;
}

}  // namespace robometrics::traversal
