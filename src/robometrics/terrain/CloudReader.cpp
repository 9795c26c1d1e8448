#include "robometrics/terrain/CloudReader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

namespace robometrics::terrain {

namespace {

struct FieldAccess {
    std::uint32_t offset = 0;
    bool is_double = false;
};

Result<FieldAccess> findField(const msgs::PointCloud2 &cloud, const char *name) {
    for (const auto &f : cloud.fields) {
        if (f.name != name) continue;
        if (f.datatype != msgs::PointField::FLOAT32 && f.datatype != msgs::PointField::FLOAT64) {
            return Error{fmt::format("PointCloud2 field '{}': expected float32 or float64, got datatype {}", name,
                                     f.datatype)};
        }
        const bool is_double = f.datatype == msgs::PointField::FLOAT64;
        if (std::uint64_t{f.offset} + (is_double ? 8u : 4u) > cloud.point_step) {
            return Error{fmt::format("PointCloud2 field '{}': offset {} does not fit in point_step {}", name, f.offset,
                                     cloud.point_step)};
        }
        return FieldAccess{f.offset, is_double};
    }
    return Error{fmt::format("PointCloud2: no field named '{}'", name)};
}

float readField(const std::uint8_t *p, const FieldAccess &f, bool swap) {
    if (f.is_double) {
        std::uint64_t bits;
        std::memcpy(&bits, p + f.offset, 8);
        if (swap) bits = __builtin_bswap64(bits);
        return static_cast<float>(std::bit_cast<double>(bits));
    }
    std::uint32_t bits;
    std::memcpy(&bits, p + f.offset, 4);
    if (swap) bits = __builtin_bswap32(bits);
    return std::bit_cast<float>(bits);
}

}  // namespace

Status forEachPoint(const msgs::PointCloud2 &cloud, const std::function<void(const Eigen::Vector3f &, float)> &fn) {
    FieldAccess access[4];
    const char *names[4] = {"x", "y", "z", "intensity"};
    for (int k = 0; k < 4; ++k) {
        auto f = findField(cloud, names[k]);
        if (!f) return f.error();
        access[k] = *f;
    }
    const std::uint64_t width = cloud.width;
    const std::uint64_t height = cloud.height;
    if (width * cloud.point_step > cloud.row_step || height * cloud.row_step > cloud.data.size()) {
        return Error{fmt::format("PointCloud2: {} x {} points of {} bytes (row_step {}) need more than the {} data "
                                 "bytes",
                                 width, height, cloud.point_step, cloud.row_step, cloud.data.size())};
    }
    const bool swap = cloud.is_bigendian != (std::endian::native == std::endian::big);
    for (std::uint64_t r = 0; r < height; ++r) {
        const std::uint8_t *row = cloud.data.data() + r * cloud.row_step;
        for (std::uint64_t c = 0; c < width; ++c) {
            const std::uint8_t *p = row + c * cloud.point_step;
            fn(Eigen::Vector3f(readField(p, access[0], swap), readField(p, access[1], swap),
                               readField(p, access[2], swap)),
               readField(p, access[3], swap));
        }
    }
    return Status::Ok();
}

msgs::PointCloud2 makeCloud(const std::vector<Eigen::Vector4f> &xyzi, const msgs::Header &header) {
    msgs::PointCloud2 cloud;
    cloud.header = header;
    cloud.height = 1;
    cloud.width = static_cast<std::uint32_t>(xyzi.size());
    cloud.fields = {{"x", 0, msgs::PointField::FLOAT32, 1},
                    {"y", 4, msgs::PointField::FLOAT32, 1},
                    {"z", 8, msgs::PointField::FLOAT32, 1},
                    {"intensity", 12, msgs::PointField::FLOAT32, 1}};
    cloud.is_bigendian = std::endian::native == std::endian::big;
    cloud.point_step = 16;
    cloud.row_step = 16 * cloud.width;
    cloud.is_dense = true;
    cloud.data.resize(cloud.row_step);
    if (!xyzi.empty()) std::memcpy(cloud.data.data(), xyzi.data(), cloud.data.size());
    return cloud;
}

}  // namespace robometrics::terrain
