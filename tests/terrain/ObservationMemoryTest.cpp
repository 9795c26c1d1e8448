#include "robometrics/terrain/ObservationMemory.hpp"

#include <gtest/gtest.h>

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
