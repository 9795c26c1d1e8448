#pragma once
// Self-contained image output for map pictures: an RGB PNG written without any image library
// (zlib "stored" deflate blocks, so the file is uncompressed but opens everywhere).

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::io {

/// Writes `rgb` (width x height x 3 bytes, top row first) as an 8-bit RGB PNG.
Status writePng(const std::string &path, std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t> &rgb);

}  // namespace robometrics::io
