#include "robometrics/sim/World.hpp"

namespace robometrics::sim {

namespace {

using C = OccupancyMap::Cell;

/// A wall along y = `y` from x0 to x1 with gaps (doors) given as [start, end) pairs.
void wallAlongX(OccupancyMap &map, double y, double x0, double x1,
                std::initializer_list<std::pair<double, double>> doors, double thickness) {
    double x = x0;
    for (const auto &[d0, d1] : doors) {
        map.fillBox(x, y - thickness / 2, d0, y + thickness / 2, C::Occupied);
        x = d1;
    }
    map.fillBox(x, y - thickness / 2, x1, y + thickness / 2, C::Occupied);
}

}  // namespace

World makeOfficeWorld() {
    World world;
    world.map = OccupancyMap(440, 320, 0.05, -1.0, -1.0);
    OccupancyMap &m = world.map;
    const double t = 0.1;
    // Outside the building is unknown to everyone (map_saver style), inside is free.
    m.fillBox(-1.0, -1.0, 21.0, 15.0, C::Unknown);
    m.fillBox(0.0, 0.0, 20.0, 14.0, C::Free);
    wallAlongX(m, 0.05, 0.0, 20.0, {}, t);
    wallAlongX(m, 13.95, 0.0, 20.0, {}, t);
    m.fillBox(0.0, 0.0, t, 14.0, C::Occupied);
    m.fillBox(20.0 - t, 0.0, 20.0, 14.0, C::Occupied);
    wallAlongX(m, 6.0, 0.0, 20.0, {{3.0, 4.2}, {10.0, 11.2}, {16.0, 17.2}}, t);
    wallAlongX(m, 8.0, 0.0, 20.0, {{6.0, 7.2}, {13.0, 14.2}}, t);
    m.fillBox(7.95, 0.0, 8.05, 6.0, C::Occupied);
    m.fillBox(13.95, 0.0, 14.05, 6.0, C::Occupied);
    m.fillBox(9.95, 8.0, 10.05, 14.0, C::Occupied);
    // Furniture.
    m.fillBox(1.0, 1.0, 2.5, 2.0, C::Occupied);     // desk, lower-left room
    m.fillBox(4.5, 3.5, 6.5, 4.5, C::Occupied);     // desk, lower-left room
    m.fillBox(1.0, 8.6, 2.0, 10.2, C::Occupied);    // shelf, upper-left room
    m.fillBox(4.0, 13.1, 6.0, 13.9, C::Occupied);   // sofa, upper-left room
    m.fillDisc(8.6, 7.5, 0.15, C::Occupied);        // pillar in the corridor: close passes
    m.fillBox(10.75, 2.5, 11.5, 3.2, C::Occupied);  // cabinet beside the x = 10.6 lane: a collision
    m.fillBox(15.5, 9.0, 16.8, 10.0, C::Occupied);  // table, upper-right room
    m.fillBox(17.5, 0.1, 19.9, 0.5, C::Occupied);   // bench along the wall, lower-right room
    return world;
}

World makeTerrainWorld() {
    World world;
    world.map = OccupancyMap(400, 400, 0.1, -20.0, -20.0);
    world.terrain = Terrain(401, 401, 0.1, -20.0, -20.0);
    world.obstacle_height = 0.6;
    OccupancyMap &m = world.map;
    Terrain &g = world.terrain;
    g.addHill(12.0, 0.0, 1.5, 3.5);
    g.addHill(0.0, 11.0, 1.0, 3.0);
    g.addHill(-8.0, 9.0, -0.6, 2.5);
    g.addStep(-8.0, 3.0, -7.0, 7.0, 0.12);  // a raised slab: up and down a 12 cm step
    g.addRoughPatch(-10.0, -7.0, -4.0, -3.0, 0.03, 1.0, 0x5EEDULL);
    g.addRoughPatch(-15.5, -12.0, -12.5, -8.0, 0.02, 0.6, 0xB0D1ULL);
    // Rocks and trees (obstacles up to obstacle_height), a ruin wall for the 2-D scan to see.
    m.fillDisc(-8.0, -4.25, 0.4, C::Occupied);  // beside the rough stretch: a close pass
    m.fillDisc(3.0, -4.08, 0.3, C::Occupied);   // on the way to the hill: a collision
    m.fillDisc(-16.0, 0.0, 0.5, C::Occupied);
    m.fillDisc(4.0, 4.0, 0.6, C::Occupied);
    m.fillDisc(16.0, 8.0, 0.5, C::Occupied);
    m.fillDisc(-4.0, -12.0, 0.7, C::Occupied);
    m.fillDisc(10.0, -12.0, 0.25, C::Occupied);
    m.fillDisc(-12.0, 14.0, 0.25, C::Occupied);
    m.fillBox(-2.0, 14.0, 6.0, 14.4, C::Occupied);
    m.fillBox(-18.0, -18.0, -17.6, -10.0, C::Occupied);
    return world;
}

}  // namespace robometrics::sim
