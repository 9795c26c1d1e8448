#pragma once
// Pictures for people: a 30 x 30-cell costmap written one pixel per cell is a 30 px smudge. These
// enlarge by a whole factor with nearest-neighbour sampling, so every cell becomes an N x N block
// of exactly its colour (no blur between cells, no invented values). Files a tool reads cell by
// cell (PGM/YAML maps, MCAP grids) stay one pixel per cell and are never passed through here.

#include "robometrics/report/Png.hpp"

namespace robometrics::report {

/// The long side a picture for viewing reaches at least (a typical plot width).
constexpr int kViewingLongSide = 600;

/// The smallest whole factor that brings the long side to `min_long_side` pixels; 1 when the image
/// is already that large (or empty).
int viewingScale(int width, int height, int min_long_side = kViewingLongSide);

/// Each pixel repeated as a factor x factor block.
Image upscaleNearest(const Image &image, int factor);

/// upscaleNearest(image, viewingScale(image)).
Image forViewing(const Image &image);

}  // namespace robometrics::report
