#pragma once
// Which GridMap cells the terrain sensor has ever seen. GroundGrid gives never-observed cells a
// groundpatch confidence of 1e-4 (or 0 after a map move) and decays observed cells towards a
// floor of 0.001, so one map alone cannot tell "never seen" from "seen long ago". This memory
// remembers, in the odom frame, every cell that was observed in some map while it stays inside
// the moving map (grid_map moves by whole cells, so cells keep their global integer position).

#include <Eigen/Core>
#include <cstdint>

#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/GridMap.hpp"

namespace robometrics::terrain {

class ObservationMemory {
public:
    using Mask = Eigen::Array<std::uint8_t, Eigen::Dynamic, Eigen::Dynamic>;

    explicit ObservationMemory(const CostmapConfig &config) : confidence_min_(config.observed_confidence_min) {}

    /// True when `map` itself shows an observation of cell (i, j): obstacle points > 0,
    /// variance > 0 or groundpatch >= observed_confidence_min. A map with none of these three
    /// layers counts every cell with a finite value in any layer as observed.
    bool observedIn(const GridMap &map, int i, int j) const;

    /// Merges `map`'s observations into the memory and re-aligns it to `map`'s cells.
    void update(const GridMap &map);

    /// Seen-ever flags aligned with the logical cells of the last map given to update().
    const Mask &seen() const { return seen_; }

    void reset() { seen_.resize(0, 0); }

private:
    double confidence_min_;
    Mask seen_;
    Mask spare_;  ///< the other buffer of the double buffer
    double resolution_ = 0;
    Eigen::Vector2d phase_ = Eigen::Vector2d::Zero();  ///< fractional cell offset of the grid
    std::int64_t gx0_ = 0, gy0_ = 0;                   ///< global cell of logical (0, 0)
};

}  // namespace robometrics::terrain
