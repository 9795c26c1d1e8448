#pragma once
// NumPy's .npy format (version 1.0, as np.save writes it) for the arrays of evo's result zip:
// little-endian float64 ('<f8') arrays of any shape, C order. The reader is strict and bounded:
// the header must be the dictionary np.save writes ('descr', 'fortran_order', 'shape'), at most
// kMaxNpyHeader bytes, and the shape must account for exactly the bytes that follow it, so a
// malformed or lying header is an error naming the file, never a large allocation.

#include <cstddef>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::io {

struct NpyArray {
    std::vector<std::size_t> shape;  ///< {n} for a vector, {4, 4} for a matrix; {} for a scalar
    std::vector<double> values;      ///< C order (row-major)
};

/// Largest header we accept (np.save pads its header to 64 bytes; a few hundred are plenty).
constexpr std::size_t kMaxNpyHeader = 4096;

/// The .npy bytes of `array` (version 1.0, '<f8', C order, header padded to 64 bytes as numpy
/// pads it). `values.size()` must be the product of `shape`.
std::string encodeNpy(const NpyArray &array);

/// Reads .npy bytes; `where` names them in errors ("r.zip: error_array.npy"). Versions 1.0, 2.0
/// and 3.0 are read; the dtype must be '<f8' (or '<i8', '<f4', read as doubles); Fortran order
/// is turned into C order.
Result<NpyArray> decodeNpy(const std::string &bytes, const std::string &where);

}  // namespace robometrics::io
