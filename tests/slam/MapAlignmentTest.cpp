#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/slam/MapAlignment.hpp"

namespace robometrics::slam {
namespace {

msgs::OccupancyGrid grid(std::uint32_t w, std::uint32_t h, float res, double ox, double oy, double yaw = 0) {
    msgs::OccupancyGrid g;
    g.info.width = w;
    g.info.height = h;
    g.info.resolution = res;
    g.info.origin.position.x = ox;
    g.info.origin.position.y = oy;
    g.info.origin.orientation.z = std::sin(yaw / 2);
    g.info.origin.orientation.w = std::cos(yaw / 2);
    g.data.assign(std::size_t{w} * h, -1);
    return g;
}

// Cell value 10 * row + col, so every cell says where it came from.
void label(msgs::OccupancyGrid &g) {
    for (std::size_t r = 0; r < g.info.height; ++r) {
        for (std::size_t c = 0; c < g.info.width; ++c)
            g.data[r * g.info.width + c] = static_cast<std::int8_t>(10 * r + c);
    }
}

TEST(MapAlignment, SameGeometryIsAnExactCopy) {
    auto est = grid(5, 4, 0.05f, -1.0, 2.0);
    label(est);
    const CellGrid out = alignToGrid(est, GridGeometry::fromInfo(est.info));
    EXPECT_EQ(out.cells, est.data);
}

TEST(MapAlignment, OriginsShiftedByWholeCells) {
    // The estimate starts 2 cells further east: GT column c shows estimate column c - 2.
    auto gt = grid(6, 2, 0.1f, 0.0, 0.0);
    auto est = grid(6, 2, 0.1f, 0.2, 0.0);
    label(est);
    const CellGrid out = alignToGrid(est, GridGeometry::fromInfo(gt.info));
    EXPECT_EQ(out.cells, (std::vector<std::int8_t>{-1, -1, 0, 1, 2, 3, -1, -1, 10, 11, 12, 13}));
}

TEST(MapAlignment, FinerAndCoarserEstimatesAreResampledAtGtCellCentres) {
    auto gt = grid(4, 1, 0.1f, 0.0, 0.0);
    // Twice as fine: GT centre ((c + 0.5) 0.1, 0.05) falls in estimate cell (2c + 1, 1).
    auto fine = grid(8, 2, 0.05f, 0.0, 0.0);
    label(fine);
    EXPECT_EQ(alignToGrid(fine, GridGeometry::fromInfo(gt.info)).cells, (std::vector<std::int8_t>{11, 13, 15, 17}));
    // Twice as coarse: estimate cell c / 2.
    auto coarse = grid(2, 1, 0.2f, 0.0, 0.0);
    label(coarse);
    EXPECT_EQ(alignToGrid(coarse, GridGeometry::fromInfo(gt.info)).cells, (std::vector<std::int8_t>{0, 0, 1, 1}));
}

TEST(MapAlignment, OriginYawRotatesTheEstimate) {
    // Estimate rotated +90 deg with its origin at (3, 0): its cell (u, v) covers world
    // (3 - v - 0.5, u + 0.5), so GT cell (c, r) shows estimate cell (col r, row 2 - c).
    auto gt = grid(4, 3, 1.0f, 0.0, 0.0);
    auto est = grid(3, 3, 1.0f, 3.0, 0.0, M_PI / 2);
    label(est);
    const CellGrid out = alignToGrid(est, GridGeometry::fromInfo(gt.info));
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 4; ++c) {
            const int expected = c <= 2 ? static_cast<int>(10 * (2 - c) + r) : -1;
            EXPECT_EQ(out.at(c, r), expected) << c << "," << r;
        }
    }
}

TEST(MapAlignment, KnownFrameOffsetIsApplied) {
    // The estimate's frame sits 1 m east of the GT frame: GT cell c shows estimate cell c - 1.
    auto gt = grid(4, 1, 1.0f, 0.0, 0.0);
    auto est = grid(4, 1, 1.0f, 0.0, 0.0);
    label(est);
    EXPECT_EQ(alignToGrid(est, GridGeometry::fromInfo(gt.info), MapOffset{1.0, 0.0, 0.0}).cells,
              (std::vector<std::int8_t>{-1, 0, 1, 2}));
    // A half-turn offset about the GT origin maps GT cell (c, 0) at x = c + 0.5 to estimate
    // x = -(c + 0.5): outside an estimate that starts at 0, inside one that starts at -4.
    auto behind = grid(4, 1, 1.0f, -4.0, -1.0);
    label(behind);
    EXPECT_EQ(alignToGrid(behind, GridGeometry::fromInfo(gt.info), MapOffset{0.0, 0.0, M_PI}).cells,
              (std::vector<std::int8_t>{3, 2, 1, 0}));
}

TEST(MapAlignment, CellLookupAndValidation) {
    const GridGeometry g = GridGeometry::fromInfo(grid(10, 5, 0.5f, 1.0, 2.0).info);
    std::size_t c = 0, r = 0;
    ASSERT_TRUE(g.cellAt(2.6, 3.9, c, r));
    EXPECT_EQ(c, 3u);
    EXPECT_EQ(r, 3u);
    EXPECT_FALSE(g.cellAt(0.9, 3.0, c, r));
    double x = 0, y = 0;
    g.cellCentre(3, 3, x, y);
    EXPECT_DOUBLE_EQ(x, 2.75);
    EXPECT_DOUBLE_EQ(y, 3.75);

    auto bad = grid(3, 3, 0.0f, 0, 0);
    EXPECT_NE(validateGrid(bad, "estimated map").message().find("estimated map: resolution 0"), std::string::npos);
    auto short_data = grid(3, 3, 1.0f, 0, 0);
    short_data.data.pop_back();
    EXPECT_EQ(validateGrid(short_data, "gt").message(), "gt: 8 cells for a 3 x 3 grid");
    EXPECT_NEAR(quaternionYaw(grid(1, 1, 1.0f, 0, 0, -2.0).info.origin.orientation), -2.0, 1e-15);
}

}  // namespace
}  // namespace robometrics::slam
