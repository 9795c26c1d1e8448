#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <string>
#include <vector>

#include "robometrics/sim/StoredPng.hpp"

namespace robometrics::sim {

namespace {

std::uint32_t bigEndianAt(const std::vector<std::uint8_t> &bytes, std::size_t at) {
    return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) |
           (std::uint32_t{bytes[at + 2]} << 8) | bytes[at + 3];
}

struct PngChunk {
    std::string type;
    std::vector<std::uint8_t> data;
    bool crc_ok = false;
};

/// Splits a PNG after its signature into chunks, checking each CRC with zlib's crc32.
std::vector<PngChunk> pngChunks(const std::vector<std::uint8_t> &png) {
    std::vector<PngChunk> chunks;
    for (std::size_t at = 8; at + 12 <= png.size();) {
        const std::uint32_t length = bigEndianAt(png, at);
        PngChunk chunk;
        chunk.type.assign(png.begin() + at + 4, png.begin() + at + 8);
        chunk.data.assign(png.begin() + at + 8, png.begin() + at + 8 + length);
        const uLong crc = crc32(0L, png.data() + at + 4, 4 + length);
        chunk.crc_ok = crc == bigEndianAt(png, at + 8 + length);
        chunks.push_back(std::move(chunk));
        at += 12 + length;
    }
    return chunks;
}

/// Decodes a PNG of filter-type-0 rows back to its pixels with zlib (which checks the Adler-32).
std::vector<std::uint8_t> decodePngRows(const std::vector<PngChunk> &chunks, std::size_t row_bytes, std::size_t rows) {
    std::vector<std::uint8_t> raw((row_bytes + 1) * rows);
    uLongf size = raw.size();
    const std::vector<std::uint8_t> &stream = chunks.at(1).data;
    EXPECT_EQ(uncompress(raw.data(), &size, stream.data(), stream.size()), Z_OK);
    EXPECT_EQ(size, raw.size());
    std::vector<std::uint8_t> pixels;
    for (std::size_t y = 0; y < rows; ++y) {
        EXPECT_EQ(raw[y * (row_bytes + 1)], 0) << "filter type of row " << y;
        pixels.insert(pixels.end(), raw.begin() + y * (row_bytes + 1) + 1, raw.begin() + (y + 1) * (row_bytes + 1));
    }
    return pixels;
}

}  // namespace

TEST(StoredPng, Adler32KnownValues) {
    const std::string text = "Wikipedia";
    EXPECT_EQ(adler32({reinterpret_cast<const std::uint8_t *>(text.data()), text.size()}), 0x11E60398u);
    EXPECT_EQ(adler32({}), 1u);
    // Long runs of 0xff reach the modulus many times: compare with zlib's.
    const std::vector<std::uint8_t> ones(100'000, 0xff);
    EXPECT_EQ(adler32(ones), adler32_z(1, ones.data(), ones.size()));
}

TEST(StoredPng, ATinyRgbImageByteForByte) {
    // 2 x 1 RGB: red, green. Rows with their filter byte: 00 ff0000 00ff00 (7 bytes).
    const std::vector<std::uint8_t> pixels = {0xff, 0, 0, 0, 0xff, 0};
    const std::vector<std::uint8_t> png = encodeStoredPng(2, 1, 3, pixels);
    const std::vector<std::uint8_t> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    ASSERT_GE(png.size(), 8u);
    EXPECT_TRUE(std::equal(signature.begin(), signature.end(), png.begin()));
    const std::vector<PngChunk> chunks = pngChunks(png);
    ASSERT_EQ(chunks.size(), 3u);
    EXPECT_EQ(chunks[0].type, "IHDR");
    EXPECT_EQ(chunks[0].data, (std::vector<std::uint8_t>{0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0}));
    EXPECT_EQ(chunks[1].type, "IDAT");
    // zlib header 78 01, one final stored block of 7 bytes (len 0007, nlen fff8), the rows, then
    // Adler-32: a = 1 + 0xff + 0xff = 0x1ff, b = the sum of the running a's = 0x7ff.
    EXPECT_EQ(chunks[1].data, (std::vector<std::uint8_t>{0x78, 0x01, 0x01, 0x07, 0x00, 0xf8, 0xff, 0x00, 0xff, 0x00,
                                                         0x00, 0x00, 0xff, 0x00, 0x07, 0xff, 0x01, 0xff}));
    EXPECT_EQ(chunks[2].type, "IEND");
    EXPECT_TRUE(chunks[2].data.empty());
    for (const PngChunk &c : chunks) EXPECT_TRUE(c.crc_ok) << c.type;
    EXPECT_EQ(png.size(), 8u + 25u + 30u + 12u);
    EXPECT_EQ(decodePngRows(chunks, 6, 1), pixels);
}

TEST(StoredPng, ALargeImageSpansSeveralStoredBlocksAndDecodes) {
    // 320 x 240 RGB: 240 rows of 961 bytes = 230 640 bytes, four stored blocks.
    std::vector<std::uint8_t> pixels(320 * 240 * 3);
    for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint8_t>(i * 7 + i / 960);
    const std::vector<std::uint8_t> png = encodeStoredPng(320, 240, 3, pixels);
    const std::vector<PngChunk> chunks = pngChunks(png);
    ASSERT_EQ(chunks.size(), 3u);
    for (const PngChunk &c : chunks) EXPECT_TRUE(c.crc_ok) << c.type;
    EXPECT_EQ(chunks[1].data.size(), 2u + 4u * 5u + 230'640u + 4u);
    EXPECT_EQ(decodePngRows(chunks, 960, 240), pixels);
    // Grey images say so in the colour type.
    const std::vector<std::uint8_t> grey = encodeStoredPng(3, 2, 1, std::vector<std::uint8_t>(6, 9));
    EXPECT_EQ(pngChunks(grey)[0].data[9], 0);
    EXPECT_EQ(decodePngRows(pngChunks(grey), 3, 2), std::vector<std::uint8_t>(6, 9));
}

}  // namespace robometrics::sim
