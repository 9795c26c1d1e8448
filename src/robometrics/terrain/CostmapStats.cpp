#include "robometrics/terrain/CostmapStats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace robometrics::terrain {

void CostmapStats::add(const msgs::OccupancyGrid &grid, double processing_ms) {
    ++frames;
    frame_ms.push_back(processing_ms);
    for (std::int8_t v : grid.data) {
        ++cells;
        if (v < 0) {
            ++unknown;
        } else if (v >= 100) {
            ++lethal;
        } else if (v == 0) {
            ++free;
        } else {
            ++costed;
        }
    }
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
