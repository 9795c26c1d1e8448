#include "robometrics/slam/DistanceTransform.hpp"

#include <algorithm>
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

    // Pass 2, along rows: d^2(x) = min over q of (x - q)^2 + g(q)^2. The nearest background cell
    // is at most g(x) away, so its column lies within |x - q| < g(x): for thin structures (walls)
    // scanning that window per foreground cell is exact and much cheaper than the full lower
    // envelope, which rows with wide or unbounded windows still use.
    std::vector<std::size_t> v(width);
    std::vector<double> z(width + 1), f(width);
    for (std::size_t r = 0; r < height; ++r) {
        const std::uint32_t *g = col.data() + r * width;
        const std::uint8_t *row_fg = foreground.data() + r * width;
        std::uint64_t window_cost = 0;
        for (std::size_t x = 0; x < width && window_cost <= 4 * width; ++x) {
            if (row_fg[x]) window_cost += g[x] == kNone ? std::uint64_t{UINT32_MAX} : g[x];
        }
        if (window_cost <= 4 * width) {
            float *dst = out.data() + r * width;
            for (std::size_t x = 0; x < width; ++x) {
                if (!row_fg[x]) {
                    dst[x] = 0.0f;
                    continue;
                }
                const std::uint64_t radius = g[x];
                std::uint64_t best = radius * radius;
                const std::size_t lo = x + 1 > radius ? x + 1 - radius : 0;
                const std::size_t hi = std::min<std::size_t>(width - 1, x + radius - 1);
                for (std::size_t q = lo; q <= hi; ++q) {
                    if (g[q] == kNone) continue;
                    const std::uint64_t dx = q > x ? q - x : x - q;
                    const std::uint64_t d2 = dx * dx + std::uint64_t{g[q]} * g[q];
                    if (d2 < best) best = d2;
                }
                dst[x] = static_cast<float>(std::sqrt(static_cast<double>(best)));
            }
            continue;
        }
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
            if (!row_fg[x]) {
                dst[x] = 0.0f;
                continue;
            }
            const double dx = static_cast<double>(x);
            while (z[k + 1] < dx) ++k;
            const double d = dx - static_cast<double>(v[k]);
            dst[x] = static_cast<float>(std::sqrt(d * d + f[v[k]]));
        }
    }
    return out;
}

}  // namespace robometrics::slam
