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
    // branch a cell mispredicts often. In 32-bit counters over runs of at most 2^31 cells: 64-bit
    // ones widen every byte twice as far and took twice the time.
    std::uint64_t below_zero = 0, at_least_100 = 0, zero = 0;
    const std::int8_t *cell = grid.data.data();
    for (std::size_t left = grid.data.size(); left > 0;) {
        const std::size_t run = std::min<std::size_t>(left, std::size_t{1} << 31);
        std::uint32_t run_below_zero = 0, run_at_least_100 = 0, run_zero = 0;
        for (std::size_t k = 0; k < run; ++k) {
            const std::int8_t v = cell[k];
            run_below_zero += v < 0 ? 1 : 0;
            run_at_least_100 += v >= 100 ? 1 : 0;
            run_zero += v == 0 ? 1 : 0;
        }
        below_zero += run_below_zero;
        at_least_100 += run_at_least_100;
        zero += run_zero;
        cell += run;
        left -= run;
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
