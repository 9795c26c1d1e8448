#include "robometrics/slam/DistanceTransform.hpp"

#include <cmath>
#include <limits>

namespace robometrics::slam {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

}  // namespace

std::vector<float> distanceToBackground(const std::vector<std::uint8_t> &foreground, std::size_t width,
                                        std::size_t height) {
    const std::size_t n = width * height;
    std::vector<float> out(n, std::numeric_limits<float>::infinity());
    if (foreground.size() != n || n == 0) return out;

    // Pass 1, along columns (scanned row by row for contiguous access): vertical distance to the
    // nearest background cell in the same column, or kNone.
    std::vector<std::uint32_t> col(n, kNone);
    for (std::size_t r = 0; r < height; ++r) {
        for (std::size_t c = 0; c < width; ++c) {
            const std::size_t i = r * width + c;
            if (!foreground[i]) {
                col[i] = 0;
            } else if (r > 0 && col[i - width] != kNone) {
                col[i] = col[i - width] + 1;
            }
        }
    }
    for (std::size_t r = height - 1; r-- > 0;) {
        for (std::size_t c = 0; c < width; ++c) {
            const std::size_t i = r * width + c;
            const std::uint32_t below = col[i + width];
            if (below != kNone && (col[i] == kNone || below + 1 < col[i])) col[i] = below + 1;
        }
    }

    // Pass 2, along rows: lower envelope of the parabolas (x - q)^2 + f(q), f = squared column
    // distance, over the columns q that have one.
    std::vector<std::size_t> v(width);
    std::vector<double> z(width + 1), f(width);
    for (std::size_t r = 0; r < height; ++r) {
        const std::uint32_t *g = col.data() + r * width;
        std::size_t k = 0;
        bool any = false;
        for (std::size_t q = 0; q < width; ++q) {
            if (g[q] == kNone) continue;
            f[q] = static_cast<double>(g[q]) * static_cast<double>(g[q]);
            const double dq = static_cast<double>(q);
            if (!any) {
                any = true;
                k = 0;
                v[0] = q;
                z[0] = -std::numeric_limits<double>::infinity();
                z[1] = std::numeric_limits<double>::infinity();
                continue;
            }
            // z[0] = -inf, so the search always stops at k = 0 at the latest.
            double s = 0;
            while (true) {
                const double dv = static_cast<double>(v[k]);
                s = ((f[q] + dq * dq) - (f[v[k]] + dv * dv)) / (2.0 * (dq - dv));
                if (s > z[k]) break;
                --k;
            }
            ++k;
            v[k] = q;
            z[k] = s;
            z[k + 1] = std::numeric_limits<double>::infinity();
        }
        if (!any) continue;
        float *dst = out.data() + r * width;
        k = 0;
        for (std::size_t x = 0; x < width; ++x) {
            const double dx = static_cast<double>(x);
            while (z[k + 1] < dx) ++k;
            const double d = dx - static_cast<double>(v[k]);
            dst[x] = static_cast<float>(std::sqrt(d * d + f[v[k]]));
        }
    }
    return out;
}

}  // namespace robometrics::slam
