#include "robometrics/sim/StoredPng.hpp"

#include <algorithm>
#include <cstring>

#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/sim/ByteOrder.hpp"

namespace robometrics::sim {

namespace {

constexpr std::uint32_t kAdlerModulus = 65521;
/// The most bytes whose sums fit 32 bits before reducing (zlib's NMAX).
constexpr std::size_t kAdlerRun = 5552;
constexpr std::size_t kStoredBlockMax = 65535;

/// Appends a chunk: length, type, data, CRC-32 of type and data (the zlib CRC, as MCAP's).
void appendChunk(std::vector<std::uint8_t> &out, const char (&type)[5], std::span<const std::uint8_t> data) {
    const std::size_t at = out.size();
    out.resize(at + 12 + data.size());
    std::uint8_t *p = out.data() + at;
    putBigEndian32(p, static_cast<std::uint32_t>(data.size()));
    std::memcpy(p + 4, type, 4);
    if (!data.empty()) std::memcpy(p + 8, data.data(), data.size());
    const std::uint32_t crc = bag::mcap::crc32(std::span<const std::uint8_t>(p + 4, 4 + data.size()));
    putBigEndian32(p + 8 + data.size(), crc);
}

}  // namespace

std::uint32_t adler32(std::span<const std::uint8_t> bytes) {
    std::uint32_t a = 1, b = 0;
    while (!bytes.empty()) {
        const std::size_t n = std::min(bytes.size(), kAdlerRun);
        for (std::size_t i = 0; i < n; ++i) {
            a += bytes[i];
            b += a;
        }
        a %= kAdlerModulus;
        b %= kAdlerModulus;
        bytes = bytes.subspan(n);
    }
    return (b << 16) | a;
}

std::vector<std::uint8_t> encodeStoredPng(std::uint32_t width, std::uint32_t height, int channels,
                                          std::span<const std::uint8_t> pixels) {
    // The filtered image data: each row behind its filter-type byte (0, none).
    const std::size_t row = static_cast<std::size_t>(width) * static_cast<std::size_t>(channels);
    std::vector<std::uint8_t> raw((row + 1) * height);
    for (std::uint32_t y = 0; y < height; ++y)
        std::memcpy(raw.data() + y * (row + 1) + 1, pixels.data() + y * row, row);

    // zlib: CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (fastest; 0x7801 is a multiple of 31),
    // stored blocks of at most 65535 bytes (BFINAL on the last, then LEN and its complement,
    // little endian), the Adler-32 of the raw data, big endian.
    const std::size_t blocks = std::max<std::size_t>(1, (raw.size() + kStoredBlockMax - 1) / kStoredBlockMax);
    std::vector<std::uint8_t> zlib(2 + 5 * blocks + raw.size() + 4);
    std::uint8_t *z = zlib.data();
    *z++ = 0x78;
    *z++ = 0x01;
    for (std::size_t i = 0, at = 0; i < blocks; ++i) {
        const std::size_t n = std::min(kStoredBlockMax, raw.size() - at);
        *z++ = i + 1 == blocks ? 1 : 0;
        putLittleEndian(z, static_cast<std::uint16_t>(n));
        putLittleEndian(z + 2, static_cast<std::uint16_t>(~n));
        z += 4;
        if (n > 0) std::memcpy(z, raw.data() + at, n);
        z += n;
        at += n;
    }
    putBigEndian32(z, adler32(raw));

    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    png.reserve(8 + 25 + 12 + zlib.size() + 12);
    std::uint8_t header[13] = {};
    putBigEndian32(header, width);
    putBigEndian32(header + 4, height);
    header[8] = 8;                      // bits per channel
    header[9] = channels == 1 ? 0 : 2;  // colour type: grey or RGB
    // compression 0 (deflate), filter method 0, no interlace: the three zeros left.
    appendChunk(png, "IHDR", header);
    appendChunk(png, "IDAT", zlib);
    appendChunk(png, "IEND", {});
    return png;
}

}  // namespace robometrics::sim
