#include "robometrics/terrain/GridMap.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <span>

#include "robometrics/terrain/VectorClones.hpp"

namespace robometrics::terrain {

namespace {

// Larger maps than this per side are rejected before allocating (GroundGrid: 364).
constexpr int kMaxCellsPerSide = 1 << 14;

// A layer's floats as bytes, wherever they are: a decoded std::vector<float>, or the payload
// (maybe unaligned there, hence bytes and memcpy).
std::span<const std::uint8_t> floatBytes(const msgs::Float32MultiArray &array) {
    return {reinterpret_cast<const std::uint8_t *>(array.data.data()), array.data.size() * sizeof(float)};
}
std::span<const std::uint8_t> floatBytes(const msgs::Float32ArrayView &array) { return array.bytes; }

}  // namespace

GridMap::GridMap(int rows, int cols, double resolution, const Eigen::Vector2d &center)
    : rows_(rows), cols_(cols), resolution_(resolution), center_(center) {}

GridMap::Matrix &GridMap::add(const std::string &name, float value) {
    Matrix &m = layerToOverwrite(name);
    m.setConstant(rows_, cols_, value);
    return m;
}

GridMap::Matrix &GridMap::layerToOverwrite(const std::string &name) {
    if (Matrix *m = layer(name)) return *m;
    layers_.emplace_back(name, Matrix(rows_, cols_));
    return layers_.back().second;
}

const GridMap::Matrix *GridMap::layer(const std::string &name) const {
    for (const auto &[n, m] : layers_) {
        if (n == name) return &m;
    }
    return nullptr;
}

GridMap::Matrix *GridMap::layer(const std::string &name) {
    return const_cast<Matrix *>(static_cast<const GridMap *>(this)->layer(name));
}

std::vector<std::string> GridMap::layerNames() const {
    std::vector<std::string> out;
    for (const auto &[n, m] : layers_) out.push_back(n);
    return out;
}

Eigen::Vector2d GridMap::position(int i, int j) const {
    const Eigen::Vector2d corner = maxCorner();
    return {corner.x() - (i + 0.5) * resolution_, corner.y() - (j + 0.5) * resolution_};
}

namespace {

template <class Message>
Result<GridMap> readNew(const Message &msg) {
    GridMap map;
    Status read = map.read(msg);
    if (!read.ok()) return read.error();
    return map;
}

}  // namespace

Result<GridMap> GridMap::fromMessage(const msgs::GridMap &msg) { return readNew(msg); }

Result<GridMap> GridMap::fromMessage(const msgs::GridMapView &msg) { return readNew(msg); }

Status GridMap::read(const msgs::GridMap &msg) { return readFields(msg, msg.data); }

Status GridMap::read(const msgs::GridMapView &msg) { return readFields(msg.fields, msg.arrays); }

GridMap::Matrix &GridMap::layerToReuse(const std::string &name, std::size_t &kept) {
    for (std::size_t k = 0; k < kept; ++k) {
        if (layers_[k].first == name) return layers_[k].second;
    }
    if (kept == layers_.size()) layers_.emplace_back();
    auto &[stored_name, m] = layers_[kept++];
    stored_name = name;
    m.resize(rows_, cols_);  // keeps the storage when the cell count is the same
    return m;
}

template <class Array>
Status GridMap::readFields(const msgs::GridMap &msg, const std::vector<Array> &arrays) {
    const auto &info = msg.info;
    if (!(info.resolution > 0) || !(info.length_x > 0) || !(info.length_y > 0) || !std::isfinite(info.length_x) ||
        !std::isfinite(info.length_y)) {
        return Error{
            fmt::format("GridMap info: expected positive resolution and lengths, got resolution {} "
                        "length {} x {}",
                        info.resolution, info.length_x, info.length_y)};
    }
    const double rows_f = std::round(info.length_x / info.resolution);
    const double cols_f = std::round(info.length_y / info.resolution);
    if (rows_f < 1 || cols_f < 1 || rows_f > kMaxCellsPerSide || cols_f > kMaxCellsPerSide) {
        return Error{
            fmt::format("GridMap info: {} x {} cells is outside 1..{} per side", rows_f, cols_f, kMaxCellsPerSide)};
    }
    if (msg.layers.size() != arrays.size()) {
        return Error{fmt::format("GridMap: {} layer names but {} data arrays", msg.layers.size(), arrays.size())};
    }
    rows_ = static_cast<int>(rows_f);
    cols_ = static_cast<int>(cols_f);
    resolution_ = info.resolution;
    center_ = {info.pose.position.x, info.pose.position.y};
    frame_id = msg.header.frame_id;
    stamp = msg.header.stamp.toNs();
    const int rows = rows_;
    const int cols = cols_;
    if (msg.outer_start_index >= rows || msg.inner_start_index >= cols) {
        return Error{fmt::format("GridMap: start index ({}, {}) outside the {} x {} buffer", msg.outer_start_index,
                                 msg.inner_start_index, rows, cols)};
    }
    std::size_t kept = 0;
    for (std::size_t k = 0; k < msg.layers.size(); ++k) {
        const Array &array = arrays[k];
        const std::string &name = msg.layers[k];
        if (array.layout.dim.size() != 2) {
            return Error{
                fmt::format("GridMap layer '{}': expected 2 layout dimensions, got {}", name, array.layout.dim.size())};
        }
        // grid_map writes column-major: dim[0] = "column_index" (cols), dim[1] = "row_index" (rows).
        const bool row_major = array.layout.dim[0].label == "row_index";
        const std::uint32_t d_rows = row_major ? array.layout.dim[0].size : array.layout.dim[1].size;
        const std::uint32_t d_cols = row_major ? array.layout.dim[1].size : array.layout.dim[0].size;
        if (d_rows != static_cast<std::uint32_t>(rows) || d_cols != static_cast<std::uint32_t>(cols)) {
            return Error{fmt::format("GridMap layer '{}': layout is {} x {} cells but the geometry is {} x {}", name,
                                     d_rows, d_cols, rows, cols)};
        }
        const std::size_t offset = array.layout.data_offset;
        const std::size_t cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
        const std::span<const std::uint8_t> bytes = floatBytes(array);
        const std::size_t values = bytes.size() / sizeof(float);
        if (values < offset || values - offset != cells) {
            return Error{fmt::format("GridMap layer '{}': expected {} values after offset {}, got {}", name, cells,
                                     offset, values)};
        }
        Matrix &m = layerToReuse(name, kept);
        const std::uint8_t *src = bytes.data() + offset * sizeof(float);
        // The circular buffer's row r is logical row (r - outer) mod rows, its column c logical
        // column (c - inner) mod cols. Column-major (grid_map's own layout): each buffer column
        // is two contiguous runs, rows [outer, rows) then [0, outer), copied as such.
        const int outer = msg.outer_start_index;
        for (int c = 0; c < cols; ++c) {
            const int j = c >= msg.inner_start_index ? c - msg.inner_start_index : c - msg.inner_start_index + cols;
            float *column = m.data() + static_cast<std::ptrdiff_t>(j) * rows;
            if (!row_major) {
                const std::uint8_t *from = src + static_cast<std::size_t>(c) * rows * sizeof(float);
                std::memcpy(column, from + outer * sizeof(float), (rows - outer) * sizeof(float));
                std::memcpy(column + (rows - outer), from, outer * sizeof(float));
                continue;
            }
            for (int r = 0; r < rows; ++r) {
                std::memcpy(column + (r >= outer ? r - outer : r - outer + rows),
                            src + (static_cast<std::size_t>(r) * cols + c) * sizeof(float), sizeof(float));
            }
        }
    }
    layers_.erase(layers_.begin() + static_cast<std::ptrdiff_t>(kept), layers_.end());
    return Status::Ok();
}

ROBOMETRICS_VECTOR_CLONES
void GridMap::cells(const double *x, const double *y, std::size_t n, int *cell) const {
    const Eigen::Vector2d corner = maxCorner();
    const double corner_x = corner.x();
    const double corner_y = corner.y();
    const double resolution = resolution_;
    const int rows = rows_;
    const int cols = cols_;
    for (std::size_t k = 0; k < n; ++k) {
        const double qi = (corner_x - x[k]) / resolution;
        const double qj = (corner_y - y[k]) / resolution;
        const bool inside = (qi >= 0) & (qi < rows) & (qj >= 0) & (qj < cols);
        // Converted only where inside: a double out of int's range converts to nothing defined.
        // At most 2^14 cells a side (kMaxCellsPerSide), so i + j * rows fits an int.
        const int i = static_cast<int>(inside ? qi : 0.0);
        const int j = static_cast<int>(inside ? qj : 0.0);
        cell[k] = inside ? i + j * rows : -1;
    }
}

msgs::GridMap GridMap::toMessage(int outer_start, int inner_start) const {
    msgs::GridMap msg;
    msg.header.frame_id = frame_id;
    msg.header.stamp = msgs::Time::fromNs(stamp);
    msg.info.resolution = resolution_;
    msg.info.length_x = lengthX();
    msg.info.length_y = lengthY();
    msg.info.pose.position.x = center_.x();
    msg.info.pose.position.y = center_.y();
    msg.outer_start_index = static_cast<std::uint16_t>(outer_start);
    msg.inner_start_index = static_cast<std::uint16_t>(inner_start);
    const auto rows = static_cast<std::uint32_t>(rows_);
    const auto cols = static_cast<std::uint32_t>(cols_);
    for (const auto &[name, m] : layers_) {
        msg.layers.push_back(name);
        msgs::Float32MultiArray array;
        array.layout.dim = {{"column_index", cols, rows * cols}, {"row_index", rows, rows}};
        array.data.resize(static_cast<std::size_t>(rows) * cols);
        for (int i = 0; i < rows_; ++i) {
            for (int j = 0; j < cols_; ++j) {
                const int r = (i + outer_start) % rows_;
                const int c = (j + inner_start) % cols_;
                array.data[static_cast<std::size_t>(c) * rows + r] = m(i, j);
            }
        }
        msg.data.push_back(std::move(array));
    }
    return msg;
}

}  // namespace robometrics::terrain
