#pragma once
// Exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012, "Distance Transforms of
// Sampled Functions"): for every foreground cell, the distance in cells from its centre to the
// centre of the nearest background cell of the image (cells outside the image do not count, as
// in scipy's distance_transform_edt and OpenCV's DIST_MASK_PRECISE); 0 on background cells and
// +infinity when the image has no background at all. O(width x height).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::slam {

/// `foreground` non-zero = foreground; returns distances in cells, width x height row-major.
std::vector<float> distanceToBackground(const std::vector<std::uint8_t> &foreground, std::size_t width,
                                        std::size_t height);

}  // namespace robometrics::slam
