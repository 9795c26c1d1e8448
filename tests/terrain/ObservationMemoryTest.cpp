#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "robometrics/terrain/ObservationMemory.hpp"

namespace robometrics::terrain {
namespace {

// A 4 x 4 map at 1 m, never observed (GroundGrid's initial confidence 1e-4, no points).
GridMap unobserved(Eigen::Vector2d center) {
    GridMap map(4, 4, 1.0, center);
    map.add("points", 0.f);
    map.add("variance", 0.f);
    map.add("groundpatch", 1e-4f);
    return map;
}

TEST(ObservationMemoryTest, EachSignalMarksACellObserved) {
    CostmapConfig config;
    ObservationMemory memory(config);
    GridMap map = unobserved({0, 0});
    (*map.layer("points"))(0, 0) = 1;
    (*map.layer("variance"))(1, 0) = 0.001f;
    (*map.layer("groundpatch"))(2, 0) = 0.002f;  // observed_confidence_min
    (*map.layer("groundpatch"))(3, 0) = 0.001f;  // GroundGrid's decay floor: not evidence
    EXPECT_TRUE(memory.observedIn(map, 0, 0));
    EXPECT_TRUE(memory.observedIn(map, 1, 0));
    EXPECT_TRUE(memory.observedIn(map, 2, 0));
    EXPECT_FALSE(memory.observedIn(map, 3, 0));
    EXPECT_FALSE(memory.observedIn(map, 0, 1));
}

TEST(ObservationMemoryTest, RemembersCellsAcrossAMapMove) {
    CostmapConfig config;
    ObservationMemory memory(config);
    GridMap first = unobserved({0, 0});
    (*first.layer("points"))(1, 1) = 3;  // centre (0.5, 0.5)
    memory.update(first);
    EXPECT_EQ(memory.seen().sum(), 1);
    // The map moves one cell towards +x; the cell at (0.5, 0.5) is now logical (2, 1).
    GridMap second = unobserved({1, 0});
    memory.update(second);
    EXPECT_EQ(memory.seen().sum(), 1);
    EXPECT_EQ(memory.seen()(2, 1), 1);
    // Moving 4 cells away forgets it (it left the map).
    memory.update(unobserved({5, 0}));
    EXPECT_EQ(memory.seen().sum(), 0);
}

TEST(ObservationMemoryTest, UpdateMarksTheSignalsAndNotInfOrNaN) {
    CostmapConfig config;
    ObservationMemory memory(config);
    GridMap map = unobserved({0, 0});
    (*map.layer("points"))(0, 0) = 1;
    (*map.layer("variance"))(1, 0) = 0.001f;
    (*map.layer("groundpatch"))(2, 0) = 0.002f;
    (*map.layer("points"))(0, 1) = std::numeric_limits<float>::infinity();
    (*map.layer("variance"))(1, 1) = std::numeric_limits<float>::quiet_NaN();
    (*map.layer("groundpatch"))(2, 1) = std::numeric_limits<float>::infinity();
    (*map.layer("points"))(3, 1) = -2;
    memory.update(map);
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(memory.seen()(i, j), (j == 0 && i < 3) ? 1 : 0) << i << ", " << j;
        }
    }
}

TEST(ObservationMemoryTest, KeepsTheOverlapOfAMoveInEveryDirection) {
    // A fully observed 4 x 4 map, then an unobserved one moved by (dx, dy) cells: exactly the
    // overlap is remembered, at its new logical cells (logical i = global gx0 - i).
    for (int dx = -5; dx <= 5; ++dx) {
        for (int dy = -5; dy <= 5; ++dy) {
            CostmapConfig config;
            ObservationMemory memory(config);
            GridMap seen_all = unobserved({0, 0});
            seen_all.layer("points")->setConstant(1);
            memory.update(seen_all);
            memory.update(unobserved({dx, dy}));
            int expected = 0;
            for (int j = 0; j < 4; ++j) {
                for (int i = 0; i < 4; ++i) {
                    // The cell's centre in odom, and whether the first map covered it.
                    const Eigen::Vector2d p = unobserved({dx, dy}).position(i, j);
                    const bool covered = std::abs(p.x()) < 2 && std::abs(p.y()) < 2;
                    expected += covered ? 1 : 0;
                    EXPECT_EQ(memory.seen()(i, j), covered ? 1 : 0) << dx << ", " << dy << ": " << i << ", " << j;
                }
            }
            EXPECT_EQ(memory.seen().cast<int>().sum(), expected);
        }
    }
}

TEST(ObservationMemoryTest, AChangedLatticeStartsAfresh) {
    CostmapConfig config;
    ObservationMemory memory(config);
    GridMap first = unobserved({0, 0});
    (*first.layer("points"))(1, 1) = 3;
    memory.update(first);
    memory.update(unobserved({0.5, 0}));  // half a cell: a different grid
    EXPECT_EQ(memory.seen().sum(), 0);
}

TEST(ObservationMemoryTest, MapsWithoutGroundGridLayersUseFiniteValues) {
    CostmapConfig config;
    ObservationMemory memory(config);
    GridMap map(2, 2, 1.0, {0, 0});
    auto &elevation = map.add("elevation");
    elevation(0, 1) = 0.3f;
    EXPECT_TRUE(memory.observedIn(map, 0, 1));
    EXPECT_FALSE(memory.observedIn(map, 1, 1));
}

}  // namespace
}  // namespace robometrics::terrain
