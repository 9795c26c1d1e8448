#include "robometrics/terrain/CostmapStats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace robometrics::terrain {

void CostmapStats::add(const msgs::OccupancyGrid &grid, double processing_ms) {
    ++frames;
    frame_ms.push_back(processing_ms);
    // Counted without branches (the compiler vectorises it): a frame's cells are mixed, and a
    // branch a cell mispredicts often.
    std::uint64_t below_zero = 0, at_least_100 = 0, zero = 0;
    for (std::int8_t v : grid.data) {
        below_zero += v < 0 ? 1 : 0;
        at_least_100 += v >= 100 ? 1 : 0;
        zero += v == 0 ? 1 : 0;
    }
    cells += grid.data.size();
    unknown += below_zero;
    lethal += at_least_100;
    free += zero;
    costed += grid.data.size() - below_zero - at_least_100 - zero;
}

double CostmapStats::meanMs() const {
    if (frame_ms.empty()) return 0;
    return std::accumulate(frame_ms.begin(), frame_ms.end(), 0.0) / static_cast<double>(frame_ms.size());
}

double CostmapStats::maxMs() const {
    return frame_ms.empty() ? 0 : *std::max_element(frame_ms.begin(), frame_ms.end());
}

double CostmapStats::percentileMs(double q) const {
    if (frame_ms.empty()) return 0;
    std::vector<double> sorted = frame_ms;
    std::sort(sorted.begin(), sorted.end());
    const auto rank = static_cast<std::size_t>(std::ceil(std::clamp(q, 0.0, 1.0) * sorted.size()));
    return sorted[rank == 0 ? 0 : rank - 1];
}

}  // namespace robometrics::terrain
