#pragma once
// A light grid_map-like elevation map: float layers over a square-celled grid, NaN = no data.
//
// Index convention (grid_map's, see docs/costmap.md): logical index (i, j) with i along x and
// j along y; (0, 0) is the cell at the +x/+y corner and indices grow towards -x/-y. The cell
// centre of (i, j) is
//   x = center.x + length_x/2 - resolution/2 - i*resolution
//   y = center.y + length_y/2 - resolution/2 - j*resolution.
// Layers are stored unwrapped (logical order): fromMessage() resolves the message's circular
// buffer start indices and its column-/row-major layout once, so lookups need no modulo.

#include <Eigen/Core>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/GridMapView.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

class GridMap {
public:
    using Matrix = Eigen::MatrixXf;  ///< rows along x, columns along y, logical order

    GridMap() = default;
    /// An empty map of rows x cols cells (rows along x) centred at `center`.
    GridMap(int rows, int cols, double resolution, const Eigen::Vector2d &center);

    /// Reads a grid_map_msgs/GridMap (ROS 2 layout). Fails, naming the layer and what is wrong,
    /// when the geometry is not positive, a layer's layout or size does not match the geometry,
    /// or the start indices are outside the buffer.
    static Result<GridMap> fromMessage(const msgs::GridMap &msg);
    /// The same from a message whose floats are still in its payload (msgs::decodeGridMapView):
    /// they are copied once, straight into the layers. The same map, or the same error.
    static Result<GridMap> fromMessage(const msgs::GridMapView &msg);
    /// fromMessage() into this map, whose layers' storage is reused where the message has a
    /// layer of the same size (a map decoded for every frame then allocates nothing). On an
    /// error the map holds part of the message and is only fit to be read into again.
    Status read(const msgs::GridMap &msg);
    Status read(const msgs::GridMapView &msg);

    /// Writes the map as a message whose buffer starts at (outer_start, inner_start), in
    /// grid_map's column-major layout (tests and the simulator build circular buffers this way).
    msgs::GridMap toMessage(int outer_start = 0, int inner_start = 0) const;

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    double resolution() const { return resolution_; }
    const Eigen::Vector2d &center() const { return center_; }
    double lengthX() const { return rows_ * resolution_; }
    double lengthY() const { return cols_ * resolution_; }

    std::string frame_id;
    TimeNs stamp = 0;

    /// Adds (or replaces) a layer filled with `value` (NaN by default, as grid_map does) and
    /// returns it; the reference is valid only until the next add() (layers live in a vector).
    Matrix &add(const std::string &name, float value = std::numeric_limits<float>::quiet_NaN());
    /// The layer, or nullptr when the map has no such layer.
    const Matrix *layer(const std::string &name) const;
    Matrix *layer(const std::string &name);
    std::vector<std::string> layerNames() const;
    /// The layers in their order, without the copies of their names layerNames() makes.
    std::size_t layerCount() const { return layers_.size(); }
    const Matrix &layerAt(std::size_t k) const { return layers_[k].second; }

    /// The +x/+y corner of the map, where logical cell (0, 0) starts: cell (i, j) spans
    /// [corner - (i + 1) r, corner - i r) on each axis (index() and the costmap's row loop).
    Eigen::Vector2d maxCorner() const { return {center_.x() + 0.5 * lengthX(), center_.y() + 0.5 * lengthY()}; }
    /// The centre of cell (i, j).
    Eigen::Vector2d position(int i, int j) const;
    /// The cell holding `p`; false when `p` is outside the map. Points on the shared edge of two
    /// cells belong to the cell with the larger index. Inline: the costmap calls it once a cell.
    bool index(const Eigen::Vector2d &p, int &i, int &j) const {
        const Eigen::Vector2d corner = maxCorner();
        const double qi = (corner.x() - p.x()) / resolution_;
        const double qj = (corner.y() - p.y()) / resolution_;
        // floor(q) is in [0, rows) exactly when q is, and there truncation is floor (cheaper
        // than std::floor without SSE4.1). NaN fails every comparison.
        if (!(qi >= 0 && qi < rows_ && qj >= 0 && qj < cols_)) return false;
        i = static_cast<int>(qi);
        j = static_cast<int>(qj);
        return true;
    }

    /// index() of `n` points (x[k], y[k]) at once, as the cell's place in a layer's storage:
    /// cell[k] = i + j * rows() (column-major, as Eigen stores the layers), or -1 outside. The
    /// same arithmetic as index(), in a loop without branches the compiler vectorises (the costmap
    /// looks up a row of cells at a time: two divisions a cell were a third of its time). One
    /// number a cell rather than i and j: the costmap reads the layers at that place and needs
    /// i and j only for the few cells it gathers.
    void cells(const double *x, const double *y, std::size_t n, int *cell) const;

private:
    /// The layer `name`, added if new, with its cells left as they are: add() fills them, and
    /// fromMessage() writes every one of them (a fill first was a fifth of a GridMap's decoding).
    Matrix &layerToOverwrite(const std::string &name);
    /// Layer `name` of a message being read, whose first `kept` layers are already this
    /// message's: one of those when the message repeats the name (the last one wins, as in
    /// add()), else the next stored layer renamed and resized (its storage reused), else a new one.
    Matrix &layerToReuse(const std::string &name, std::size_t &kept);
    /// Both read(): `msg`'s fields but `data`, whose arrays are `arrays`
    /// (msgs::Float32MultiArray or msgs::Float32ArrayView).
    template <class Array>
    Status readFields(const msgs::GridMap &msg, const std::vector<Array> &arrays);

    int rows_ = 0;
    int cols_ = 0;
    double resolution_ = 0;
    Eigen::Vector2d center_ = Eigen::Vector2d::Zero();
    std::vector<std::pair<std::string, Matrix>> layers_;  ///< few layers: a vector beats a map
};

}  // namespace robometrics::terrain
