#include "robometrics/slam/MapAlignment.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace robometrics::slam {

double quaternionYaw(const msgs::Quaternion &q) {
    return std::atan2(2.0 * (q.w * q.z + q.x * q.y), 1.0 - 2.0 * (q.y * q.y + q.z * q.z));
}

GridGeometry GridGeometry::fromInfo(const msgs::MapMetaData &info) {
    GridGeometry g;
    // The message stores a float: take its shortest decimal form (0.05f -> 0.05, not
    // 0.0500000007), the value the map's YAML said, so lengths in metres come out round.
    g.resolution = std::stod(fmt::format("{}", info.resolution));
    g.width = info.width;
    g.height = info.height;
    g.origin_x = info.origin.position.x;
    g.origin_y = info.origin.position.y;
    g.origin_yaw = quaternionYaw(info.origin.orientation);
    return g;
}

void GridGeometry::cellCentre(double col, double row, double &x, double &y) const {
    const double u = (col + 0.5) * resolution, v = (row + 0.5) * resolution;
    const double c = std::cos(origin_yaw), s = std::sin(origin_yaw);
    x = origin_x + c * u - s * v;
    y = origin_y + s * u + c * v;
}

bool GridGeometry::cellAt(double x, double y, std::size_t &col, std::size_t &row) const {
    const double c = std::cos(origin_yaw), s = std::sin(origin_yaw);
    const double dx = x - origin_x, dy = y - origin_y;
    const double u = std::floor((c * dx + s * dy) / resolution), v = std::floor((-s * dx + c * dy) / resolution);
    if (!(u >= 0 && v >= 0 && u < static_cast<double>(width) && v < static_cast<double>(height))) return false;
    col = static_cast<std::size_t>(u);
    row = static_cast<std::size_t>(v);
    return true;
}

Status validateGrid(const msgs::OccupancyGrid &grid, const std::string &what) {
    const double res = grid.info.resolution;
    if (!(std::isfinite(res) && res > 0))
        return Error{fmt::format("{}: resolution {} is not a positive number", what, res)};
    const std::size_t cells = std::size_t{grid.info.width} * grid.info.height;
    if (grid.data.size() != cells) {
        return Error{
            fmt::format("{}: {} cells for a {} x {} grid", what, grid.data.size(), grid.info.width, grid.info.height)};
    }
    return Status::Ok();
}

CellGrid toCellGrid(const msgs::OccupancyGrid &grid) {
    CellGrid out;
    out.width = grid.info.width;
    out.height = grid.info.height;
    out.cells = grid.data;
    return out;
}

CellGrid alignToGrid(const msgs::OccupancyGrid &estimate, const GridGeometry &target, const MapOffset &offset) {
    CellGrid out(target.width, target.height, -1);
    const GridGeometry est = GridGeometry::fromInfo(estimate.info);
    if (est.width == 0 || est.height == 0 || estimate.data.size() != est.width * est.height) return out;

    // Target cell (col, row) -> estimate cell coordinates is affine: q = A * (col + .5, row + .5) + b.
    // world = O_t + R_t * r_t * c; est frame = R_o^T (world - t_o); est cell = R_e^T (e - O_e) / r_e.
    const Eigen::Rotation2Dd rt(target.origin_yaw), ro(offset.yaw), re(est.origin_yaw);
    const Eigen::Matrix2d m_world = rt.toRotationMatrix() * target.resolution;
    const Eigen::Matrix2d to_est =
        re.toRotationMatrix().transpose() * ro.toRotationMatrix().transpose() / est.resolution;
    const Eigen::Matrix2d a = to_est * m_world;
    const Eigen::Vector2d world0(target.origin_x, target.origin_y);
    const Eigen::Vector2d b = re.toRotationMatrix().transpose() *
                              (ro.toRotationMatrix().transpose() * (world0 - Eigen::Vector2d(offset.x, offset.y)) -
                               Eigen::Vector2d(est.origin_x, est.origin_y)) /
                              est.resolution;
    const double ew = static_cast<double>(est.width), eh = static_cast<double>(est.height);
    for (std::size_t row = 0; row < target.height; ++row) {
        const Eigen::Vector2d start = a * Eigen::Vector2d(0.5, static_cast<double>(row) + 0.5) + b;
        std::int8_t *dst = out.cells.data() + row * target.width;
        for (std::size_t col = 0; col < target.width; ++col) {
            const double fc = static_cast<double>(col);
            const double u = std::floor(start.x() + a(0, 0) * fc), v = std::floor(start.y() + a(1, 0) * fc);
            if (u >= 0 && v >= 0 && u < ew && v < eh) {
                dst[col] = estimate.data[static_cast<std::size_t>(v) * est.width + static_cast<std::size_t>(u)];
            }
        }
    }
    return out;
}

}  // namespace robometrics::slam
