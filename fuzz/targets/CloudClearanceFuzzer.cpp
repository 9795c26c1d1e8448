// The PointCloud2 reader of the clearance from 3-D clouds (traversal::cloudLayout and
// traversal::cloudClearance): x, y, z at any offset, organized or not, either byte order, sizes
// that lie about the data. Input (little-endian): height, width, point_step, row_step (u32 each);
// a flags byte (bit 0: big-endian cloud, bit 1: a polygon footprint instead of the circle, bit 2:
// a sensor tilted and raised on the base, bit 3: a self-filter box); a field count byte (0..8); per field a name byte
// (one of kNames), a datatype byte and a u32 offset; then the cloud's data.

#include <algorithm>
#include <cstdint>
#include <span>

#include "robometrics/traversal/CloudClearance.hpp"

namespace {

constexpr const char *kNames[] = {"x", "y", "z", "intensity", "ring", "time", "X", ""};

/// Takes a little-endian u32 from the front of `in` (missing bytes read as 0).
std::uint32_t takeU32(std::span<const std::uint8_t> &in) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4 && i < in.size(); ++i) v |= std::uint32_t{in[i]} << (8 * i);
    in = in.subspan(std::min<std::size_t>(4, in.size()));
    return v;
}

std::uint8_t takeByte(std::span<const std::uint8_t> &in) {
    if (in.empty()) return 0;
    const std::uint8_t v = in.front();
    in = in.subspan(1);
    return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace robometrics;
    std::span<const std::uint8_t> in(data, size);
    msgs::PointCloud2 cloud;
    cloud.height = takeU32(in);
    cloud.width = takeU32(in);
    cloud.point_step = takeU32(in);
    cloud.row_step = takeU32(in);
    const std::uint8_t flags = takeByte(in);
    cloud.is_bigendian = (flags & 1) != 0;
    const std::size_t fields = takeByte(in) % 9;
    for (std::size_t i = 0; i < fields; ++i) {
        msgs::PointField f;
        f.name = kNames[takeByte(in) % 8];
        f.datatype = takeByte(in);
        f.offset = takeU32(in);
        f.count = 1;
        cloud.fields.push_back(f);
    }
    cloud.data.assign(in.begin(), in.end());

    traversal::CloudFootprint shape;
    if (flags & 2) shape.footprint = {{0.3, 0.2}, {0.3, -0.2}, {-0.3, -0.2}, {-0.3, 0.2}};
    if (flags & 8) shape.self_filter = traversal::CropBox{-0.2, 0.2, -0.2, 0.2, 0.0, 1.0};
    Eigen::Isometry3d base_T_sensor = Eigen::Isometry3d::Identity();
    if (flags & 4) {
        base_T_sensor.rotate(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitY()));
        base_T_sensor.pretranslate(Eigen::Vector3d(0.1, 0, 0.4));
    }
    auto layout = traversal::cloudLayout(cloud);
    auto clearance = traversal::cloudClearance(cloud, base_T_sensor, shape);
    // The layout decides: a cloud whose layout is refused gives no clearance, and one accepted does.
    if (layout.ok() != clearance.ok()) __builtin_trap();
    if (clearance.ok() && clearance->returns > clearance->points) __builtin_trap();
    if (clearance.ok() && clearance->in_band + clearance->self > clearance->returns) __builtin_trap();
    if (clearance.ok() && clearance->clearance && !(*clearance->clearance >= 0)) __builtin_trap();
    return 0;
}
