#include <gtest/gtest.h>

#include "robometrics/slam/Coverage.hpp"

namespace robometrics::slam {
namespace {

// 12 x 10: an occupied border, free inside, split by an occupied wall at column 5 into a left
// room (columns 1..4, 8 rows = 32 cells) and a right room (columns 6..10 = 40 cells).
CellGrid twoRooms() {
    CellGrid g(12, 10, 0);
    for (std::size_t r = 0; r < 10; ++r) {
        for (std::size_t c = 0; c < 12; ++c) {
            if (r == 0 || r == 9 || c == 0 || c == 11 || c == 5) g.at(c, r) = 100;
        }
    }
    return g;
}

TEST(Coverage, CountsGtFreeCellsTheEstimateKnows) {
    const CellGrid gt = twoRooms();
    CellGrid est(12, 10, -1);
    for (std::size_t r = 0; r < 10; ++r) {
        for (std::size_t c = 0; c < 3; ++c) est.at(c, r) = 0;  // knows columns 0..2
    }
    const CoverageResult r = computeCoverage(gt, est);
    EXPECT_EQ(r.gt_free_cells, 72u);
    EXPECT_EQ(r.covered_free_cells, 16u);  // columns 1..2 of the left room
    EXPECT_DOUBLE_EQ(r.coverage, 16.0 / 72.0);
    EXPECT_EQ(r.free_components, 2u);
    // Most overlap with estimate-free cells: the left room.
    EXPECT_FALSE(r.seeded);
    EXPECT_EQ(r.accessible_cells, 32u);
    EXPECT_EQ(r.accessible_covered_cells, 16u);
    EXPECT_DOUBLE_EQ(r.accessible_coverage, 0.5);
}

TEST(Coverage, SeedPicksTheStartComponent) {
    const CellGrid gt = twoRooms();
    CellGrid est(12, 10, -1);
    for (std::size_t r = 1; r < 9; ++r) est.at(1, r) = 0;  // 8 cells of the left room
    const CoverageResult r = computeCoverage(gt, est, CellIndex{8, 4});
    EXPECT_TRUE(r.seeded);
    EXPECT_EQ(r.accessible_cells, 40u);
    EXPECT_EQ(r.accessible_covered_cells, 0u);
    EXPECT_DOUBLE_EQ(r.accessible_coverage, 0.0);
    EXPECT_EQ(r.free_components, 2u);
    // A seed on a wall falls back to the overlap rule.
    const CoverageResult wall_seed = computeCoverage(gt, est, CellIndex{5, 4});
    EXPECT_FALSE(wall_seed.seeded);
    EXPECT_EQ(wall_seed.accessible_cells, 32u);
    EXPECT_DOUBLE_EQ(wall_seed.accessible_coverage, 0.25);
}

TEST(Coverage, WithoutEstimateFreeCellsTheLargestComponentIsUsed) {
    const CellGrid gt = twoRooms();
    CellGrid est(12, 10, -1);
    est.at(2, 2) = 100;  // known, but occupied
    const CoverageResult r = computeCoverage(gt, est);
    EXPECT_EQ(r.accessible_cells, 40u);
    EXPECT_EQ(r.accessible_covered_cells, 0u);
    EXPECT_EQ(r.covered_free_cells, 1u);
}

TEST(Coverage, DiagonalNeighboursConnect) {
    // Two free cells touching only at a corner form one 8-connected component.
    CellGrid gt(3, 3, 100);
    gt.at(0, 0) = 0;
    gt.at(1, 1) = 0;
    const CoverageResult r = computeCoverage(gt, CellGrid(3, 3, 0));
    EXPECT_EQ(r.free_components, 1u);
    EXPECT_EQ(r.accessible_cells, 2u);
    EXPECT_DOUBLE_EQ(r.accessible_coverage, 1.0);
}

TEST(Coverage, NoGtFreeCellsGivesZero) {
    const CoverageResult r = computeCoverage(CellGrid(4, 4, 100), CellGrid(4, 4, 0));
    EXPECT_EQ(r.coverage, 0.0);
    EXPECT_EQ(r.accessible_coverage, 0.0);
}

TEST(OccupiedIou, ShiftedSquares) {
    // 5 x 5 squares at columns 5..9 and 6..10: intersection 4 x 5 = 20, union 50 - 20 = 30.
    CellGrid gt(20, 20, 0), est(20, 20, 0);
    for (std::size_t r = 5; r < 10; ++r) {
        for (std::size_t c = 5; c < 10; ++c) gt.at(c, r) = 100;
        for (std::size_t c = 6; c < 11; ++c) est.at(c, r) = 100;
    }
    const IouResult r = computeOccupiedIou(gt, est);
    EXPECT_EQ(r.intersection_cells, 20u);
    EXPECT_EQ(r.union_cells, 30u);
    EXPECT_DOUBLE_EQ(r.iou, 20.0 / 30.0);
}

TEST(OccupiedIou, ThresholdIsStrictlyAboveFiftyAndUnknownIsNotOccupied) {
    CellGrid gt(3, 1, 0), est(3, 1, 0);
    gt.cells = {51, 50, -1};
    est.cells = {51, 51, -1};
    const IouResult r = computeOccupiedIou(gt, est);
    EXPECT_EQ(r.intersection_cells, 1u);
    EXPECT_EQ(r.union_cells, 2u);
    EXPECT_DOUBLE_EQ(r.iou, 0.5);
    EXPECT_EQ(computeOccupiedIou(CellGrid(2, 2, 0), CellGrid(2, 2, -1)).iou, 0.0);  // empty union
}

}  // namespace
}  // namespace robometrics::slam
