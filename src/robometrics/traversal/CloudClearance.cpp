#include "robometrics/traversal/CloudClearance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace robometrics::traversal {

namespace {

constexpr std::uint8_t kFloat32 = msgs::PointField::FLOAT32;

/// Offset of the FLOAT32 field `name`, checked to lie within a point.
Result<std::uint32_t> coordinateOffset(const msgs::PointCloud2 &cloud, const char *name) {
    for (const msgs::PointField &f : cloud.fields) {
        if (f.name != name) continue;
        if (f.datatype != kFloat32) {
            return Error{fmt::format("PointCloud2 field '{}' has datatype {}, expected FLOAT32 (7)", name, f.datatype)};
        }
        if (std::uint64_t{f.offset} + 4 > cloud.point_step) {
            return Error{fmt::format("PointCloud2 field '{}' at offset {} does not fit in point_step {}", name,
                                     f.offset, cloud.point_step)};
        }
        return f.offset;
    }
    std::string names;
    for (const msgs::PointField &f : cloud.fields) names += (names.empty() ? "" : ", ") + f.name;
    return Error{fmt::format("PointCloud2 has no field '{}' (fields: {})", name, names.empty() ? "none" : names)};
}

float readFloat(const std::uint8_t *at, bool swap) {
    std::uint32_t bits;
    std::memcpy(&bits, at, sizeof bits);
    if (swap) bits = __builtin_bswap32(bits);
    return std::bit_cast<float>(bits);
}

/// Even-odd rule: a point on the boundary may land either side, where the distance is 0 anyway.
bool insidePolygon(const std::vector<std::array<double, 2>> &poly, double x, double y) {
    bool inside = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const auto &a = poly[i];
        const auto &b = poly[j];
        if ((a[1] > y) != (b[1] > y) && x < (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]) + a[0]) inside = !inside;
    }
    return inside;
}

double distanceToPolygon(const std::vector<std::array<double, 2>> &poly, double x, double y) {
    if (insidePolygon(poly, x, y)) return 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const double ax = poly[j][0], ay = poly[j][1];
        const double dx = poly[i][0] - ax, dy = poly[i][1] - ay;
        const double length2 = dx * dx + dy * dy;
        double s = length2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / length2 : 0;
        s = std::clamp(s, 0.0, 1.0);
        best = std::min(best, std::hypot(x - ax - s * dx, y - ay - s * dy));
    }
    return best;
}

}  // namespace

Result<std::vector<std::array<double, 2>>> parseFootprint(const std::string &text) {
    std::vector<double> numbers;
    std::size_t depth = 0, i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '[') {
            if (++depth > 2) return Error{"parameter 'footprint': brackets nested deeper than [[x, y], ...]"};
            ++i;
        } else if (c == ']') {
            if (depth-- == 0) return Error{"parameter 'footprint': a ']' without its '['"};
            ++i;
        } else if (c == ',' || c == ' ' || c == '\t' || c == '\n') {
            ++i;
        } else {
            if (depth != 2)
                return Error{
                    fmt::format("parameter 'footprint': a number outside a [x, y] pair at '{}'", text.substr(i))};
            const char *begin = text.c_str() + i;
            char *end = nullptr;
            const double value = std::strtod(begin, &end);
            if (end == begin || !std::isfinite(value)) {
                return Error{fmt::format("parameter 'footprint': expected a number at '{}'", text.substr(i))};
            }
            numbers.push_back(value);
            i += static_cast<std::size_t>(end - begin);
        }
    }
    if (depth != 0) return Error{"parameter 'footprint': a '[' without its ']'"};
    if (numbers.size() % 2 != 0)
        return Error{"parameter 'footprint': expected [x, y] pairs, got an odd count of numbers"};
    std::vector<std::array<double, 2>> out;
    for (std::size_t k = 0; k < numbers.size(); k += 2) out.push_back({numbers[k], numbers[k + 1]});
    if (!out.empty() && out.size() < 3) {
        return Error{fmt::format("parameter 'footprint': a polygon needs at least 3 points, got {}", out.size())};
    }
    return out;
}

