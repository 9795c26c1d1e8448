#pragma once
// A small PNG encoder (8-bit grey or RGB, zlib-compressed) for map and costmap snapshots, and
// base64 so the HTML report can inline them without any external file.

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::report {

struct Image {
    int width = 0;
    int height = 0;
    int channels = 3;                 ///< 1 = grey, 3 = RGB
    std::vector<std::uint8_t> pixels;  ///< row-major, top row first
};

/// Encodes `image` as PNG bytes.
std::vector<std::uint8_t> encodePng(const Image &image);

/// Writes `image` as a PNG file.
Status writePng(const std::string &path, const Image &image);

/// Standard base64 (RFC 4648) with padding.
std::string base64(const std::vector<std::uint8_t> &bytes);

}  // namespace robometrics::report
