#include <gtest/gtest.h>

#include "robometrics/report/ImageScale.hpp"

namespace robometrics::report {

TEST(ImageScale, FactorBringsTheLongSideToSixHundredPixels) {
    EXPECT_EQ(viewingScale(30, 30), 20);   // the 3 m costmap at 0.1 m: 600 x 600
    EXPECT_EQ(viewingScale(31, 10), 20);   // ceil(600 / 31): 620 px, never below 600
    EXPECT_EQ(viewingScale(200, 300), 2);  // the long side decides
    EXPECT_EQ(viewingScale(600, 20), 1);
    EXPECT_EQ(viewingScale(1200, 1200), 1);  // large maps are never shrunk
    EXPECT_EQ(viewingScale(0, 0), 1);
}

TEST(ImageScale, EveryPixelBecomesABlockOfExactlyItsColour) {
    Image rgb{2, 1, 3, {255, 0, 0, 0, 0, 255}};  // red, blue
    Image big = upscaleNearest(rgb, 3);
    ASSERT_EQ(big.width, 6);
    ASSERT_EQ(big.height, 3);
    ASSERT_EQ(big.pixels.size(), 6u * 3u * 3u);
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 6; ++x) {
            const std::uint8_t *px = &big.pixels[(static_cast<std::size_t>(y) * 6 + static_cast<std::size_t>(x)) * 3];
            EXPECT_EQ(px[0], x < 3 ? 255 : 0) << x << "," << y;
            EXPECT_EQ(px[2], x < 3 ? 0 : 255) << x << "," << y;
        }
    }
    Image grey{1, 2, 1, {10, 20}};
    Image tall = forViewing(grey);  // 2 px long side -> factor 300
    EXPECT_EQ(tall.width, 300);
    EXPECT_EQ(tall.height, 600);
    EXPECT_EQ(tall.pixels[299], 10);
    EXPECT_EQ(tall.pixels[300 * 300], 20);
    // A malformed image is passed through rather than read out of bounds.
    Image bad{4, 4, 3, {1, 2, 3}};
    EXPECT_EQ(upscaleNearest(bad, 5).width, 4);
}

}  // namespace robometrics::report
