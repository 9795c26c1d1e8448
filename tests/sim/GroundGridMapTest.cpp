#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/GroundGridMap.hpp"

namespace robometrics::sim {

namespace {

// Reads a layer at a position the way a grid_map consumer does (bag-formats.md 4.5): logical
// index from the +x/+y corner, circular start indexes, column-major storage.
float readAt(const msgs::GridMap &m, std::size_t layer, double x, double y) {
    const double res = m.info.resolution;
    const auto rows = static_cast<int>(std::lround(m.info.length_x / res));
    const auto cols = static_cast<int>(std::lround(m.info.length_y / res));
    const int i = static_cast<int>(std::floor((m.info.pose.position.x + m.info.length_x / 2 - x) / res));
    const int j = static_cast<int>(std::floor((m.info.pose.position.y + m.info.length_y / 2 - y) / res));
    const int r = (m.outer_start_index + i) % rows, c = (m.inner_start_index + j) % cols;
    return m.data[layer].data[static_cast<std::size_t>(c * rows + r)];
}

GroundGridConfig smallConfig() {
    GroundGridConfig c;
    c.resolution = 1.0;
    c.cells = 4;
    return c;
}

}  // namespace

TEST(GroundGridMap, LayersFollowGroundGridsDefinitions) {
    GroundGridMap map(smallConfig());
    map.update({{1.5, -1.5, 0.5}, {-0.5, 0.5, 0.1}, {-0.5, 0.5, 0.3}}, {false, true, true}, {0.2, 0.3, 0.0});
    const msgs::GridMap m = map.message();
    ASSERT_EQ(m.layers, (std::vector<std::string>{"points", "ground", "groundpatch", "variance"}));
    EXPECT_EQ(m.header.frame_id, "odom");
    EXPECT_DOUBLE_EQ(m.info.length_x, 4.0);
    EXPECT_DOUBLE_EQ(m.info.pose.position.x, 0.0);  // centre = the rover's cell corner grid
    EXPECT_EQ(m.outer_start_index, 3);              // storage row of the +x-most cell (gx = 1)
    EXPECT_EQ(m.inner_start_index, 3);
    ASSERT_EQ(m.data[0].layout.dim.size(), 2u);
    EXPECT_EQ(m.data[0].layout.dim[0].label, "column_index");
    EXPECT_EQ(m.data[0].layout.dim[0].stride, 16u);
    EXPECT_EQ(m.data[0].layout.dim[1].label, "row_index");
    EXPECT_EQ(m.data[0].layout.dim[1].stride, 4u);
    EXPECT_FLOAT_EQ(readAt(m, 0, 1.5, -1.5), 1.0f);    // one obstacle point
    EXPECT_FLOAT_EQ(readAt(m, 0, -0.5, 0.5), 0.0f);    // ground points are not counted
    EXPECT_NEAR(readAt(m, 3, -0.5, 0.5), 0.01, 1e-6);  // population variance of {0.1, 0.3}
    // Confidence-weighted blend: prior 0 with confidence 1e-4, observation 0.2 with weight 2/40.
    EXPECT_NEAR(readAt(m, 1, -0.5, 0.5), 0.05 * 0.2 / (0.05 + 1e-4), 1e-6);
    EXPECT_NEAR(readAt(m, 2, -0.5, 0.5), (0.05 + 1e-4) / 2, 1e-6);
    EXPECT_FLOAT_EQ(readAt(m, 2, 0.5, 0.5), 1.0f);     // under the rover
    EXPECT_FLOAT_EQ(readAt(m, 2, -1.5, -1.5), 1e-4f);  // never observed
    EXPECT_FLOAT_EQ(map.valueAt(0, 1.5, -1.5), 1.0f);
}

TEST(GroundGridMap, ScrollsAsACircularBufferAndResetsCellsThatEnter) {
    GroundGridMap map(smallConfig());
    map.update({{-0.5, 0.5, 0.2}}, {true}, {0.2, 0.3, 0.0});
    map.update({}, {}, {2.2, 0.3, 0.0});
    const msgs::GridMap m = map.message();
    EXPECT_DOUBLE_EQ(m.info.pose.position.x, 2.0);
    EXPECT_EQ(m.outer_start_index, 1);                   // gx = 3 is stored in row (-3 mod 4) = 1
    EXPECT_TRUE(std::isnan(map.valueAt(2, -0.5, 0.5)));  // scrolled out
    EXPECT_FLOAT_EQ(readAt(m, 2, 3.5, 1.5), 0.0f);       // entered: confidence 0
    EXPECT_FLOAT_EQ(readAt(m, 2, 2.5, 0.5), 1.0f);       // the rover's new cell
    EXPECT_FLOAT_EQ(readAt(m, 2, 0.5, 0.5), 1.0f);       // the old rover cell stayed (close: no decay)
}

TEST(GroundGridMap, ConfidenceDecaysFarFromTheRover) {
    GroundGridConfig c;
    c.resolution = 1.0;
    c.cells = 10;
    GroundGridMap map(c);
    map.update({}, {}, {0.0, 0.0, 0.0});
    // Cell centre (4.5, 0.5) is farther than sqrt(12) m: 1e-4 decays by 1/5 but not below 0.001.
    EXPECT_FLOAT_EQ(map.valueAt(2, 4.5, 0.5), 0.001f);
    EXPECT_FLOAT_EQ(map.valueAt(2, 1.5, 0.5), 1e-4f);
}

}  // namespace robometrics::sim
