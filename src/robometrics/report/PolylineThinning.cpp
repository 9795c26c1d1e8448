#include "robometrics/report/PolylineThinning.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace robometrics::report {

std::vector<PixelPoint> thinToPixelColumns(const std::vector<PixelPoint> &points) {
    std::vector<PixelPoint> out;
    out.reserve(std::min<std::size_t>(points.size(), 4096));
    std::size_t first = 0;
    while (first < points.size()) {
        const double column = std::floor(points[first].x);
        std::size_t lowest = first, highest = first, end = first + 1;
        for (; end < points.size() && std::floor(points[end].x) == column; ++end) {
            if (points[end].y < points[lowest].y) lowest = end;
            if (points[end].y > points[highest].y) highest = end;
        }
        // In index order, so the line still runs the way the data went.
        std::array<std::size_t, 4> keep = {first, lowest, highest, end - 1};
        std::sort(keep.begin(), keep.end());
        for (std::size_t k = 0; k < keep.size(); ++k) {
            if (k == 0 || keep[k] != keep[k - 1]) out.push_back(points[keep[k]]);
        }
        first = end;
    }
    return out;
}

}  // namespace robometrics::report
