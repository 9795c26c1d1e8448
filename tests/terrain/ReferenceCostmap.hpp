#pragma once
// The costmap as docs/costmap.md defines it, computed the straightforward way: the generator of
// before the fast path (one GridMap::index lookup, bounds-checked neighbour reads, std::atan and
// std::floor for every cell), with the cost formulas written out here rather than taken from
// CostModel. It is the reference of the bit-exactness tests (CostmapGeneratorExactTest) and the
// baseline of bench_costmap, and nothing else: the program uses CostmapGenerator.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <numbers>
#include <vector>

#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/GridMap.hpp"
#include "robometrics/terrain/ObservationMemory.hpp"
#include "robometrics/terrain/Pose2D.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"

namespace robometrics::terrain::reference {

/// TerrainAccumulator::prune as it was (a new deque every call): the reference of the
/// equivalence test and the baseline of bench_costmap's prune benchmark.
inline void prune(std::deque<Eigen::Vector3f> &points, const Eigen::Vector2d &robot_xy, const CostmapConfig &config) {
    const double r2 = config.terrain_radius * config.terrain_radius;
    std::deque<Eigen::Vector3f> kept;
    for (const auto &p : points) {
        const double dx = p.x() - robot_xy.x();
        const double dy = p.y() - robot_xy.y();
        if (dx * dx + dy * dy <= r2) kept.push_back(p);
    }
    points.swap(kept);
    while (points.size() > static_cast<std::size_t>(config.terrain_max_points)) points.pop_front();
}

inline double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

/// Layer value at (i, j); NaN outside the map, as for a cell without data.
inline double layerAt(const GridMap::Matrix &m, int i, int j) {
    if (i < 0 || j < 0 || i >= m.rows() || j >= m.cols()) return std::numeric_limits<double>::quiet_NaN();
    return m(i, j);
}

/// d/d(axis) from the neighbours' heights: central, else one-sided with the centre.
inline bool axisSlope(double centre, double minus, double plus, double spacing, double &out) {
    if (std::isfinite(minus) && std::isfinite(plus)) {
        out = (plus - minus) / (2.0 * spacing);
    } else if (std::isfinite(plus)) {
        out = (plus - centre) / spacing;
    } else if (std::isfinite(minus)) {
        out = (centre - minus) / spacing;
    } else {
        return false;
    }
    return true;
}

/// Slope angle [rad] from a centre height and its -x, +x, -y, +y neighbours; false when unknown.
inline bool slopeAngle(double centre, double xm, double xp, double ym, double yp, double spacing, double &out) {
    double dx = 0;
    double dy = 0;
    if (!std::isfinite(centre) || !axisSlope(centre, xm, xp, spacing, dx) || !axisSlope(centre, ym, yp, spacing, dy)) {
        return false;
    }
    out = std::atan(std::sqrt(dx * dx + dy * dy));
    return true;
}

/// The OccupancyGrid value of the four factors.
inline std::int8_t valueOf(const CostmapConfig &c, double obstacle, double slope, double roughness, double unknown) {
    if (obstacle >= c.obstacle_lethal_cost) return 100;
    const double total = clamp01(c.weight_obstacle * obstacle + c.weight_slope * slope +
                                 c.weight_roughness * roughness + c.weight_unknown * unknown);
    if (total >= c.lethal_threshold) return 100;
    const double v = std::floor(total * 99.0 + (c.rounding == Rounding::Round ? 0.5 : 0.0));
    return static_cast<std::int8_t>(std::min(v, 99.0));
}

/// The factors' normalising scales, computed once (as the generator of before did).
struct Scales {
    double obstacle, slope, roughness;
    explicit Scales(const CostmapConfig &c)
        : obstacle(1.0 / c.obstacle_count_max),
          slope(180.0 / (c.slope_max_deg * std::numbers::pi)),
          roughness(1.0 / c.roughness_max) {}
};

/// The layers a cell's cost reads (nullptr: the map has no such layer), looked up once a map.
struct Layers {
    const GridMap::Matrix *points, *ground, *variance, *patch;
    double resolution;
    explicit Layers(const GridMap &map)
        : points(map.layer("points")),
          ground(map.layer("ground")),
          variance(map.layer("variance")),
          patch(map.layer("groundpatch")),
          resolution(map.resolution()) {}
};

/// The value of GridMap cell (i, j), observed.
inline std::int8_t cellValue(const CostmapConfig &c, const Scales &k, const Layers &l, int i, int j) {
    double obstacle = 0;
    double slope = 0;
    double roughness = 0;
    double unknown = 0;
    if (l.points) {
        const double v = (*l.points)(i, j);
        if (std::isfinite(v)) {
            obstacle = clamp01(v * k.obstacle);
        } else {
            unknown = 1;
        }
    }
    if (l.ground) {
        // i grows towards -x, j towards -y: the +x neighbour is i - 1, the +y one j - 1.
        const auto &g = *l.ground;
        double angle = 0;
        if (slopeAngle(g(i, j), layerAt(g, i + 1, j), layerAt(g, i - 1, j), layerAt(g, i, j + 1), layerAt(g, i, j - 1),
                       l.resolution, angle)) {
            slope = clamp01(angle * k.slope);
        } else {
            unknown = 1;
        }
    }
    if (l.variance) {
        const double v = (*l.variance)(i, j);
        if (std::isfinite(v)) {
            roughness = clamp01(v * k.roughness);
        } else {
            unknown = 1;
        }
    }
    if (l.patch) {
        const double v = (*l.patch)(i, j);
        if (!std::isfinite(v) || v < c.confidence_threshold) unknown = 1;
    }
    return valueOf(c, obstacle, slope, roughness, unknown);
}

/// The -1 cells of `data` (n x n, row-major) costed from accumulated points.
inline void fillFromTerrain(const CostmapConfig &c, const TerrainGrid &terrain, std::vector<std::int8_t> &data) {
    const int n = terrain.cells;
    if (n <= 0 || static_cast<std::size_t>(n) * n != data.size()) return;
    const Scales scales(c);
    const int min_points = c.terrain_min_points_per_cell;
    auto meanAt = [&](int cx, int cy) {
        if (cx < 0 || cy < 0 || cx >= n || cy >= n) return std::numeric_limits<double>::quiet_NaN();
        const std::size_t at = static_cast<std::size_t>(cy) * n + cx;
        return terrain.count[at] >= min_points ? terrain.mean_z[at] : std::numeric_limits<double>::quiet_NaN();
    };
    for (int cy = 0; cy < n; ++cy) {
        for (int cx = 0; cx < n; ++cx) {
            const std::size_t at = static_cast<std::size_t>(cy) * n + cx;
            if (data[at] != -1 || terrain.count[at] < min_points) continue;
            double angle = 0;
            const bool known = slopeAngle(terrain.mean_z[at], meanAt(cx - 1, cy), meanAt(cx + 1, cy),
                                          meanAt(cx, cy - 1), meanAt(cx, cy + 1), c.costmap_resolution, angle);
            data[at] = valueOf(c, 0, known ? clamp01(angle * scales.slope) : 0,
                               clamp01(terrain.var_z[at] * scales.roughness), known ? 0 : 1);
        }
    }
}

/// The costmap cells (row-major from (-size/2, -size/2)) for `map` with the robot at `robot`,
/// given the observation memory already updated with `map`; without inflation.
inline std::vector<std::int8_t> costmap(const CostmapConfig &c, const GridMap &map, const ObservationMemory &memory,
                                        const Pose2D &robot, const TerrainGrid *terrain = nullptr) {
    const int n = c.cellsPerSide();
    const double res = c.costmap_resolution;
    const double origin = -0.5 * n * res;
    std::vector<std::int8_t> data(static_cast<std::size_t>(n) * n, -1);
    const double cs = std::cos(robot.yaw);
    const double sn = std::sin(robot.yaw);
    const Scales scales(c);
    const Layers layers(map);
    for (int cy = 0; cy < n; ++cy) {
        const double ry = origin + (cy + 0.5) * res;
        for (int cx = 0; cx < n; ++cx) {
            const double rx = origin + (cx + 0.5) * res;
            const Eigen::Vector2d p(robot.x + cs * rx - sn * ry, robot.y + sn * rx + cs * ry);
            const double fi = std::floor((map.center().x() + 0.5 * map.lengthX() - p.x()) / map.resolution());
            const double fj = std::floor((map.center().y() + 0.5 * map.lengthY() - p.y()) / map.resolution());
            if (!(fi >= 0 && fi < map.rows() && fj >= 0 && fj < map.cols())) continue;
            const int i = static_cast<int>(fi);
            const int j = static_cast<int>(fj);
            if (memory.seen()(i, j)) data[static_cast<std::size_t>(cy) * n + cx] = cellValue(c, scales, layers, i, j);
        }
    }
    if (terrain) fillFromTerrain(c, *terrain, data);
    return data;
}

}  // namespace robometrics::terrain::reference
