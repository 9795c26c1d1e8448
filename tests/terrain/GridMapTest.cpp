#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "SmallGridMap.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/terrain/GridMap.hpp"

namespace robometrics::terrain {
namespace {

// test::smallGridMap(): a 3 x 2 layer stored column-major with start indices (1, 1).
msgs::GridMap handBuiltMessage() { return test::smallGridMap(); }

TEST(GridMapTest, ResolvesColumnMajorLayoutAndCircularStartIndices) {
    auto map = GridMap::fromMessage(handBuiltMessage());
    ASSERT_TRUE(map.ok()) << map.message();
    ASSERT_EQ(map->rows(), 3);
    ASSERT_EQ(map->cols(), 2);
    const auto &g = *map->layer("ground");
    EXPECT_EQ(g(0, 0), 4);  // storage (1, 1)
    EXPECT_EQ(g(1, 0), 5);  // storage (2, 1)
    EXPECT_EQ(g(2, 0), 3);  // storage (0, 1)
    EXPECT_EQ(g(0, 1), 1);  // storage (1, 0)
    EXPECT_EQ(g(1, 1), 2);  // storage (2, 0)
    EXPECT_EQ(g(2, 1), 0);  // storage (0, 0)
    EXPECT_EQ(map->frame_id, "odom");
    EXPECT_EQ(map->stamp, 5'000'000'500);
}

TEST(GridMapTest, RowMajorLayoutIsAlsoRead) {
    msgs::GridMap msg = handBuiltMessage();
    msg.outer_start_index = 0;
    msg.inner_start_index = 0;
    msg.data[0].layout.dim = {{"row_index", 3, 6}, {"column_index", 2, 2}};
    auto map = GridMap::fromMessage(msg);
    ASSERT_TRUE(map.ok()) << map.message();
    const auto &g = *map->layer("ground");
    EXPECT_EQ(g(0, 1), 1);  // storage (0, 1) = data[0*2 + 1]
    EXPECT_EQ(g(2, 0), 4);  // storage (2, 0) = data[2*2 + 0]
}

TEST(GridMapTest, RowMajorLayoutWithCircularStartIndices) {
    msgs::GridMap msg = handBuiltMessage();  // start indices (1, 1)
    msg.data[0].layout.dim = {{"row_index", 3, 6}, {"column_index", 2, 2}};
    auto map = GridMap::fromMessage(msg);
    ASSERT_TRUE(map.ok()) << map.message();
    const auto &g = *map->layer("ground");
    // Logical (i, j) is storage ((1 + i) % 3, (1 + j) % 2) = data[r*2 + c].
    EXPECT_EQ(g(0, 0), 3);  // storage (1, 1)
    EXPECT_EQ(g(1, 0), 5);  // storage (2, 1)
    EXPECT_EQ(g(2, 0), 1);  // storage (0, 1)
    EXPECT_EQ(g(0, 1), 2);  // storage (1, 0)
    EXPECT_EQ(g(1, 1), 4);  // storage (2, 0)
    EXPECT_EQ(g(2, 1), 0);  // storage (0, 0)
}

TEST(GridMapTest, IndexZeroIsThePlusXPlusYCorner) {
    auto map = GridMap::fromMessage(handBuiltMessage());
    ASSERT_TRUE(map.ok());
    const Eigen::Vector2d p00 = map->position(0, 0);
    EXPECT_DOUBLE_EQ(p00.x(), 11.0);  // 10 + 3/2 - 1/2
    EXPECT_DOUBLE_EQ(p00.y(), 20.5);  // 20 + 2/2 - 1/2
    const Eigen::Vector2d p21 = map->position(2, 1);
    EXPECT_DOUBLE_EQ(p21.x(), 9.0);
    EXPECT_DOUBLE_EQ(p21.y(), 19.5);
    int i = -1;
    int j = -1;
    ASSERT_TRUE(map->index({9.2, 19.9}, i, j));
    EXPECT_EQ(i, 2);
    EXPECT_EQ(j, 1);
    ASSERT_TRUE(map->index({11.5, 21.0}, i, j));  // the +x/+y edges belong to the map
    EXPECT_EQ(i, 0);
    EXPECT_EQ(j, 0);
    EXPECT_FALSE(map->index({8.5, 20.0}, i, j));  // the -x edge does not
    EXPECT_FALSE(map->index({std::nan(""), 20.0}, i, j));
}

TEST(GridMapTest, CellsOfManyPointsAreIndexOfEach) {
    // Points inside, outside, exactly on cell edges and on the map's borders, huge and NaN.
    const GridMap map(30, 20, 0.3, {1.25, -4.5});
    std::vector<double> x, y;
    for (int a = -40; a <= 40; ++a) {
        for (int b = -40; b <= 40; ++b) {
            x.push_back(1.25 + a * 0.15);
            y.push_back(-4.5 + b * 0.15 + (a % 3) * 1e-12);
        }
    }
    for (double v : {std::nan(""), 1e300, -1e300, std::numeric_limits<double>::infinity()}) {
        x.push_back(v);
        y.push_back(0.0);
        x.push_back(1.0);
        y.push_back(v);
    }
    std::vector<int> cell(x.size());
    map.cells(x.data(), y.data(), x.size(), cell.data());
    int inside = 0;
    for (std::size_t k = 0; k < x.size(); ++k) {
        int ei = -7;
        int ej = -7;
        if (map.index({x[k], y[k]}, ei, ej)) {
            ++inside;
            EXPECT_EQ(cell[k], ei + ej * map.rows()) << x[k] << ", " << y[k];
        } else {
            EXPECT_EQ(cell[k], -1) << x[k] << ", " << y[k];
        }
    }
    EXPECT_GT(inside, 1000);
}

TEST(GridMapTest, RoundTripsThroughAMessageWithAnyStartIndex) {
    GridMap map(4, 5, 0.25, {1.0, -2.0});
    auto &layer = map.add("variance");
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) layer(i, j) = static_cast<float>(10 * i + j);
    }
    layer(2, 3) = std::nanf("");
    auto back = GridMap::fromMessage(map.toMessage(3, 2));
    ASSERT_TRUE(back.ok()) << back.message();
    const auto &b = *back->layer("variance");
    EXPECT_EQ(b(1, 4), 14);
    EXPECT_EQ(b(3, 0), 30);
    EXPECT_TRUE(std::isnan(b(2, 3)));
    EXPECT_DOUBLE_EQ(back->center().x(), 1.0);
    EXPECT_DOUBLE_EQ(back->lengthY(), 1.25);
}

// The map from a message whose floats stay in its payload (msgs::GridMapView).
Result<GridMap> mapFromPayloadOf(const msgs::GridMap &msg) {
    const std::vector<std::uint8_t> payload = msgs::encodeCdr(msg);
    msgs::GridMapView view;
    if (!msgs::decodeGridMapView(payload, view)) return Error{"not a little-endian CDR GridMap"};
    return GridMap::fromMessage(view);
}

TEST(GridMapTest, FromThePayloadTheSameCellsAsFromTheDecodedMessage) {
    auto map = mapFromPayloadOf(handBuiltMessage());
    ASSERT_TRUE(map.ok()) << map.message();
    const auto &g = *map->layer("ground");
    // As ResolvesColumnMajorLayoutAndCircularStartIndices: logical (i, j) at storage
    // ((1 + i) % 3, (1 + j) % 2), data[c*3 + r].
    EXPECT_EQ(g(0, 0), 4);
    EXPECT_EQ(g(1, 0), 5);
    EXPECT_EQ(g(2, 0), 3);
    EXPECT_EQ(g(0, 1), 1);
    EXPECT_EQ(g(1, 1), 2);
    EXPECT_EQ(g(2, 1), 0);
    EXPECT_EQ(map->frame_id, "odom");
    EXPECT_EQ(map->stamp, 5'000'000'500);

    // Row-major with start indices (2, 1) and a data offset of 2: storage (r, c) = data[2 + r*2 + c],
    // logical (i, j) at storage ((i + 2) % 3, (j + 1) % 2).
    msgs::GridMap row_major = handBuiltMessage();
    row_major.outer_start_index = 2;
    row_major.data[0].layout.dim = {{"row_index", 3, 6}, {"column_index", 2, 2}};
    row_major.data[0].layout.data_offset = 2;
    row_major.data[0].data = {-7, -8, 0, 1, 2, 3, 4, 5};
    map = mapFromPayloadOf(row_major);
    ASSERT_TRUE(map.ok()) << map.message();
    const auto &r = *map->layer("ground");
    EXPECT_EQ(r(0, 0), 5);  // storage (2, 1) = data[2 + 5]
    EXPECT_EQ(r(1, 0), 1);  // storage (0, 1)
    EXPECT_EQ(r(2, 1), 2);  // storage (1, 0)
    auto decoded = GridMap::fromMessage(row_major);
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ(*decoded->layer("ground"), r);
}

TEST(GridMapTest, FromThePayloadTheSameErrors) {
    std::vector<msgs::GridMap> bad(4, handBuiltMessage());
    bad[0].data[0].data.pop_back();
    bad[1].data[0].layout.dim[0].size = 3;
    bad[2].outer_start_index = 3;
    bad[3].layers.push_back("extra");
    for (const msgs::GridMap &msg : bad) {
        auto from_payload = mapFromPayloadOf(msg);
        auto from_message = GridMap::fromMessage(msg);
        ASSERT_FALSE(from_payload.ok());
        ASSERT_FALSE(from_message.ok());
        EXPECT_EQ(from_payload.message(), from_message.message());
    }
}

TEST(GridMapTest, ReadingIntoAUsedMapGivesWhatANewMapGets) {
    GridMap other(4, 5, 0.25, {1.0, -2.0});
    other.add("variance", 2.0f);
    other.add("points", 3.0f);
    msgs::GridMap repeated = handBuiltMessage();
    repeated.layers = {"ground", "ground"};  // the last one wins, as add() does
    repeated.data.push_back(repeated.data[0]);
    repeated.data[1].data[0] = 9;
    const std::vector<msgs::GridMap> messages{handBuiltMessage(), other.toMessage(1, 2), repeated, handBuiltMessage()};
    GridMap used;
    for (const msgs::GridMap &msg : messages) {
        ASSERT_TRUE(used.read(msg).ok());
        auto fresh = GridMap::fromMessage(msg);
        ASSERT_TRUE(fresh.ok());
        ASSERT_EQ(used.layerNames(), fresh->layerNames());
        EXPECT_EQ(used.rows(), fresh->rows());
        EXPECT_EQ(used.center(), fresh->center());
        for (const std::string &name : used.layerNames()) EXPECT_EQ(*used.layer(name), *fresh->layer(name)) << name;
    }
    // The same message again decodes into the same storage.
    const float *ground = used.layer("ground")->data();
    ASSERT_TRUE(used.read(handBuiltMessage()).ok());
    EXPECT_EQ(used.layer("ground")->data(), ground);
}

TEST(GridMapTest, RejectsInconsistentMessagesWithANamedReason) {
    msgs::GridMap bad = handBuiltMessage();
    bad.data[0].data.pop_back();
    auto r = GridMap::fromMessage(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("layer 'ground'"), std::string::npos) << r.message();

    bad = handBuiltMessage();
    bad.data[0].layout.dim[0].size = 3;
    EXPECT_FALSE(GridMap::fromMessage(bad).ok());

    bad = handBuiltMessage();
    bad.outer_start_index = 3;
    r = GridMap::fromMessage(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("start index"), std::string::npos);

    bad = handBuiltMessage();
    bad.info.resolution = 0;
    EXPECT_FALSE(GridMap::fromMessage(bad).ok());

    bad = handBuiltMessage();
    bad.info.length_x = 1e9;  // would need 1e9 rows
    EXPECT_FALSE(GridMap::fromMessage(bad).ok());

    bad = handBuiltMessage();
    bad.layers.push_back("extra");
    EXPECT_FALSE(GridMap::fromMessage(bad).ok());
}

}  // namespace
}  // namespace robometrics::terrain
