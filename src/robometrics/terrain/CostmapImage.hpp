#pragma once
// The colours of a costmap snapshot: an RGB picture of an OccupancyGrid with +y up (image row 0
// is the grid's last row): 0 white through 99 dark red, 100 black, -1 (unknown) mid grey.
// The command encodes it (report::encodePng); this stays free of I/O.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

/// width*height*3 bytes, top row first.
std::vector<std::uint8_t> costmapRgb(const msgs::OccupancyGrid &grid);

}  // namespace robometrics::terrain
