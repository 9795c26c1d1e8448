#include "robometrics/terrain/CostmapGenerator.hpp"

#include <cmath>
#include <limits>

namespace robometrics::terrain {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double at(const GridMap::Matrix &m, int i, int j) {
    if (i < 0 || j < 0 || i >= m.rows() || j >= m.cols()) return kNaN;
    return m(i, j);
}

}  // namespace

CostmapGenerator::CostmapGenerator(const CostmapConfig &config) : config_(config), model_(config), memory_(config) {}

CostmapGenerator::Layers CostmapGenerator::layersOf(const GridMap &map) {
    return {map.layer("points"), map.layer("ground"), map.layer("variance"), map.layer("groundpatch"),
            map.resolution()};
}

CostFactors CostmapGenerator::factors(const GridMap &map, int i, int j) const {
    return factors(layersOf(map), i, j);
}

CostFactors CostmapGenerator::factors(const Layers &l, int i, int j) const {
    CostFactors f;
    if (l.points) {
        const double v = (*l.points)(i, j);
        if (std::isfinite(v)) {
            f.obstacle = model_.obstacleCost(v);
        } else {
            f.unknown = 1;
        }
    }
    if (l.ground) {
        // Logical i grows towards -x and j towards -y, so the "plus" neighbours are i-1 and j-1.
        const auto &g = *l.ground;
        double slope = 0;
        if (CostModel::slope(g(i, j), at(g, i + 1, j), at(g, i - 1, j), at(g, i, j + 1), at(g, i, j - 1),
                             l.resolution, slope)) {
            f.slope = model_.slopeCost(slope);
        } else {
            f.unknown = 1;
        }
    }
    if (l.variance) {
        const double v = (*l.variance)(i, j);
        if (std::isfinite(v)) {
            f.roughness = model_.roughnessCost(v);
        } else {
            f.unknown = 1;
        }
    }
    if (l.patch) {
        const double v = (*l.patch)(i, j);
        if (!std::isfinite(v) || v < config_.confidence_threshold) f.unknown = 1;
    }
    return f;
}

std::int8_t CostmapGenerator::cellValue(const GridMap &map, int i, int j, bool observed) const {
    if (!observed) return -1;
    return model_.value(factors(map, i, j));
}

void CostmapGenerator::generate(const GridMap &map, const Pose2D &robot, msgs::OccupancyGrid &out,
                                const TerrainGrid *terrain) {
    memory_.update(map);
    const int n = config_.cellsPerSide();
    const double res = config_.costmap_resolution;
    const double origin = -0.5 * n * res;
    out.header.stamp = msgs::Time::fromNs(map.stamp);
    out.header.frame_id = config_.robot_frame;
    out.info.map_load_time = out.header.stamp;
    out.info.resolution = static_cast<float>(res);
    out.info.width = static_cast<std::uint32_t>(n);
    out.info.height = static_cast<std::uint32_t>(n);
    out.info.origin = msgs::Pose{};
    out.info.origin.position.x = origin;
    out.info.origin.position.y = origin;
    out.data.assign(static_cast<std::size_t>(n) * n, -1);
    const double c = std::cos(robot.yaw);
    const double s = std::sin(robot.yaw);
    const auto &seen = memory_.seen();
    const Layers layers = layersOf(map);
    for (int cy = 0; cy < n; ++cy) {
        const double ry = origin + (cy + 0.5) * res;
        for (int cx = 0; cx < n; ++cx) {
            const double rx = origin + (cx + 0.5) * res;
            const Eigen::Vector2d p(robot.x + c * rx - s * ry, robot.y + s * rx + c * ry);
            int i = 0;
            int j = 0;
            if (!map.index(p, i, j)) continue;
            if (seen(i, j)) out.data[static_cast<std::size_t>(cy) * n + cx] = model_.value(factors(layers, i, j));
        }
    }
    if (terrain) fillFromTerrain(*terrain, out);
    if (config_.inflation_radius > 0) inflate(out);
}

void CostmapGenerator::fillFromTerrain(const TerrainGrid &terrain, msgs::OccupancyGrid &out) const {
    const int n = terrain.cells;
    if (n <= 0 || static_cast<std::size_t>(n) * n != out.data.size()) return;
    const double res = config_.costmap_resolution;
    const int min_points = config_.terrain_min_points_per_cell;
    auto meanAt = [&](int cx, int cy) {
        if (cx < 0 || cy < 0 || cx >= n || cy >= n) return kNaN;
        const std::size_t k = static_cast<std::size_t>(cy) * n + cx;
        return terrain.count[k] >= min_points ? terrain.mean_z[k] : kNaN;
    };
    for (int cy = 0; cy < n; ++cy) {
        for (int cx = 0; cx < n; ++cx) {
            const std::size_t k = static_cast<std::size_t>(cy) * n + cx;
            if (out.data[k] != -1 || terrain.count[k] < min_points) continue;
            CostFactors f;
            f.roughness = model_.roughnessCost(terrain.var_z[k]);
            double slope = 0;
            if (CostModel::slope(terrain.mean_z[k], meanAt(cx - 1, cy), meanAt(cx + 1, cy), meanAt(cx, cy - 1),
                                 meanAt(cx, cy + 1), res, slope)) {
                f.slope = model_.slopeCost(slope);
            } else {
                f.unknown = 1;  // an isolated patch: its slope is not known
            }
            out.data[k] = model_.value(f);
        }
    }
}

void CostmapGenerator::inflate(msgs::OccupancyGrid &out) const {
    const int n = static_cast<int>(out.info.width);
    const double res = config_.costmap_resolution;
    const int reach = static_cast<int>(std::ceil(config_.inflation_radius / res));
    // Kernel of costs by cell offset, computed once per call (cheap next to the costmap).
    const int side = 2 * reach + 1;
    std::vector<std::int8_t> kernel(static_cast<std::size_t>(side) * side, -1);
    for (int dy = -reach; dy <= reach; ++dy) {
        for (int dx = -reach; dx <= reach; ++dx) {
            const double d = std::hypot(dx, dy) * res;
            if (d > config_.inflation_radius || (dx == 0 && dy == 0)) continue;
            std::int8_t cost;
            if (d <= config_.inscribed_radius) {
                cost = 99;
            } else {
                // Nav2: 252 * exp(-k (d - r_in)); 252 (MAX_NON_OBSTACLE) maps to 98 in an OccupancyGrid.
                cost = static_cast<std::int8_t>(
                    std::floor(98.0 * std::exp(-config_.cost_scaling_factor * (d - config_.inscribed_radius)) + 0.5));
            }
            kernel[static_cast<std::size_t>(dy + reach) * side + dx + reach] = cost;
        }
    }
    std::vector<std::int8_t> result = out.data;  // from a copy: inflated cells never inflate further
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            if (out.data[static_cast<std::size_t>(y) * n + x] != 100) continue;
            for (int dy = -reach; dy <= reach; ++dy) {
                const int yy = y + dy;
                if (yy < 0 || yy >= n) continue;
                for (int dx = -reach; dx <= reach; ++dx) {
                    const int xx = x + dx;
                    if (xx < 0 || xx >= n) continue;
                    const std::int8_t k = kernel[static_cast<std::size_t>(dy + reach) * side + dx + reach];
                    std::int8_t &cell = result[static_cast<std::size_t>(yy) * n + xx];
                    if (k > cell && cell != -1) cell = k;
                }
            }
        }
    }
    out.data.swap(result);
}

}  // namespace robometrics::terrain
