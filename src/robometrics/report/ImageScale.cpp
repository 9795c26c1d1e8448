#include "robometrics/report/ImageScale.hpp"

#include <algorithm>
#include <cstddef>

namespace robometrics::report {

int viewingScale(int width, int height, int min_long_side) {
    const int long_side = std::max(width, height);
    if (long_side <= 0 || long_side >= min_long_side) return 1;
    return (min_long_side + long_side - 1) / long_side;  // ceil: at least min_long_side
}

Image upscaleNearest(const Image &image, int factor) {
    const std::size_t expected = static_cast<std::size_t>(std::max(image.width, 0)) *
                                 static_cast<std::size_t>(std::max(image.height, 0)) *
                                 static_cast<std::size_t>(std::max(image.channels, 0));
    if (factor <= 1 || image.pixels.size() != expected) return image;
    Image out{image.width * factor, image.height * factor, image.channels, {}};
    const auto channels = static_cast<std::size_t>(image.channels);
    const std::size_t in_row = static_cast<std::size_t>(image.width) * channels;
    const std::size_t out_row = in_row * static_cast<std::size_t>(factor);
    out.pixels.resize(out_row * static_cast<std::size_t>(out.height));
    for (int y = 0; y < image.height; ++y) {
        // Build the widened row once, then copy it factor times.
        std::uint8_t *first = &out.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(factor) * out_row];
        const std::uint8_t *src = &image.pixels[static_cast<std::size_t>(y) * in_row];
        for (int x = 0; x < image.width; ++x) {
            const std::uint8_t *px = src + static_cast<std::size_t>(x) * channels;
            for (int k = 0; k < factor; ++k) first = std::copy(px, px + channels, first);
        }
        const std::uint8_t *row = first - out_row;
        for (int k = 1; k < factor; ++k) first = std::copy(row, row + out_row, first);
    }
    return out;
}

Image forViewing(const Image &image) { return upscaleNearest(image, viewingScale(image.width, image.height)); }

}  // namespace robometrics::report
