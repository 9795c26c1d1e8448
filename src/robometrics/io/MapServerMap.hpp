#pragma once
// map_server maps: a YAML file (image, resolution, origin [x, y, yaw], negate, occupied_thresh,
// free_thresh, mode) next to a PGM image, read and written with map_server's own semantics,
// as a nav_msgs/OccupancyGrid (row 0 = bottom of the image = the origin row).

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::io {

/// Reads `yaml_path` and the image it names (relative to the YAML's directory).
Result<msgs::OccupancyGrid> readMapServerMap(const std::string &yaml_path);

/// Writes `<base>.pgm` and `<base>.yaml` (trinary: 0 free -> 254, 100 occupied -> 0,
/// unknown -> 205, as map_saver does), `base` without extension.
Status writeMapServerMap(const msgs::OccupancyGrid &grid, const std::string &base);

}  // namespace robometrics::io
