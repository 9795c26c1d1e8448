#pragma once
// PNG files written without compressing: the zlib stream inside IDAT is made of deflate "stored"
// blocks (RFC 1951 §3.2.4), so writing one costs two checksums and a copy, yet every PNG decoder
// reads it. The simulator's compressed camera topic carries these: a valid image file of a real
// image's size, produced at 30 Hz for hours of simulated time at no noticeable cost.

#include <cstdint>
#include <span>
#include <vector>

namespace robometrics::sim {

/// Adler-32 of `bytes` (RFC 1950), the checksum that ends a zlib stream.
std::uint32_t adler32(std::span<const std::uint8_t> bytes);

/// A PNG file of an 8-bit image, `channels` 1 (grey) or 3 (RGB), rows top first without
/// padding: signature, IHDR, one IDAT holding the zlib stream (filter type 0 on every row), IEND.
std::vector<std::uint8_t> encodeStoredPng(std::uint32_t width, std::uint32_t height, int channels,
                                          std::span<const std::uint8_t> pixels);

}  // namespace robometrics::sim
