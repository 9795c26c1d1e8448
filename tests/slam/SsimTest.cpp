#include <gtest/gtest.h>

#include <vector>

#include "robometrics/slam/Ssim.hpp"

namespace robometrics::slam {
namespace {

// 7 x 7 images whose first `cols` columns are 1 (level 100), the rest 0.
std::vector<std::uint8_t> leftColumns(std::size_t cols, std::size_t w = 7, std::size_t h = 7) {
    std::vector<std::uint8_t> img(w * h, 0);
    for (std::size_t r = 0; r < h; ++r) {
        for (std::size_t c = 0; c < cols; ++c) img[r * w + c] = 100;
    }
    return img;
}

TEST(Ssim, IdenticalImagesGiveOne) {
    const auto a = leftColumns(3, 9, 8);
    const SsimStats s = computeSsim(a, a, 9, 8, 100);
    EXPECT_EQ(s.cells, 3u * 2u);  // (9 - 6) x (8 - 6) interior cells
    EXPECT_DOUBLE_EQ(s.mean, 1.0);
}

TEST(Ssim, OneWindowMatchesTheFormulaByHand) {
    // The only interior cell of a 7 x 7 image sees the whole image. With x = 3 columns of ones,
    // y = 4 columns: ux = 3/7, uy = 4/7, vx = vy = 49/48 (12/49) = 0.25, vxy = 49/48 (9/49) = 0.1875;
    // SSIM = (2 ux uy + C1)(2 vxy + C2) / ((ux^2 + uy^2 + C1)(vx + vy + C2)), C1 = 1e-4, C2 = 9e-4.
    const SsimStats s = computeSsim(leftColumns(3), leftColumns(4), 7, 7, 100);
    EXPECT_EQ(s.cells, 1u);
    EXPECT_NEAR(s.mean, 0.7204371061658819, 1e-15);
}

TEST(Ssim, BordersUseScipyReflect) {
    // One cell set at (0, 0). The corner window's rows and columns are reflected as
    // 2 1 0 | 0 1 2 3, so the cell counts 4 times: ux = 4/49, vx = 49/48 (4/49 - 16/2401);
    // SSIM = C1 C2 / ((ux^2 + C1)(vx + C2)) against an all-zero image.
    std::vector<std::uint8_t> a(49, 0), b(49, 0);
    a[0] = 100;
    const std::vector<double> map = ssimMap(a, b, 7, 7, 100);
    ASSERT_EQ(map.size(), 49u);
    EXPECT_NEAR(map[0], 0.00017184356630771727, 1e-15);
    // The centre sees the cell once: ux = vx = 1/49.
    EXPECT_NEAR(map[3 * 7 + 3], 0.008177714534840485, 1e-15);
    // A window holding only zeros in both images is perfectly similar.
    EXPECT_DOUBLE_EQ(map[6 * 7 + 6], 1.0);
}

TEST(Ssim, MaskedMeanAveragesOnlyMaskedInteriorCells) {
    // 8 x 7: the two interior cells are (3, 3) and (4, 3). Image b differs from a only far right.
    const auto a = leftColumns(3, 8, 7);
    auto b = a;
    b[0 * 8 + 7] = 100;
    const std::vector<double> map = ssimMap(a, b, 8, 7, 100);
    std::vector<std::uint8_t> mask(56, 0);
    mask[3 * 8 + 4] = 1;
    mask[0] = 1;  // on the border: cropped
    const SsimStats s = computeSsim(a, b, 8, 7, 100, &mask);
    EXPECT_EQ(s.cells, 2u);
    EXPECT_EQ(s.masked_cells, 1u);
    EXPECT_DOUBLE_EQ(s.masked_mean, map[3 * 8 + 4]);
    EXPECT_DOUBLE_EQ(s.mean, (map[3 * 8 + 3] + map[3 * 8 + 4]) / 2);
    EXPECT_DOUBLE_EQ(map[3 * 8 + 3], 1.0);  // its window (columns 0..6) does not see column 7
    EXPECT_LT(map[3 * 8 + 4], 1.0);
}

TEST(Ssim, PopulationCovarianceAndOtherConstants) {
    SsimConfig cfg;
    cfg.sample_covariance = false;
    cfg.data_range = 2.0;  // scikit-image's silent default for float images
    // vx = vy = 12/49, vxy = 9/49; C1 = (0.02)^2, C2 = (0.06)^2.
    const double ux = 3.0 / 7, uy = 4.0 / 7, vx = 12.0 / 49, vxy = 9.0 / 49, c1 = 4e-4, c2 = 36e-4;
    const double expected = (2 * ux * uy + c1) * (2 * vxy + c2) / ((ux * ux + uy * uy + c1) * (2 * vx + c2));
    const SsimStats s = computeSsim(leftColumns(3), leftColumns(4), 7, 7, 100, nullptr, cfg);
    EXPECT_NEAR(s.mean, expected, 1e-15);
}

TEST(Ssim, ImagesSmallerThanTheWindowHaveNoValue) {
    const std::vector<std::uint8_t> a(6 * 7, 0);
    EXPECT_EQ(computeSsim(a, a, 6, 7, 100).cells, 0u);
    EXPECT_TRUE(ssimMap(a, a, 6, 7, 100).empty());
}

}  // namespace
}  // namespace robometrics::slam
