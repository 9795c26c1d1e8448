#pragma once
// A picture of how an estimate (already on the GT grid) agrees with the ground truth, one RGB
// pixel per cell, top image row = last grid row (so north is up as in map_server images).
//
//   both occupied            black          (agree on a wall)
//   GT free, est free        white          (agree on free space)
//   GT occupied, est free    red            (missed wall)
//   GT occupied, est unknown dark red       (wall not seen)
//   GT free, est occupied    blue           (phantom wall)
//   GT free, est unknown     light grey     (free space not explored)
//   GT unknown, est known    orange         (estimate outside the GT's known area)
//   both unknown             mid grey

#include <array>
#include <cstdint>
#include <vector>

#include "robometrics/slam/MapGrid.hpp"

namespace robometrics::slam {

enum class OverlayClass : std::uint8_t {
    BothOccupied,
    BothFree,
    MissedWall,
    UnseenWall,
    PhantomWall,
    Unexplored,
    OutsideGt,
    BothUnknown,
};

constexpr std::size_t kOverlayClasses = 8;

OverlayClass classifyCell(std::int8_t gt, std::int8_t estimate);

/// The colour (R, G, B) and legend label of each class, in enum order.
const std::array<std::array<std::uint8_t, 3>, kOverlayClasses> &overlayColours();
const std::array<const char *, kOverlayClasses> &overlayLabels();

/// RGB bytes, width x height, top row first. `gt` and `estimate` must have the same size.
std::vector<std::uint8_t> renderOverlay(const CellGrid &gt, const CellGrid &estimate);

}  // namespace robometrics::slam
