#include "robometrics/terrain/ObservationMemory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::terrain {

namespace {

bool positive(const GridMap::Matrix *m, int i, int j) { return m && std::isfinite((*m)(i, j)) && (*m)(i, j) > 0; }

// Fractional part in [0, 1).
double frac(double v) { return v - std::floor(v); }

// Distance between two fractional offsets on the unit circle.
double fracDistance(double a, double b) {
    const double d = std::fabs(a - b);
    return std::min(d, 1.0 - d);
}

struct ObservationLayers {
    const GridMap &map;
    const GridMap::Matrix *points;
    const GridMap::Matrix *variance;
    const GridMap::Matrix *patch;

    explicit ObservationLayers(const GridMap &m)
        : map(m), points(m.layer("points")), variance(m.layer("variance")), patch(m.layer("groundpatch")) {}

    bool observed(int i, int j, double confidence_min) const {
        if (!points && !variance && !patch) {
            for (std::size_t k = 0; k < map.layerCount(); ++k) {
                if (std::isfinite(map.layerAt(k)(i, j))) return true;
            }
            return false;
        }
        if (positive(points, i, j) || positive(variance, i, j)) return true;
        return patch && std::isfinite((*patch)(i, j)) && (*patch)(i, j) >= confidence_min;
    }
};

}  // namespace

bool ObservationMemory::observedIn(const GridMap &map, int i, int j) const {
    return ObservationLayers(map).observed(i, j, confidence_min_);
}

void ObservationMemory::update(const GridMap &map) {
    const double res = map.resolution();
    const Eigen::Vector2d p00 = map.position(0, 0);
    const Eigen::Vector2d phase(frac(p00.x() / res), frac(p00.y() / res));
    // A different resolution or a shifted lattice is a new grid: nothing carries over.
    const bool same_grid = seen_.size() > 0 && std::fabs(res - resolution_) <= 1e-9 * res &&
                           fracDistance(phase.x(), phase_.x()) < 1e-3 && fracDistance(phase.y(), phase_.y()) < 1e-3;
    const std::int64_t gx0 = std::llround(p00.x() / res - phase_.x());
    const std::int64_t gy0 = std::llround(p00.y() / res - phase_.y());
    // Reuse the previous frame's buffer: a fresh allocation each frame costs page faults.
    Mask &next = spare_;
    next.resize(map.rows(), map.cols());
    next.setZero();
    if (same_grid) {
        // Logical i is global gx0 - i (indices grow towards -x); old index = old_gx0 - (gx0 - i).
        // Each column's overlap with the old memory is one contiguous run of rows.
        const std::int64_t di = gx0_ - gx0;
        const std::int64_t dj = gy0_ - gy0;
        const std::int64_t i_begin = std::max<std::int64_t>(0, -di);
        const std::int64_t i_end = std::min<std::int64_t>(map.rows(), seen_.rows() - di);
        for (int j = 0; j < map.cols() && i_begin < i_end; ++j) {
            const std::int64_t oj = dj + j;
            if (oj < 0 || oj >= seen_.cols()) continue;
            const std::uint8_t *from = &seen_(di + i_begin, oj);
            std::copy(from, from + (i_end - i_begin), &next(i_begin, j));
        }
        gx0_ = gx0;
        gy0_ = gy0;
    } else {
        resolution_ = res;
        phase_ = phase;
        gx0_ = std::llround(p00.x() / res - phase.x());
        gy0_ = std::llround(p00.y() / res - phase.y());
    }
    const ObservationLayers layers(map);
    std::uint8_t *seen = next.data();
    const std::size_t cells = static_cast<std::size_t>(next.size());
    if (!layers.points && !layers.variance && !layers.patch) {
        for (int j = 0; j < map.cols(); ++j) {
            for (int i = 0; i < map.rows(); ++i) {
                if (!next(i, j) && layers.observed(i, j, confidence_min_)) next(i, j) = 1;
            }
        }
    } else {
        // observed() layer by layer over the whole map, in loops without branches the compiler
        // vectorises: "finite and > 0" is 0 < v <= FLT_MAX (NaN fails both).
        auto mark = [&](const GridMap::Matrix *layer, auto observes) {
            if (!layer) return;
            const float *v = layer->data();
            for (std::size_t k = 0; k < cells; ++k) seen[k] |= static_cast<std::uint8_t>(observes(v[k]));
        };
        constexpr float kMax = std::numeric_limits<float>::max();
        auto positive_finite = [](float v) { return (v > 0.0f) & (v <= kMax); };
        const double confidence_min = confidence_min_;
        auto confident = [confidence_min](float v) {
            return (std::abs(v) <= kMax) & (static_cast<double>(v) >= confidence_min);
        };
        if (layers.points && layers.variance && layers.patch) {
            // GroundGrid's maps have all three: one pass reads and writes the mask once, not
            // three times (a third of this function's instructions on the simulator's frames).
            const float *points = layers.points->data();
            const float *variance = layers.variance->data();
            const float *patch = layers.patch->data();
            for (std::size_t k = 0; k < cells; ++k) {
                seen[k] |= static_cast<std::uint8_t>(positive_finite(points[k]) | positive_finite(variance[k]) |
                                                     confident(patch[k]));
            }
        } else {
            mark(layers.points, positive_finite);
            mark(layers.variance, positive_finite);
            mark(layers.patch, confident);
        }
    }
    seen_.swap(next);
}

}  // namespace robometrics::terrain
