#include "robometrics/sim/Terrain.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

Terrain::Terrain(int width, int height, double resolution, double origin_x, double origin_y)
    : width_(width),
      height_(height),
      resolution_(resolution),
      origin_x_(origin_x),
      origin_y_(origin_y),
      heights_(static_cast<std::size_t>(width) * height, 0.0f),
      roughness_(static_cast<std::size_t>(width) * height, 0.0f) {}

template <class F>
void Terrain::forEach(F &&f) {
    for (int j = 0; j < height_; ++j) {
        for (int i = 0; i < width_; ++i) {
            f(static_cast<std::size_t>(j) * width_ + i, origin_x_ + i * resolution_, origin_y_ + j * resolution_, i, j);
        }
    }
}

double Terrain::sample(const std::vector<float> &layer, double x, double y) const {
    if (layer.empty()) return 0.0;
    const double gx = (x - origin_x_) / resolution_, gy = (y - origin_y_) / resolution_;
    if (gx < 0 || gy < 0 || gx > width_ - 1 || gy > height_ - 1) return 0.0;
    const int i = std::min(static_cast<int>(gx), width_ - 2), j = std::min(static_cast<int>(gy), height_ - 2);
    const double fx = gx - i, fy = gy - j;
    const std::size_t k = static_cast<std::size_t>(j) * width_ + i;
    const double a = layer[k], b = layer[k + 1], c = layer[k + width_], d = layer[k + width_ + 1];
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

double Terrain::height(double x, double y) const { return sample(heights_, x, y); }

double Terrain::roughness(double x, double y) const { return sample(roughness_, x, y); }

void Terrain::gradient(double x, double y, double &gx, double &gy) const {
    const double h = resolution_;
    gx = (height(x + h, y) - height(x - h, y)) / (2 * h);
    gy = (height(x, y + h) - height(x, y - h)) / (2 * h);
}

void Terrain::addHill(double cx, double cy, double amplitude, double sigma) {
    forEach([&](std::size_t k, double x, double y, int, int) {
        const double r2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
        heights_[k] += static_cast<float>(amplitude * std::exp(-r2 / (2 * sigma * sigma)));
    });
}

void Terrain::addRampX(double x0, double x1, double y0, double y1, double rise) {
    forEach([&](std::size_t k, double x, double y, int, int) {
        if (y < y0 || y > y1 || x < x0) return;
        heights_[k] += static_cast<float>(rise * std::min((x - x0) / (x1 - x0), 1.0));
    });
}

void Terrain::addStep(double x0, double y0, double x1, double y1, double step_height) {
    forEach([&](std::size_t k, double x, double y, int, int) {
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) heights_[k] += static_cast<float>(step_height);
    });
}

void Terrain::addRoughPatch(double x0, double y0, double x1, double y1, double amplitude, double level,
                            std::uint64_t seed) {
    forEach([&](std::size_t k, double x, double y, int i, int j) {
        if (x < x0 || x > x1 || y < y0 || y > y1) return;
        // Hash of the sample index: the same bumps for the same seed, independent of fill order.
        std::uint64_t state =
            seed ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(i)) << 32) ^ static_cast<std::uint32_t>(j);
        const double u = static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53;
        heights_[k] += static_cast<float>(amplitude * (2 * u - 1));
        roughness_[k] = std::max(roughness_[k], static_cast<float>(level));
    });
}

}  // namespace robometrics::sim
