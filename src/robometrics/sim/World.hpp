#pragma once
// A simulated world: the true 2-D occupancy map, the 2.5-D terrain, and the height of the
// obstacles (what a 3-D lidar sees as non-ground). Built-in worlds are fixed layouts so that the
// scenarios' expected events stay where the documentation says they are.

#include "robometrics/sim/OccupancyMap.hpp"
#include "robometrics/sim/Terrain.hpp"

namespace robometrics::sim {

struct World {
    OccupancyMap map;
    Terrain terrain;               ///< empty = flat ground at z = 0
    double obstacle_height = 2.0;  ///< metres above the ground
};

/// Indoor office, 20 m x 14 m: a corridor, six rooms behind doors, desks, a pillar and a
/// cabinet (0.05 m cells, flat floor).
World makeOfficeWorld();

/// Outdoor field, 40 m x 40 m: hills, a dip, a raised slab with two steps, rough patches,
/// rocks and a ruin wall (0.1 m cells).
World makeTerrainWorld();

}  // namespace robometrics::sim
