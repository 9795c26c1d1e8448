#include "robometrics/sim/CameraModel.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

namespace {

using Rgb = std::array<double, 3>;

// Indoors (a world without terrain) a floor and a ceiling, outdoors grass and sky.
constexpr Rgb kFloor{150, 140, 120}, kGrass{80, 110, 50}, kCeiling{205, 205, 200}, kSkyLow{190, 210, 230},
    kSkyHigh{90, 140, 210}, kIndoorWall{200, 195, 185}, kRock{115, 105, 95}, kHaze{185, 192, 200};

/// A stable per-cell variation in [-1, 1) for each channel (walls and ground tiles differ a little).
Rgb cellTint(std::int64_t ix, std::int64_t iy) {
    std::uint64_t state = static_cast<std::uint64_t>(ix) * 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(iy);
    const std::uint64_t h = splitmix64(state);
    Rgb tint;
    for (int k = 0; k < 3; ++k) tint[k] = static_cast<double>((h >> (16 * k)) & 0xFFFF) / 32768.0 - 1.0;
    return tint;
}

Rgb mix(const Rgb &a, const Rgb &b, double f) {
    return {a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f};
}

}  // namespace

CameraModel::CameraModel(Rng rng, CameraConfig config) : rng_(rng), config_(config) {
    for (int u = 0; u < config_.width; ++u)
        column_azimuth_.push_back(std::atan((config_.width / 2.0 - u - 0.5) / config_.focal_px));
    for (int v = 0; v < config_.height; ++v)
        row_elevation_.push_back(std::atan((config_.height / 2.0 - v - 0.5) / config_.focal_px));
}

msgs::Image CameraModel::render(const World &world, const ChassisState &body) {
    msgs::Image image;
    image.header.frame_id = "camera_optical_frame";
    image.width = static_cast<std::uint32_t>(config_.width);
    image.height = static_cast<std::uint32_t>(config_.height);
    image.encoding = "rgb8";
    image.is_bigendian = 0;
    image.step = 3 * image.width;
    image.data.resize(static_cast<std::size_t>(image.step) * image.height);

    const bool indoor = world.terrain.empty();
    const OccupancyMap &map = world.map;
    const double x = body.position.x() + config_.mount_x * std::cos(body.yaw);
    const double y = body.position.y() + config_.mount_x * std::sin(body.yaw);
    const double height = std::max(0.05, body.position.z() + config_.mount_z - world.terrain.height(x, y));
    const double wall_top = world.obstacle_height - height;

    // Per column: the ray's direction, the wall it meets and that wall's colour at its distance.
    struct Column {
        double cos_dir = 0, sin_dir = 0, wall = -1;
        Rgb wall_rgb{};
    };
    std::vector<Column> columns(column_azimuth_.size());
    for (std::size_t u = 0; u < columns.size(); ++u) {
        Column &c = columns[u];
        const double dir = body.yaw + column_azimuth_[u];
        c.cos_dir = std::cos(dir);
        c.sin_dir = std::sin(dir);
        const double d = map.castRay(x, y, dir, config_.max_range);
        if (d >= config_.max_range) continue;
        c.wall = d;
        int ix = 0, iy = 0;
        map.cellOf(x + (d + 1e-3) * c.cos_dir, y + (d + 1e-3) * c.sin_dir, ix, iy);
        const Rgb tint = cellTint(ix, iy);
        const Rgb &base = indoor ? kIndoorWall : kRock;
        const double shade = 1.0 / (1.0 + d / 15.0);
        const Rgb lit{(base[0] + 20 * tint[0]) * (0.4 + 0.6 * shade), (base[1] + 20 * tint[1]) * (0.4 + 0.6 * shade),
                      (base[2] + 20 * tint[2]) * (0.4 + 0.6 * shade)};
        c.wall_rgb = mix(lit, kHaze, d / (d + 40.0));
    }

    const double tile = indoor ? 0.5 : 1.0;  // m
    const int noise_span = 1 << config_.noise_bits, noise_mask = noise_span - 1;
    std::uint8_t *out = image.data.data();
    std::uint64_t bits = 0;
    int bits_left = 0;
    for (std::size_t v = 0; v < row_elevation_.size(); ++v) {
        const double el = row_elevation_[v] - body.pitch;
        const double tan_el = std::tan(el);
        const double ground = el < 0 ? height / -tan_el : -1;  // horizontal distance to the ground
        const Rgb sky = indoor ? kCeiling : mix(kSkyLow, kSkyHigh, std::clamp(el / 0.5, 0.0, 1.0));
        for (const Column &c : columns) {
            Rgb rgb = sky;
            const double z_at_wall = c.wall * tan_el;
            if (c.wall >= 0 && z_at_wall <= wall_top && z_at_wall >= -height) {
                rgb = c.wall_rgb;
            } else if (ground > 0) {
                const auto ix = static_cast<std::int64_t>(std::floor((x + ground * c.cos_dir) / tile));
                const auto iy = static_cast<std::int64_t>(std::floor((y + ground * c.sin_dir) / tile));
                const Rgb tint = cellTint(ix, iy);
                const Rgb &base = indoor ? kFloor : kGrass;
                const double checker = indoor && ((ix + iy) & 1) != 0 ? -18 : 0;
                const Rgb tiled{base[0] + checker + 12 * tint[0], base[1] + checker + 12 * tint[1],
                                base[2] + checker + 12 * tint[2]};
                rgb = mix(tiled, kHaze, ground / (ground + 30.0));
            }
            for (int k = 0; k < 3; ++k) {
                if (bits_left < config_.noise_bits) {
                    bits = rng_.next();
                    bits_left = 64;
                }
                const int noise = static_cast<int>(bits & static_cast<std::uint64_t>(noise_mask)) - noise_span / 2;
                bits >>= config_.noise_bits;
                bits_left -= config_.noise_bits;
                *out++ = static_cast<std::uint8_t>(std::clamp(static_cast<int>(rgb[k]) + noise, 0, 255));
            }
        }
    }
    return image;
}

msgs::Image CameraModel::halfSize(const msgs::Image &image) {
    msgs::Image half;
    half.header = image.header;
    half.encoding = image.encoding;
    half.width = image.width / 2;
    half.height = image.height / 2;
    half.step = 3 * half.width;
    half.data.resize(static_cast<std::size_t>(half.step) * half.height);
    std::uint8_t *out = half.data.data();
    for (std::uint32_t v = 0; v < half.height; ++v) {
        const std::uint8_t *top = image.data.data() + static_cast<std::size_t>(2 * v) * image.step;
        const std::uint8_t *bottom = top + image.step;
        for (std::uint32_t i = 0; i < half.step; ++i) {
            const std::uint32_t u = i / 3 * 6 + i % 3;  // the same channel of the block's left pixels
            *out++ = static_cast<std::uint8_t>((top[u] + top[u + 3] + bottom[u] + bottom[u + 3] + 2) / 4);
        }
    }
    return half;
}

}  // namespace robometrics::sim
