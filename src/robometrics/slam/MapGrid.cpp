#include "robometrics/slam/MapGrid.hpp"

namespace robometrics::slam {

std::vector<std::uint8_t> occupiedMask(const CellGrid &grid) {
    std::vector<std::uint8_t> mask(grid.size());
    for (std::size_t i = 0; i < grid.size(); ++i) mask[i] = isOccupied(grid.cells[i]) ? 1 : 0;
    return mask;
}

}  // namespace robometrics::slam
