#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/io/BagMap.hpp"

namespace robometrics::io {
namespace {

msgs::OccupancyGrid mapWithValue(std::int8_t v, std::uint32_t w) {
    msgs::OccupancyGrid g;
    g.header.frame_id = "map";
    g.info.resolution = 0.05f;
    g.info.width = w;
    g.info.height = 2;
    g.info.origin.position.x = -1.5;
    g.data.assign(std::size_t{w} * 2, v);
    return g;
}

std::string writeBag(const std::string &name) {
    const auto path = (test::scratchDir(name) / "run.mcap").string();
    auto writer = bag::TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(writer
                        ->write("/map",
                                mapWithValue(static_cast<std::int8_t>(10 * i), 3u + static_cast<std::uint32_t>(i)),
                                TimeNs{1'000'000'000} * (i + 1), true)
                        .ok());
    }
    msgs::String s;
    s.data = "hello";
    EXPECT_TRUE(writer->write("/chatter", s, TimeNs{500'000'000}).ok());
    EXPECT_TRUE(writer->close().ok());
    return path;
}

TEST(BagMap, TakesTheLastMapByDefaultOrTheOneAsked) {
    const std::string path = writeBag("bagmap-last");
    auto last = readBagMap(path + ":/map");
    ASSERT_TRUE(last.ok()) << last.message();
    EXPECT_EQ(last->messages, 3u);
    EXPECT_EQ(last->index, 2u);
    EXPECT_EQ(last->grid.info.width, 5u);
    EXPECT_EQ(last->grid.data, std::vector<std::int8_t>(10, 20));
    EXPECT_DOUBLE_EQ(last->grid.info.origin.position.x, -1.5);

    auto first = readBagMap(path, "/map", 0);  // a plain path uses the default topic
    ASSERT_TRUE(first.ok()) << first.message();
    EXPECT_EQ(first->grid.info.width, 3u);
    auto second_last = readBagMap(path + ":map", "/map", -2);
    ASSERT_TRUE(second_last.ok()) << second_last.message();
    EXPECT_EQ(second_last->index, 1u);
    EXPECT_EQ(second_last->grid.data, std::vector<std::int8_t>(8, 10));
}

// Told how many maps the index promises, the collector copies only the last; whatever the count
// says (right, too many, too few), the map it takes is the last one that came.
TEST(BagMap, ACollectorToldTheCountStillTakesTheLastMap) {
    const std::string path = writeBag("bagmap-expected");
    for (std::uint64_t expected : {0, 2, 3, 5}) {
        auto source = bag::openBag(path);
        ASSERT_TRUE(source.ok()) << source.message();
        BagMapCollector collector(path, "/map", msgs::WireFormat::Cdr);
        collector.expectMessages(expected);
        pipeline::Pipeline pipe;
        collector.subscribe(pipe);
        ASSERT_TRUE(pipe.run(**source).ok());
        auto last = collector.take();
        ASSERT_TRUE(last.ok()) << expected << ": " << last.message();
        EXPECT_EQ(last->messages, 3u) << expected;
        EXPECT_EQ(last->index, 2u) << expected;
        EXPECT_EQ(last->grid.data, std::vector<std::int8_t>(10, 20)) << expected;
    }
}

TEST(BagMap, ErrorsNameTheBagTopicAndCandidates) {
    const std::string path = writeBag("bagmap-errors");
    auto missing = readBagMap(path + ":/costmap");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), path + ": no topic /costmap (map topics: /map)");
    auto wrong_type = readBagMap(path + ":/chatter");
    ASSERT_FALSE(wrong_type.ok());
    EXPECT_EQ(wrong_type.message(),
              path + ": topic /chatter has type std_msgs/msg/String, expected nav_msgs/msg/OccupancyGrid");
    auto too_far = readBagMap(path + ":/map", "/map", 3);
    ASSERT_FALSE(too_far.ok());
    EXPECT_EQ(too_far.message(), path + ": topic /map has 3 maps, no map number 3");
}

TEST(BagMap, SpecSplitsAtTheLastColon) {
    const BagTopicSpec s = parseBagTopicSpec("/no/such/dir/run.mcap:/robot/map", "/map");
    EXPECT_EQ(s.path, "/no/such/dir/run.mcap");
    EXPECT_EQ(s.topic, "/robot/map");
    const BagTopicSpec plain = parseBagTopicSpec("/no/such/run.mcap", "/map");
    EXPECT_EQ(plain.path, "/no/such/run.mcap");
    EXPECT_EQ(plain.topic, "/map");
}

}  // namespace
}  // namespace robometrics::io
