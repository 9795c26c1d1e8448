#include <gtest/gtest.h>

#include "robometrics/slam/MapEvaluation.hpp"

namespace robometrics::slam {
namespace {

msgs::OccupancyGrid freeGrid(std::uint32_t w, std::uint32_t h, float res = 0.05f) {
    msgs::OccupancyGrid g;
    g.info.width = w;
    g.info.height = h;
    g.info.resolution = res;
    g.data.assign(std::size_t{w} * h, 0);
    return g;
}

void square(msgs::OccupancyGrid &g, std::size_t c0, std::size_t r0, std::size_t size) {
    for (std::size_t r = r0; r < r0 + size; ++r) {
        for (std::size_t c = c0; c < c0 + size; ++c) g.data[r * g.info.width + c] = 100;
    }
}

TEST(MapEvaluation, IdenticalMapsScorePerfectly) {
    auto gt = freeGrid(20, 20);
    square(gt, 5, 5, 5);
    auto r = evaluateMaps(gt, gt);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_DOUBLE_EQ(r->coverage.coverage, 1.0);
    EXPECT_DOUBLE_EQ(r->coverage.accessible_coverage, 1.0);
    EXPECT_DOUBLE_EQ(r->iou.iou, 1.0);
    EXPECT_DOUBLE_EQ(r->ssim, 1.0);
    EXPECT_DOUBLE_EQ(r->ssim_full, 1.0);
    EXPECT_EQ(r->ssim_cells, 14u * 14u);
    EXPECT_EQ(r->ssim_masked_cells, 14u * 14u);
    // A 5 x 5 block: skeleton = its centre cell, d = 3: corrected (2*3 - 1) * 0.05 = 0.25 (the
    // float resolution 0.05f is read as the decimal 0.05).
    EXPECT_EQ(r->estimate_walls.skeleton_cells, 1u);
    EXPECT_DOUBLE_EQ(r->estimate_walls.corrected_m, 0.25);
    EXPECT_DOUBLE_EQ(r->estimate_walls.raw_m, 0.30);
    EXPECT_DOUBLE_EQ(r->gt_walls.corrected_m, 0.25);
}

TEST(MapEvaluation, ShiftedSquareWithAnUnknownStrip) {
    auto gt = freeGrid(20, 20);
    square(gt, 5, 5, 5);
    auto est = freeGrid(20, 20);
    square(est, 6, 5, 5);
    for (std::size_t r = 0; r < 20; ++r) {
        for (std::size_t c = 15; c < 20; ++c) est.data[r * 20 + c] = -1;  // columns 15..19 unknown
    }
    auto r = evaluateMaps(gt, est);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->coverage.gt_free_cells, 375u);
    EXPECT_EQ(r->coverage.covered_free_cells, 275u);
    EXPECT_DOUBLE_EQ(r->coverage.coverage, 275.0 / 375.0);
    EXPECT_DOUBLE_EQ(r->iou.iou, 20.0 / 30.0);
    EXPECT_EQ(r->estimate_known_cells, 300u);
    EXPECT_EQ(r->both_known_cells, 300u);
    // Interior 14 x 14 = 196 cells; the estimate knows interior columns 3..14 (12 of 14).
    EXPECT_EQ(r->ssim_cells, 196u);
    EXPECT_EQ(r->ssim_masked_cells, 12u * 14u);
    EXPECT_LT(r->ssim, 1.0);
    EXPECT_GT(r->ssim, 0.0);
}

TEST(MapEvaluation, ResolutionsAndOffsetsAreAppliedBeforeTheMetrics) {
    // The GT at 0.1 m; the estimate is the same room at 0.05 m, drawn 1 m further west and given
    // with --est-offset 1,0,0: after alignment it matches exactly.
    auto gt = freeGrid(20, 20, 0.1f);
    square(gt, 5, 5, 5);
    auto est = freeGrid(40, 40, 0.05f);
    est.info.origin.position.x = -1.0;
    square(est, 10, 10, 10);
    MapEvalConfig cfg;
    cfg.estimate_offset = MapOffset{1.0, 0.0, 0.0};
    auto r = evaluateMaps(gt, est, cfg);
    ASSERT_TRUE(r.ok()) << r.message();
    // The estimate spans x -1..1 m in its frame, 0..2 m in the GT frame: all of the GT.
    EXPECT_EQ(r->coverage.covered_free_cells, 375u);
    EXPECT_DOUBLE_EQ(r->iou.iou, 1.0);
    EXPECT_DOUBLE_EQ(r->ssim_full, 1.0);
    // Without the offset the square lands 1 m west: no overlap, and the estimate covers half.
    auto shifted = evaluateMaps(gt, est);
    ASSERT_TRUE(shifted.ok());
    EXPECT_EQ(shifted->iou.intersection_cells, 0u);
    EXPECT_EQ(shifted->estimate_known_cells, 200u);
}

TEST(MapEvaluation, NoCommonKnownCellMeansZeroFullSsimAndNoMaskedValue) {
    auto gt = freeGrid(10, 10);
    auto est = freeGrid(10, 10);
    std::fill(est.data.begin(), est.data.end(), std::int8_t{-1});
    auto r = evaluateMaps(gt, est);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->ssim_full, 0.0);
    EXPECT_EQ(r->ssim_masked_cells, 0u);
    EXPECT_EQ(r->coverage.coverage, 0.0);
}

TEST(MapEvaluation, MalformedGridsAreReported) {
    auto gt = freeGrid(10, 10);
    auto est = freeGrid(10, 10);
    est.data.resize(99);
    auto r = evaluateMaps(gt, est);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.message(), "estimated map: 99 cells for a 10 x 10 grid");
}

}  // namespace
}  // namespace robometrics::slam
