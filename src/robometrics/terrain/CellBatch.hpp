#pragma once
// The inputs of many cells' costs side by side (one array per input), so that CostModel::values
// costs them in one branch-free loop the compiler vectorises, instead of one branchy call per
// cell. The costmap gathers one row of GridMap cells at a time into it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::terrain {

struct CellBatch {
    // Inputs, as read from the layers (float widened to double); NaN = no data. A missing layer
    // is given a value that contributes nothing: points 0, variance 0, groundpatch
    // confidence_threshold, ground 0 everywhere (flat).
    std::vector<double> points, variance, patch;
    std::vector<double> centre;                               ///< ground height of the cell
    std::vector<double> x_minus, x_plus, y_minus, y_plus;     ///< neighbours' heights (NaN beyond the border)
    // Outputs of CostModel::values.
    std::vector<double> gradient2;  ///< |ground gradient|^2 (0 when it cannot be computed)
    std::vector<int> value;         ///< 0..100, or kUndecided
    std::size_t size = 0;

    /// A value CostModel::values could not settle without std::atan (CostModel::settle does).
    static constexpr int kUndecided = -2;

    /// Room for `n` cells; size back to 0. Keeps the memory across rows and frames.
    void reset(std::size_t n) {
        for (auto *v : {&points, &variance, &patch, &centre, &x_minus, &x_plus, &y_minus, &y_plus, &gradient2}) {
            v->resize(n);
        }
        value.resize(n);
        size = 0;
    }
};

}  // namespace robometrics::terrain
