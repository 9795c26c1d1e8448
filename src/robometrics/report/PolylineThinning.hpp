#pragma once
// Fewer points, the same picture: of consecutive points of a polyline that fall into one pixel
// column, only the first, the lowest, the highest and the last change what is drawn. A 30-minute
// run at 100 Hz (180,000 points) becomes at most four points per column of the plot, and a
// spike of one sample still shows (plain decimation would drop it).

#include <vector>

namespace robometrics::report {

struct PixelPoint {
    double x = 0, y = 0;  ///< SVG user units (pixels)
};

/// `points` in drawing order, all finite; returns the kept points in the same order.
std::vector<PixelPoint> thinToPixelColumns(const std::vector<PixelPoint> &points);

}  // namespace robometrics::report
