#pragma once
// PointCloud2 messages built in tests, laid out as the ROS 2 lidar drivers publish them: the
// Velodyne layout (x, y, z, intensity, ring, time: 22 bytes a point), Ouster's (x, y, z, padding,
// intensity, t, reflectivity, ring, ambient, range: 48 bytes), or a plain x, y, z cloud; either
// byte order; organized (rows of `width` points, optional padding at each row's end) or not.

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::test {

struct CloudPoint3 {
    float x = 0, y = 0, z = 0;
};

enum class CloudLayoutKind { Xyz, Velodyne, Ouster };

struct CloudShape {
    CloudLayoutKind layout = CloudLayoutKind::Xyz;
    std::uint32_t width = 0;        ///< points a row; 0: every point in one row (unorganized)
    std::uint32_t row_padding = 0;  ///< bytes after each row
    bool big_endian = false;
    std::string frame = "lidar_link";
};

inline msgs::PointField cloudField(const char *name, std::uint32_t offset, std::uint8_t type) {
    return {name, offset, type, 1};
}

inline msgs::PointCloud2 makeCloud(const std::vector<CloudPoint3> &points, const CloudShape &shape = {}) {
    using F = msgs::PointField;
    msgs::PointCloud2 c;
    c.header.frame_id = shape.frame;
    switch (shape.layout) {
        case CloudLayoutKind::Xyz:
            c.fields = {cloudField("x", 0, F::FLOAT32), cloudField("y", 4, F::FLOAT32), cloudField("z", 8, F::FLOAT32)};
            c.point_step = 12;
            break;
        case CloudLayoutKind::Velodyne:
            c.fields = {cloudField("x", 0, F::FLOAT32),    cloudField("y", 4, F::FLOAT32),
                        cloudField("z", 8, F::FLOAT32),    cloudField("intensity", 12, F::FLOAT32),
                        cloudField("ring", 16, F::UINT16), cloudField("time", 18, F::FLOAT32)};
            c.point_step = 22;
            break;
        case CloudLayoutKind::Ouster:
            c.fields = {cloudField("x", 0, F::FLOAT32),    cloudField("y", 4, F::FLOAT32),
                        cloudField("z", 8, F::FLOAT32),    cloudField("intensity", 16, F::FLOAT32),
                        cloudField("t", 20, F::UINT32),    cloudField("reflectivity", 24, F::UINT16),
                        cloudField("ring", 26, F::UINT16), cloudField("ambient", 28, F::UINT16),
                        cloudField("range", 32, F::UINT32)};
            c.point_step = 48;
            break;
    }
    const auto count = static_cast<std::uint32_t>(points.size());
    c.width = shape.width == 0 ? count : shape.width;
    c.height = c.width == 0 ? 1 : count / c.width;
    c.row_step = c.width * c.point_step + shape.row_padding;
    c.is_bigendian = shape.big_endian;
    c.data.assign(std::size_t{c.row_step} * c.height, 0xAB);  // filler where no field is
    const bool swap = shape.big_endian != (std::endian::native == std::endian::big);
    for (std::uint32_t i = 0; i < count; ++i) {
        std::uint8_t *p = c.data.data() + (i / c.width) * c.row_step + (i % c.width) * c.point_step;
        const float xyz[3] = {points[i].x, points[i].y, points[i].z};
        for (int k = 0; k < 3; ++k) {
            std::uint32_t bits = std::bit_cast<std::uint32_t>(xyz[k]);
            if (swap) bits = __builtin_bswap32(bits);
            std::memcpy(p + 4 * k, &bits, 4);
        }
    }
    c.is_dense = false;
    return c;
}

}  // namespace robometrics::test
