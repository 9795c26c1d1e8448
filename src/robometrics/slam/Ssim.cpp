#include "robometrics/slam/Ssim.hpp"

#include <array>
#include <cstdint>

namespace robometrics::slam {

namespace {

// scipy.ndimage 'reflect': -1 -> 0, -2 -> 1, n -> n - 1, n + 1 -> n - 2.
std::size_t reflect(std::ptrdiff_t k, std::size_t n) {
    const auto sn = static_cast<std::ptrdiff_t>(n);
    while (k < 0 || k >= sn) k = k < 0 ? -k - 1 : 2 * sn - k - 1;
    return static_cast<std::size_t>(k);
}

// Streams the SSIM map row by row: column sums over the window's rows are kept for the five
// quantities (a, b, a^2, b^2, ab) on the reflected-padded width and slid down one row at a time.
template <class Sink>
bool forEachSsimRow(const std::vector<std::uint8_t> &a, const std::vector<std::uint8_t> &b, std::size_t w,
                    std::size_t h, unsigned scale, const SsimConfig &cfg, Sink &&sink) {
    const int win = cfg.win_size;
    if (win < 3 || win % 2 == 0 || w < static_cast<std::size_t>(win) || h < static_cast<std::size_t>(win) ||
        scale == 0 || a.size() != w * h || b.size() != w * h) {
        return false;
    }
    const std::ptrdiff_t r = win / 2;
    const std::size_t pw = w + 2 * static_cast<std::size_t>(r);
    std::vector<std::size_t> col_of(pw);
    for (std::size_t c = 0; c < pw; ++c) col_of[c] = reflect(static_cast<std::ptrdiff_t>(c) - r, w);

    std::array<std::vector<std::int64_t>, 5> cs;
    for (auto &v : cs) v.assign(pw, 0);
    auto addRow = [&](std::size_t row, std::int64_t sign) {
        const std::uint8_t *pa = a.data() + row * w, *pb = b.data() + row * w;
        for (std::size_t c = 0; c < pw; ++c) {
            const std::int64_t x = pa[col_of[c]], y = pb[col_of[c]];
            cs[0][c] += sign * x;
            cs[1][c] += sign * y;
            cs[2][c] += sign * x * x;
            cs[3][c] += sign * y * y;
            cs[4][c] += sign * x * y;
        }
    };
    for (std::ptrdiff_t k = -r; k <= r; ++k) addRow(reflect(k, h), 1);

    const double np = static_cast<double>(win) * win;
    const double cov_norm = cfg.sample_covariance ? np / (np - 1.0) : 1.0;
    const double c1 = (cfg.k1 * cfg.data_range) * (cfg.k1 * cfg.data_range);
    const double c2 = (cfg.k2 * cfg.data_range) * (cfg.k2 * cfg.data_range);
    const double s1 = 1.0 / (np * scale), s2 = 1.0 / (np * scale * scale);
    std::vector<double> out(w);
    for (std::size_t row = 0; row < h; ++row) {
        std::array<std::int64_t, 5> win_sum{};
        for (std::size_t c = 0; c < static_cast<std::size_t>(win); ++c) {
            for (int q = 0; q < 5; ++q) win_sum[q] += cs[q][c];
        }
        for (std::size_t col = 0; col < w; ++col) {
            if (col > 0) {
                for (int q = 0; q < 5; ++q)
                    win_sum[q] += cs[q][col + static_cast<std::size_t>(win) - 1] - cs[q][col - 1];
            }
            const double ux = static_cast<double>(win_sum[0]) * s1, uy = static_cast<double>(win_sum[1]) * s1;
            const double uxx = static_cast<double>(win_sum[2]) * s2, uyy = static_cast<double>(win_sum[3]) * s2;
            const double uxy = static_cast<double>(win_sum[4]) * s2;
            const double vx = cov_norm * (uxx - ux * ux), vy = cov_norm * (uyy - uy * uy);
            const double vxy = cov_norm * (uxy - ux * uy);
            const double num = (2 * ux * uy + c1) * (2 * vxy + c2);
            const double den = (ux * ux + uy * uy + c1) * (vx + vy + c2);
            out[col] = num / den;
        }
        sink(row, out);
        if (row + 1 < h) {
            addRow(reflect(static_cast<std::ptrdiff_t>(row) - r, h), -1);
            addRow(reflect(static_cast<std::ptrdiff_t>(row) + r + 1, h), 1);
        }
    }
    return true;
}

}  // namespace

SsimStats computeSsim(const std::vector<std::uint8_t> &a, const std::vector<std::uint8_t> &b, std::size_t width,
                      std::size_t height, unsigned scale, const std::vector<std::uint8_t> *mask,
                      const SsimConfig &config) {
    SsimStats stats;
    const auto pad = static_cast<std::size_t>((config.win_size - 1) / 2);
    double sum = 0, masked_sum = 0;
    const bool ok =
        forEachSsimRow(a, b, width, height, scale, config, [&](std::size_t row, const std::vector<double> &s) {
            if (row < pad || row + pad >= height) return;
            const std::uint8_t *m = mask && mask->size() == width * height ? mask->data() + row * width : nullptr;
            for (std::size_t col = pad; col + pad < width; ++col) {
                sum += s[col];
                ++stats.cells;
                if (m && m[col]) {
                    masked_sum += s[col];
                    ++stats.masked_cells;
                }
            }
        });
    if (!ok) return {};
    if (stats.cells > 0) stats.mean = sum / static_cast<double>(stats.cells);
    if (stats.masked_cells > 0) stats.masked_mean = masked_sum / static_cast<double>(stats.masked_cells);
    return stats;
}

std::vector<double> ssimMap(const std::vector<std::uint8_t> &a, const std::vector<std::uint8_t> &b, std::size_t width,
                            std::size_t height, unsigned scale, const SsimConfig &config) {
    std::vector<double> map;
    map.reserve(width * height);
    const bool ok = forEachSsimRow(a, b, width, height, scale, config, [&](std::size_t, const std::vector<double> &s) {
        map.insert(map.end(), s.begin(), s.end());
    });
    if (!ok) return {};
    return map;
}

}  // namespace robometrics::slam
