#include "robometrics/traversal/SensorValidity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::traversal {

ScanRangeCounts &ScanRangeCounts::operator+=(const ScanRangeCounts &o) {
    readings += o.readings;
    non_finite += o.non_finite;
    below_min += o.below_min;
    above_max += o.above_max;
    return *this;
}

ScanMinimum scanMinimum(const msgs::LaserScan &scan, bool respect_range_limits) {
    // Branch-free per range (counts added, the minimum kept in a float): a scan of 1080 ranges is
    // read once per scanner and once by the traversal metrics, so this loop is a hot path
    // (bench_traversal ScanCollisionsOnScans).
    const float lo = scan.range_min, hi = scan.range_max;
    float best = std::numeric_limits<float>::infinity();
    bool any = false;
    std::uint64_t non_finite = 0, below = 0, above = 0;
    for (const float r : scan.ranges) {
        const bool finite = std::isfinite(r);
        // Written so that a NaN limit fails too: a scan without limits has no readings.
        const bool under = finite && respect_range_limits && !(r >= lo);
        const bool over = finite && respect_range_limits && !under && !(r <= hi);
        const bool valid = finite && !under && !over;
        non_finite += !finite;
        below += under;
        above += over;
        any |= valid;
        best = valid && r < best ? r : best;
    }
    ScanMinimum m;
    m.counts.readings = scan.ranges.size();
    m.counts.non_finite = non_finite;
    m.counts.below_min = below;
    m.counts.above_max = above;
    if (any) m.range = static_cast<double>(best);
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