Result<CloudFootprint> CloudFootprint::fromParams(const Params &params) {
    CloudFootprint shape;
    std::string text;
    ROBOMETRICS_TRY(params.get("footprint", text));
    if (!text.empty()) {
        auto polygon = parseFootprint(text);
        if (!polygon) return polygon.error();
        shape.footprint = std::move(*polygon);
    }
    ROBOMETRICS_TRY(params.get("robot_radius", shape.robot_radius));
    ROBOMETRICS_TRY(params.get("min_obstacle_height", shape.min_obstacle_height));
    ROBOMETRICS_TRY(params.get("max_obstacle_height", shape.max_obstacle_height));
    CropBox box;
    const std::pair<const char *, double CropBox::*> bounds[] = {
        {"min_x", &CropBox::min_x}, {"max_x", &CropBox::max_x}, {"min_y", &CropBox::min_y},
        {"max_y", &CropBox::max_y}, {"min_z", &CropBox::min_z}, {"max_z", &CropBox::max_z}};
    for (const auto &[name, bound] : bounds)
        ROBOMETRICS_TRY(params.get(std::string("self_filter.") + name, box.*bound));
    if (box != CropBox{}) shape.self_filter = box;  // all six 0: off
    ROBOMETRICS_TRY(shape.validate());
    return shape;
}

Status CloudFootprint::validate() const {
    if (!std::isfinite(robot_radius) || robot_radius < 0) {
        return Error{fmt::format("parameter 'robot_radius': expected a distance of 0 m or more, got {}", robot_radius)};
    }
    if (!std::isfinite(min_obstacle_height) || !std::isfinite(max_obstacle_height) ||
        !(min_obstacle_height < max_obstacle_height)) {
        return Error{
            fmt::format("parameters 'min_obstacle_height' ({}) and 'max_obstacle_height' ({}): expected "
                        "finite heights, the minimum below the maximum",
                        min_obstacle_height, max_obstacle_height)};
    }
    if (self_filter) {
        const CropBox &b = *self_filter;
        const std::array<std::array<double, 2>, 3> axes{{{b.min_x, b.max_x}, {b.min_y, b.max_y}, {b.min_z, b.max_z}}};
        for (std::size_t i = 0; i < axes.size(); ++i) {
            const char axis = "xyz"[i];
            if (!std::isfinite(axes[i][0]) || !std::isfinite(axes[i][1]) || !(axes[i][0] < axes[i][1])) {
                return Error{
                    fmt::format("parameters 'self_filter.min_{0}' ({1}) and 'self_filter.max_{0}' ({2}): "
                                "expected finite bounds of the self-filter box, the minimum below the maximum",
                                axis, axes[i][0], axes[i][1])};
            }
        }
    }
    return Status::Ok();
}

std::string CloudFootprint::describe() const {
    std::string text = footprint.empty() ? fmt::format("circle of radius {:.2f} m", robot_radius)
                                         : fmt::format("polygon of {} vertices", footprint.size());
    if (self_filter) {
        const CropBox &b = *self_filter;
        text += fmt::format(", self-filter box x {}..{}, y {}..{}, z {}..{} m", b.min_x, b.max_x, b.min_y, b.max_y,
                            b.min_z, b.max_z);
    }
    return text;
}

