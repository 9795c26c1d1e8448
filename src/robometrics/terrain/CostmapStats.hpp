#pragma once
// Run summary of a costmap stream: frames, per-frame processing time, and the shares of
// lethal (100), unknown (-1), free (0) and intermediate (1..99) cells over all frames.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

struct CostmapStats {
    std::uint64_t frames = 0;
    std::uint64_t cells = 0;
    std::uint64_t lethal = 0;
    std::uint64_t unknown = 0;
    std::uint64_t free = 0;
    std::uint64_t costed = 0;  ///< 1..99
    std::vector<double> frame_ms;

    void add(const msgs::OccupancyGrid &grid, double processing_ms);
    double share(std::uint64_t count) const { return cells ? static_cast<double>(count) / cells : 0.0; }
    double meanMs() const;
    double maxMs() const;
    /// Nearest-rank percentile of the per-frame times (q in [0, 1]).
    double percentileMs(double q) const;
};

}  // namespace robometrics::terrain
