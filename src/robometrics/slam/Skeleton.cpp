#include "robometrics/slam/Skeleton.hpp"

#include <array>

namespace robometrics::slam {

namespace {

// removable[step][code]: code bit k is neighbour P(k + 2), k = 0..7 (P2 = N, clockwise).
std::array<std::array<bool, 256>, 2> buildTable() {
    std::array<std::array<bool, 256>, 2> table{};
    for (int code = 0; code < 256; ++code) {
        int p[10];
        for (int k = 0; k < 8; ++k) p[k + 2] = (code >> k) & 1;
        int b = 0, a = 0;
        for (int k = 2; k <= 9; ++k) {
            b += p[k];
            const int next = k == 9 ? p[2] : p[k + 1];
            a += (p[k] == 0 && next == 1);
        }
        const bool base = b >= 2 && b <= 6 && a == 1;
        table[0][static_cast<std::size_t>(code)] = base && p[2] * p[4] * p[6] == 0 && p[4] * p[6] * p[8] == 0;
        table[1][static_cast<std::size_t>(code)] = base && p[2] * p[4] * p[8] == 0 && p[2] * p[6] * p[8] == 0;
    }
    return table;
}

}  // namespace

std::vector<std::uint8_t> zhangSuenSkeleton(const std::vector<std::uint8_t> &mask, std::size_t width,
                                            std::size_t height) {
    static const auto table = buildTable();
    std::vector<std::uint8_t> out(width * height, 0);
    if (mask.size() != width * height || width == 0 || height == 0) return out;
    // A one-pixel background frame removes every bounds check from the neighbour lookups.
    const std::size_t pw = width + 2;
    std::vector<std::uint8_t> img(pw * (height + 2), 0);
    std::vector<std::size_t> live;
    for (std::size_t r = 0; r < height; ++r) {
        for (std::size_t c = 0; c < width; ++c) {
            if (mask[r * width + c]) {
                const std::size_t i = (r + 1) * pw + c + 1;
                img[i] = 1;
                live.push_back(i);
            }
        }
    }
    auto code = [&](std::size_t i) {
        const std::uint8_t *up = &img[i - pw], *mid = &img[i], *down = &img[i + pw];
        return static_cast<std::size_t>(up[0] | (up[1] << 1) | (mid[1] << 2) | (down[1] << 3) | (down[0] << 4) |
                                        (down[-1] << 5) | (mid[-1] << 6) | (up[-1] << 7));
    };
    std::vector<std::size_t> removed;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int step = 0; step < 2; ++step) {
            removed.clear();
            for (std::size_t i : live) {
                if (table[static_cast<std::size_t>(step)][code(i)]) removed.push_back(i);
            }
            for (std::size_t i : removed) img[i] = 0;
            if (!removed.empty()) {
                changed = true;
                std::size_t keep = 0;
                for (std::size_t i : live) {
                    if (img[i]) live[keep++] = i;
                }
                live.resize(keep);
            }
        }
    }
    for (std::size_t i : live) out[(i / pw - 1) * width + i % pw - 1] = 1;
    return out;
}

}  // namespace robometrics::slam
