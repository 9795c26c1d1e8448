#include "robometrics/report/Png.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

namespace robometrics::report {

TEST(Png, HeaderChunksAndPixelsRoundTripThroughZlib) {
    Image img{2, 2, 1, {0, 255, 128, 7}};
    auto png = encodePng(img);
    ASSERT_GT(png.size(), 8u + 25u + 12u);
    EXPECT_EQ(png[0], 0x89);
    EXPECT_EQ(png[1], 'P');
    // IHDR: length 13, width 2, height 2, depth 8, colour type 0 (grey).
    EXPECT_EQ(png[11], 13);
    EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
    EXPECT_EQ(png[19], 2);
    EXPECT_EQ(png[23], 2);
    EXPECT_EQ(png[24], 8);
    EXPECT_EQ(png[25], 0);
    // IDAT holds each row prefixed with filter byte 0.
    size_t idat = 8 + 25;
    uint32_t len = (uint32_t{png[idat]} << 24) | (uint32_t{png[idat + 1]} << 16) | (uint32_t{png[idat + 2]} << 8) | png[idat + 3];
    EXPECT_EQ(std::string(png.begin() + static_cast<long>(idat) + 4, png.begin() + static_cast<long>(idat) + 8), "IDAT");
    std::vector<uint8_t> raw(6);
    uLongf raw_len = raw.size();
    ASSERT_EQ(uncompress(raw.data(), &raw_len, png.data() + idat + 8, len), Z_OK);
    EXPECT_EQ(raw, (std::vector<uint8_t>{0, 0, 255, 0, 128, 7}));
    // Ends with the IEND chunk and its fixed CRC.
    std::vector<uint8_t> tail(png.end() - 8, png.end());
    EXPECT_EQ(tail, (std::vector<uint8_t>{'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82}));
}

TEST(Png, Base64MatchesRfc4648Vectors) {
    auto b = [](std::string s) { return base64(std::vector<uint8_t>(s.begin(), s.end())); };
    EXPECT_EQ(b(""), "");
    EXPECT_EQ(b("f"), "Zg==");
    EXPECT_EQ(b("fo"), "Zm8=");
    EXPECT_EQ(b("foo"), "Zm9v");
    EXPECT_EQ(b("foob"), "Zm9vYg==");
    EXPECT_EQ(b("fooba"), "Zm9vYmE=");
    EXPECT_EQ(b("foobar"), "Zm9vYmFy");
}

}  // namespace robometrics::report
