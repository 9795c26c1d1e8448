#include "robometrics/traversal/SensorValidity.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace robometrics::traversal {

ScanRangeCounts &ScanRangeCounts::operator+=(const ScanRangeCounts &o) {
    readings += o.readings;
    non_finite += o.non_finite;
    below_min += o.below_min;
    above_max += o.above_max;
    return *this;
}

namespace {

// Four ranges at a time in GCC's portable vector types (SSE2 here, NEON on ARM): GCC does not
// vectorise the scalar loop by itself, as `r < best ? r : best` is not a minimum it may reorder
// without fast-math. Comparisons give 0 or -1 per lane.
using Floats = float __attribute__((vector_size(16)));
using Ints = std::int32_t __attribute__((vector_size(16)));
constexpr std::size_t kLanes = 4;

/// Lane by lane `mask ? a : b`, in bit operations (a cast between vectors of one size keeps the bits).
template <class V>
V select(Ints mask, V a, V b) {
    return (V)(((Ints)a & mask) | ((Ints)b & ~mask));
}

/// The ranges [at, at + 4); past the end NaN, which the caller counts as padding.
Floats load(const std::vector<float> &ranges, std::size_t at) {
    Floats r;
    if (at + kLanes <= ranges.size()) {
        std::memcpy(&r, ranges.data() + at, sizeof r);
        return r;
    }
    for (std::size_t k = 0; k < kLanes; ++k) {
        r[k] = at + k < ranges.size() ? ranges[at + k] : std::numeric_limits<float>::quiet_NaN();
    }
    return r;
}

}  // namespace

ScanMinimum scanMinimum(const msgs::LaserScan &scan, bool respect_range_limits) {
    // A scan of 1080 ranges is read once per scanner and once by the traversal metrics, so this
    // loop is a hot path (bench_traversal ScanCollisionsOnScans; issue 62). Every lane keeps its
    // smallest valid reading and the block where it first met it, so the reduction at the end
    // picks the earliest of equal minima, as the loop in order did (+0 and -0 compare equal).
    const float inf = std::numeric_limits<float>::infinity();
    const Floats lo = Floats{} + scan.range_min, hi = Floats{} + scan.range_max;
    const Ints respect = Ints{} - (respect_range_limits ? 1 : 0);
    Floats best = Floats{} + inf;
    Ints best_block = Ints{}, non_finite = Ints{}, below = Ints{}, above = Ints{}, any = Ints{};
    const std::size_t n = scan.ranges.size();
    for (std::size_t at = 0, block = 0; at < n; at += kLanes, ++block) {
        const Floats r = load(scan.ranges, at);  // the last block padded with NaN, taken off below
        const Ints finite = (r - r) == 0.0f;     // NaN and +-inf give NaN
        // Written so that a NaN limit fails too: a scan without limits has no readings.
        const Ints under = finite & respect & ~(r >= lo);
        const Ints over = finite & respect & ~under & ~(r <= hi);
        const Ints valid = finite & ~under & ~over;
        non_finite -= ~finite;
        below -= under;
        above -= over;
        any |= valid;
        const Floats candidate = select(valid, r, Floats{} + inf);
        const Ints smaller = candidate < best;
        best = select(smaller, candidate, best);
        best_block = select(smaller, Ints{} + static_cast<std::int32_t>(block), best_block);
    }
    ScanMinimum m;
    m.counts.readings = n;
    const std::size_t padding = (kLanes - n % kLanes) % kLanes;
    std::uint64_t any_valid = 0;
    std::size_t first = 0;  // the lane holding the minimum met first
    for (std::size_t k = 0; k < kLanes; ++k) {
        m.counts.non_finite += static_cast<std::uint32_t>(non_finite[k]);
        m.counts.below_min += static_cast<std::uint32_t>(below[k]);
        m.counts.above_max += static_cast<std::uint32_t>(above[k]);
        any_valid |= static_cast<std::uint32_t>(any[k]);
        const bool earlier = best_block[k] < best_block[first];  // in one block, the lower lane (first) is earlier
        if (best[k] < best[first] || (best[k] == best[first] && earlier)) first = k;
    }
    m.counts.non_finite -= padding;
    if (any_valid != 0) m.range = static_cast<double>(best[first]);
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
