#pragma once
// The true 2.5-D terrain: ground elevation on a regular grid (bilinear between samples) and a
// roughness value per sample (0 smooth .. 1 very rough) that drives IMU bumps, wheel slip and
// the point scatter seen by the 3-D lidar. Outside the grid the ground is flat at z = 0.

#include <cstdint>
#include <vector>

namespace robometrics::sim {

class Terrain {
public:
    Terrain() = default;
    Terrain(int width, int height, double resolution, double origin_x, double origin_y);

    bool empty() const { return heights_.empty(); }
    double height(double x, double y) const;
    /// dz/dx and dz/dy by central differences over one sample.
    void gradient(double x, double y, double &gx, double &gy) const;
    double roughness(double x, double y) const;

    /// A smooth Gaussian hill (negative `amplitude` makes a dip).
    void addHill(double cx, double cy, double amplitude, double sigma);
    /// A planar ramp rising by `rise` metres from x0 to x1 inside y0..y1, flat at `rise` beyond x1.
    void addRampX(double x0, double x1, double y0, double y1, double rise);
    /// A sharp step of `step_height` over the box.
    void addStep(double x0, double y0, double x1, double y1, double step_height);
    /// A rough patch: high-frequency bumps of +-`amplitude` metres and roughness `level`.
    void addRoughPatch(double x0, double y0, double x1, double y1, double amplitude, double level, std::uint64_t seed);

private:
    double sample(const std::vector<float> &layer, double x, double y) const;
    template <class F>
    void forEach(F &&f);

    int width_ = 0;
    int height_ = 0;
    double resolution_ = 0.1;
    double origin_x_ = 0;
    double origin_y_ = 0;
    std::vector<float> heights_;
    std::vector<float> roughness_;
};

}  // namespace robometrics::sim
