#pragma once
// Zhang-Suen thinning (Zhang & Suen 1984, CACM 27(3)), the textbook two-sub-iteration version:
// a foreground pixel P1 with neighbours P2..P9 (N, NE, E, SE, S, SW, W, NW; "N" is the previous
// row in memory) is removed when 2 <= B <= 6 (foreground neighbours), A = 1 (0 -> 1 transitions
// in P2, P3, ..., P9, P2), and P2*P4*P6 = P4*P6*P8 = 0 (first sub-iteration) or
// P2*P4*P8 = P2*P6*P8 = 0 (second); removals of a sub-iteration are applied together, and the
// passes repeat until nothing changes. Pixels outside the image count as background, so border
// pixels are thinned like any other (OpenCV's thinning never touches the 1-pixel border).
// scikit-image's skeletonize uses a different lookup-table variant, so its pixels differ.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::slam {

/// The skeleton (1 = skeleton pixel) of `mask` (non-zero = foreground), width x height row-major.
std::vector<std::uint8_t> zhangSuenSkeleton(const std::vector<std::uint8_t> &mask, std::size_t width,
                                            std::size_t height);

}  // namespace robometrics::slam
