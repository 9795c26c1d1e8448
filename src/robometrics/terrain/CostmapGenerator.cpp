#include "robometrics/terrain/CostmapGenerator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::terrain {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const float *dataOf(const GridMap::Matrix *m) { return m ? m->data() : nullptr; }

}  // namespace

CostmapGenerator::CostmapGenerator(const CostmapConfig &config) : config_(config), model_(config), memory_(config) {}

CostmapGenerator::Layers CostmapGenerator::layersOf(const GridMap &map) {
    return {dataOf(map.layer("points")),
            dataOf(map.layer("ground")),
            dataOf(map.layer("variance")),
            dataOf(map.layer("groundpatch")),
            map.rows(),
            map.cols(),
            map.resolution()};
}

void CostmapGenerator::gather(const Layers &l, int cell, CellBatch &batch, std::size_t m) const {
    const std::ptrdiff_t k = cell;
    const int i = cell % l.rows;
    const int j = cell / l.rows;
    // A missing layer contributes nothing (as in the original): no obstacle points, no
    // variance, a confidence that is not low, flat ground.
    batch.points[m] = l.points ? l.points[k] : 0.0;
    batch.variance[m] = l.variance ? l.variance[k] : 0.0;
    batch.patch[m] = l.patch ? l.patch[k] : config_.confidence_threshold;
    if (!l.ground) {
        batch.centre[m] = batch.x_minus[m] = batch.x_plus[m] = batch.y_minus[m] = batch.y_plus[m] = 0.0;
        return;
    }
    // Logical i grows towards -x and j towards -y, so the "plus" neighbours are i-1 and j-1;
    // a neighbour beyond the map border is missing (NaN), as a NaN cell is.
    const float *g = l.ground + k;
    batch.centre[m] = g[0];
    batch.x_minus[m] = i + 1 < l.rows ? g[1] : kNaN;
    batch.x_plus[m] = i > 0 ? g[-1] : kNaN;
    batch.y_minus[m] = j + 1 < l.cols ? g[l.rows] : kNaN;
    batch.y_plus[m] = j > 0 ? g[-l.rows] : kNaN;
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
    // A cell centre (rx, ry) in the robot frame is at (x + c rx - s ry, y + s rx + c ry) in odom,
    // evaluated left to right. The column terms x + c rx and y + s rx are the same for every
    // row, so they are computed once a frame; each row subtracts/adds its own term. Every
    // intermediate is the very double the per-cell formula gives, so the cells looked up are too.
    const double c = std::cos(robot.yaw);
    const double s = std::sin(robot.yaw);
    auto centre = [&](int k) { return origin + (k + 0.5) * res; };
    for (auto *row : {&column_x_, &column_y_, &point_x_, &point_y_}) row->resize(static_cast<std::size_t>(n));
    cell_.resize(static_cast<std::size_t>(n));
    for (int cx = 0; cx < n; ++cx) {
        column_x_[cx] = robot.x + c * centre(cx);
        column_y_[cx] = robot.y + s * centre(cx);
    }
    // A costmap cell's cost depends only on the GridMap cell its centre falls in (gather() reads
    // that cell and its neighbours), and a GridMap cell usually holds several costmap cells
    // (nine for 0.3 m cells under a 0.1 m costmap). So each GridMap cell is gathered once, the
    // first time a costmap cell falls in it; one vectorised CostModel::values call costs them
    // all, and every costmap cell takes its GridMap cell's value: the values per-cell costing
    // gives, bit for bit. Rows go in blocks of at most kBlockCells cells (the whole 3 m costmap
    // is one), so the batch stays in cache whatever the costmap's size; a GridMap cell met in
    // two blocks is costed twice, to the same value. Where GridMap cells are no larger than
    // about a costmap cell, there is little to share and the look-up would cost more than it
    // saves: each costmap cell is then gathered on its own, as before.
    const std::uint8_t *seen = memory_.seen().data();  // column-major, as the layers
    const Layers layers = layersOf(map);
    const std::size_t map_cells = static_cast<std::size_t>(layers.rows) * static_cast<std::size_t>(layers.cols);
    const bool share = layers.resolution * layers.resolution >= 2.0 * res * res;
    if (share && slot_of_.size() != map_cells) slot_of_.assign(map_cells, -1);  // -1 between frames
    const std::size_t capacity = std::max<std::size_t>(kBlockCells, static_cast<std::size_t>(n));
    // The cell loop below reads these through locals: through the members, every gather() call
    // (which may change *this as far as the compiler knows) made it reload them for every cell.
    int *cell = cell_.data();
    int *slot_of = slot_of_.data();
    batch_.reset(capacity);
    batch_cells_.clear();
    cell_slots_.resize(capacity);
    // The block holds the costmap cells [block_start, block_end) (whole rows); cell_slots_[m]
    // is the batch entry of cell block_start + m, -1 for a cell left unknown.
    std::size_t block_start = 0;
    std::size_t block_end = 0;
    auto flush = [&] {
        model_.values(batch_, layers.resolution);
        const int *slots = cell_slots_.data();
        const int *values = batch_.value.data();
        std::int8_t *cells = out.data.data() + block_start;
        for (std::size_t m = 0; m < block_end - block_start; ++m) {
            if (slots[m] >= 0) cells[m] = static_cast<std::int8_t>(values[slots[m]]);
        }
        for (const std::size_t k : batch_cells_) slot_of_[k] = -1;
        batch_.size = 0;
        batch_cells_.clear();
        block_start = block_end;
    };
    // Gives each costmap cell of a row the batch entry that slotOf(k) returns for its GridMap
    // cell k (GridMap::cells), or -1 when it is unknown (outside the map, or never seen). The
    // shared and the per-cell costing are two calls of it, so no cell tests `share` (the compiler
    // did not take that test out of the loop itself).
    auto slotsOfRow = [&](int *row_slots, auto slotOf) {
        for (int cx = 0; cx < n; ++cx) {
            const int k = cell[cx];
            row_slots[cx] = k >= 0 && seen[k] ? slotOf(k) : -1;
        }
    };
    for (int cy = 0; cy < n; ++cy) {
        if (batch_.size + n > capacity || block_end - block_start + n > capacity) flush();
        const double row_x = s * centre(cy);
        const double row_y = c * centre(cy);
        const std::size_t row = static_cast<std::size_t>(cy) * n;
        int *row_slots = cell_slots_.data() + (row - block_start);
        block_end = row + n;
        for (int cx = 0; cx < n; ++cx) {
            point_x_[cx] = column_x_[cx] - row_x;
            point_y_[cx] = column_y_[cx] + row_y;
        }
        map.cells(point_x_.data(), point_y_.data(), static_cast<std::size_t>(n), cell);
        if (share) {
            slotsOfRow(row_slots, [&](int k) {
                if (slot_of[k] < 0) {
                    slot_of[k] = static_cast<int>(batch_.size);
                    gather(layers, k, batch_, batch_.size++);
                    batch_cells_.push_back(static_cast<std::size_t>(k));
                }
                return slot_of[k];
            });
        } else {
            slotsOfRow(row_slots, [&](int k) {
                gather(layers, k, batch_, batch_.size);
                return static_cast<int>(batch_.size++);
            });
        }
    }
    flush();
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
            double dx = 0;
            double dy = 0;
            if (CostModel::gradient(terrain.mean_z[k], meanAt(cx - 1, cy), meanAt(cx + 1, cy), meanAt(cx, cy - 1),
                                    meanAt(cx, cy + 1), res, dx, dy)) {
                f.slope = model_.slopeCostOfGradient(dx, dy);
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
