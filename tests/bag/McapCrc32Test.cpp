// Crc32: the zlib CRC-32 of the MCAP readers and writer, table and carry-less-multiply paths.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robometrics/bag/mcap/Crc32.hpp"

namespace robometrics::bag::mcap {
namespace {

std::vector<std::uint8_t> bytesOf(const std::string &s) { return {s.begin(), s.end()}; }

TEST(McapCrc32, MatchesTheZlibCheckValues) {
    EXPECT_EQ(crc32(bytesOf("123456789")), 0xCBF43926u);  // the standard CRC-32 check value
    EXPECT_EQ(crc32(bytesOf("")), 0u);
    EXPECT_EQ(crc32(bytesOf("The quick brown fox jumps over the lazy dog")), 0x414FA339u);
    // Incremental == one shot, across the 8-byte fast path boundary.
    auto all = bytesOf("The quick brown fox jumps over the lazy dog");
    std::uint32_t c = crc32Update(0, std::span(all).first(13));
    EXPECT_EQ(crc32Update(c, std::span(all).subspan(13)), 0x414FA339u);
}

TEST(McapCrc32, FastPathAgreesWithTheTablesAtEveryLengthAndAlignment) {
    std::vector<std::uint8_t> data(4096 + 64);
    std::uint32_t x = 12345;
    for (auto &b : data) b = static_cast<std::uint8_t>((x = x * 1103515245u + 12345u) >> 24);
    for (std::size_t start = 0; start < 16; ++start) {
        for (std::size_t len = 0; len <= 1100; len += (len < 300 ? 1 : 37)) {
            auto part = std::span(data).subspan(start, len);
            ASSERT_EQ(crc32Update(0x1234567u, part), crc32UpdatePortable(0x1234567u, part)) << start << " " << len;
        }
    }
    auto all = std::span(data).first(4096);
    EXPECT_EQ(crc32(all), crc32UpdatePortable(0, all));
    // Long inputs take the 64-byte-register path where the CPU has it: many 256-byte rounds.
    for (std::size_t len : {511u, 512u, 767u, 2048u, 4095u}) {
        auto part = std::span(data).subspan(3, len);
        EXPECT_EQ(crc32Update(7u, part), crc32UpdatePortable(7u, part)) << len;
    }
}

}  // namespace
}  // namespace robometrics::bag::mcap