Result<CloudLayout> cloudLayout(const msgs::PointCloud2 &cloud) {
    CloudLayout layout;
    auto x = coordinateOffset(cloud, "x");
    if (!x) return x.error();
    auto y = coordinateOffset(cloud, "y");
    if (!y) return y.error();
    auto z = coordinateOffset(cloud, "z");
    if (!z) return z.error();
    layout.x = *x;
    layout.y = *y;
    layout.z = *z;
    layout.swap = cloud.is_bigendian != (std::endian::native == std::endian::big);
    if (cloud.width == 0 || cloud.height == 0) return layout;
    const std::uint64_t row_bytes = std::uint64_t{cloud.width} * cloud.point_step;
    if (cloud.height > 1 && cloud.row_step < row_bytes) {
        return Error{fmt::format("PointCloud2 row_step {} is shorter than width {} x point_step {}", cloud.row_step,
                                 cloud.width, cloud.point_step)};
    }
    const std::uint64_t stride = cloud.height > 1 ? cloud.row_step : row_bytes;
    const std::uint64_t needed = (std::uint64_t{cloud.height} - 1) * stride + row_bytes;
    if (cloud.data.size() < needed) {
        return Error{fmt::format("PointCloud2 data holds {} bytes, its {} x {} points of {} bytes need {}",
                                 cloud.data.size(), cloud.height, cloud.width, cloud.point_step, needed)};
    }
    return layout;
}

Result<CloudClearance> cloudClearance(const msgs::PointCloud2 &cloud, const Eigen::Isometry3d &base_T_sensor,
                                      const CloudFootprint &shape) {
    auto layout = cloudLayout(cloud);
    if (!layout) return layout.error();
    CloudClearance out;
    out.points = std::uint64_t{cloud.width} * cloud.height;
    if (out.points == 0) return out;
    const Eigen::Matrix3d r = base_T_sensor.linear();
    const Eigen::Vector3d t = base_T_sensor.translation();
    const bool circle = shape.footprint.empty();
    // A point at planar distance d from the base origin is at least d - reach from the footprint.
    double reach = circle ? shape.robot_radius : 0;
    for (const auto &v : shape.footprint) reach = std::max(reach, std::hypot(v[0], v[1]));
    double best = std::numeric_limits<double>::infinity();  // clearance of the nearest point so far
    double best_planar2 = std::numeric_limits<double>::infinity();
    const std::uint64_t row_bytes = std::uint64_t{cloud.width} * cloud.point_step;
    const std::uint64_t stride = cloud.height > 1 ? cloud.row_step : row_bytes;
    const CloudLayout l = *layout;
    for (std::uint32_t row = 0; row < cloud.height; ++row) {
        const std::uint8_t *point = cloud.data.data() + row * stride;
        for (std::uint32_t i = 0; i < cloud.width; ++i, point += cloud.point_step) {
            const double x = readFloat(point + l.x, l.swap);
            const double y = readFloat(point + l.y, l.swap);
            const double z = readFloat(point + l.z, l.swap);
            if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) continue;
            if (x == 0 && y == 0 && z == 0) continue;
            ++out.returns;
            const double bz = r(2, 0) * x + r(2, 1) * y + r(2, 2) * z + t.z();
            const bool in_band = bz >= shape.min_obstacle_height && bz <= shape.max_obstacle_height;
            if (!in_band && !shape.self_filter) continue;
            const double bx = r(0, 0) * x + r(0, 1) * y + r(0, 2) * z + t.x();
            const double by = r(1, 0) * x + r(1, 1) * y + r(1, 2) * z + t.y();
            if (shape.self_filter && shape.self_filter->contains(bx, by, bz)) {
                ++out.self;
                continue;
            }
            if (!in_band) continue;
            ++out.in_band;
            const double planar2 = bx * bx + by * by;
            if (circle) {
                if (planar2 < best_planar2) {
                    best_planar2 = planar2;
                    out.nearest = {bx, by, bz};
                }
                continue;
            }
            // Polygon: the exact distance only for points that may beat the best so far.
            const double bound = best + reach;
            if (std::isfinite(best) && planar2 >= bound * bound) continue;
            const double d = distanceToPolygon(shape.footprint, bx, by);
            if (d < best) {
                best = d;
                out.nearest = {bx, by, bz};
            }
        }
    }
    if (out.in_band == 0) return out;
    out.clearance = circle ? std::max(0.0, std::sqrt(best_planar2) - shape.robot_radius) : best;
    return out;
}

}  // namespace robometrics::traversal
