#include "robometrics/terrain/CostmapImage.hpp"

namespace robometrics::terrain {

std::vector<std::uint8_t> costmapRgb(const msgs::OccupancyGrid &grid) {
    const std::size_t w = grid.info.width;
    const std::size_t h = grid.info.height;
    std::vector<std::uint8_t> rgb(w * h * 3, 128);
    if (grid.data.size() != w * h) return rgb;
    for (std::size_t y = 0; y < h; ++y) {
        for (std::size_t x = 0; x < w; ++x) {
            const int v = grid.data[y * w + x];
            std::uint8_t *px = &rgb[((h - 1 - y) * w + x) * 3];
            if (v < 0) continue;  // unknown: grey
            if (v >= 100) {
                px[0] = px[1] = px[2] = 0;
            } else {
                px[0] = static_cast<std::uint8_t>(255 - v * 115 / 99);  // white -> dark red
                px[1] = px[2] = static_cast<std::uint8_t>(255 - v * 255 / 99);
            }
        }
    }
    return rgb;
}

}  // namespace robometrics::terrain
