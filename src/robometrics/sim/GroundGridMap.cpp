#include "robometrics/sim/GroundGridMap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::sim {

namespace {
std::int64_t floorMod(std::int64_t a, std::int64_t n) { return ((a % n) + n) % n; }
constexpr std::int64_t kUnset = std::numeric_limits<std::int64_t>::min();
const char *const kLayerNames[] = {"points", "ground", "groundpatch", "variance"};
}  // namespace

GroundGridMap::GroundGridMap(GroundGridConfig config)
    : config_(config),
      n_(config.cells),
      row_global_(static_cast<std::size_t>(n_), kUnset),
      col_global_(static_cast<std::size_t>(n_), kUnset) {
    for (auto &layer : layers_) layer.assign(static_cast<std::size_t>(n_) * n_, 0.0f);
}

// Storage row of global x cell gx is (-gx mod n): logical index i grows towards -x, so the
// logical (0, 0) cell, the +x/+y corner, sits at storage (outer_start_index, inner_start_index).
std::size_t GroundGridMap::storage(std::int64_t gx, std::int64_t gy) const {
    return static_cast<std::size_t>(floorMod(-gy, n_) * n_ + floorMod(-gx, n_));
}

void GroundGridMap::resetCell(std::size_t k, float ground, float confidence) {
    layers_[Points][k] = 0;
    layers_[Ground][k] = ground;
    layers_[Patch][k] = confidence;
    layers_[Variance][k] = 0;
}

void GroundGridMap::move(const Eigen::Vector3d &rover) {
    center_x_ = static_cast<std::int64_t>(std::llround(rover.x() / config_.resolution));
    center_y_ = static_cast<std::int64_t>(std::llround(rover.y() / config_.resolution));
    const float confidence = initialised_ ? 0.0f : static_cast<float>(config_.initial_confidence);
    const float ground = static_cast<float>(rover.z());
    const std::int64_t half = n_ / 2;
    for (std::int64_t gx = center_x_ - half; gx < center_x_ + half; ++gx) {
        const auto r = static_cast<std::size_t>(floorMod(-gx, n_));
        if (row_global_[r] == gx) continue;
        row_global_[r] = gx;
        for (int c = 0; c < n_; ++c) resetCell(static_cast<std::size_t>(c) * n_ + r, ground, confidence);
    }
    for (std::int64_t gy = center_y_ - half; gy < center_y_ + half; ++gy) {
        const auto c = static_cast<std::size_t>(floorMod(-gy, n_));
        if (col_global_[c] == gy) continue;
        col_global_[c] = gy;
        for (int r = 0; r < n_; ++r) resetCell(c * n_ + static_cast<std::size_t>(r), ground, confidence);
    }
    initialised_ = true;
}

void GroundGridMap::update(const std::vector<Eigen::Vector3d> &points, const std::vector<bool> &ground,
                           const Eigen::Vector3d &rover) {
    move(rover);
    const std::size_t cells = static_cast<std::size_t>(n_) * n_;
    const std::int64_t half = n_ / 2;
    // Confidence decays away from the rover before this scan's evidence is added (GroundGrid).
    for (std::int64_t gy = center_y_ - half; gy < center_y_ + half; ++gy) {
        for (std::int64_t gx = center_x_ - half; gx < center_x_ + half; ++gx) {
            const double dx = (gx + 0.5) * config_.resolution - rover.x();
            const double dy = (gy + 0.5) * config_.resolution - rover.y();
            if (dx * dx + dy * dy <= config_.min_dist_squared) continue;
            float &c = layers_[Patch][storage(gx, gy)];
            c = std::max(c - c / static_cast<float>(config_.decrease_factor), 0.001f);
        }
    }
    std::vector<int> count(cells, 0), obstacles(cells, 0), ground_count(cells, 0);
    std::vector<double> mean(cells, 0.0), m2(cells, 0.0), ground_sum(cells, 0.0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto gx = static_cast<std::int64_t>(std::floor(points[i].x() / config_.resolution));
        const auto gy = static_cast<std::int64_t>(std::floor(points[i].y() / config_.resolution));
        if (gx < center_x_ - half || gx >= center_x_ + half || gy < center_y_ - half || gy >= center_y_ + half)
            continue;
        const std::size_t k = storage(gx, gy);
        const double z = points[i].z();
        // Welford's running mean and M2 of the heights in the cell.
        ++count[k];
        const double delta = z - mean[k];
        mean[k] += delta / count[k];
        m2[k] += delta * (z - mean[k]);
        if (ground[i]) {
            ++ground_count[k];
            ground_sum[k] += z;
        } else {
            ++obstacles[k];
        }
    }
    for (std::size_t k = 0; k < cells; ++k) {
        layers_[Points][k] = static_cast<float>(obstacles[k]);
        layers_[Variance][k] = count[k] > 0 ? static_cast<float>(m2[k] / count[k]) : 0.0f;
        if (ground_count[k] == 0) continue;
        const double c = layers_[Patch][k];
        const double w = ground_count[k] / (2 * config_.point_count_factor);
        const double observed = ground_sum[k] / ground_count[k];
        layers_[Ground][k] = static_cast<float>((c * layers_[Ground][k] + w * observed) / (c + w));
        layers_[Patch][k] = static_cast<float>(std::min((w + c) / 2, 1.0));
    }
    const std::size_t below = storage(static_cast<std::int64_t>(std::floor(rover.x() / config_.resolution)),
                                      static_cast<std::int64_t>(std::floor(rover.y() / config_.resolution)));
    layers_[Ground][below] = static_cast<float>(rover.z());
    layers_[Patch][below] = 1.0f;
}

float GroundGridMap::valueAt(int layer, double x, double y) const {
    const auto gx = static_cast<std::int64_t>(std::floor(x / config_.resolution));
    const auto gy = static_cast<std::int64_t>(std::floor(y / config_.resolution));
    const std::int64_t half = n_ / 2;
    if (gx < center_x_ - half || gx >= center_x_ + half || gy < center_y_ - half || gy >= center_y_ + half) {
        return std::numeric_limits<float>::quiet_NaN();
    }
    return layers_[layer][storage(gx, gy)];
}

msgs::GridMap GroundGridMap::message() const {
    msgs::GridMap map;
    map.header.frame_id = "odom";
    map.info.resolution = config_.resolution;
    map.info.length_x = map.info.length_y = n_ * config_.resolution;
    map.info.pose.position = {center_x_ * config_.resolution, center_y_ * config_.resolution, 0};
    const auto n = static_cast<std::uint32_t>(n_);
    for (int l = 0; l < LayerCount; ++l) {
        map.layers.emplace_back(kLayerNames[l]);
        msgs::Float32MultiArray array;
        array.layout.dim = {{"column_index", n, n * n}, {"row_index", n, n}};
        array.data = layers_[l];
        map.data.push_back(std::move(array));
    }
    const std::int64_t half = n_ / 2;
    map.outer_start_index = static_cast<std::uint16_t>(floorMod(-(center_x_ + half - 1), n_));
    map.inner_start_index = static_cast<std::uint16_t>(floorMod(-(center_y_ + half - 1), n_));
    return map;
}

}  // namespace robometrics::sim
