// One .db3 file: schema version detection, topics, message definitions, ordered streaming.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/rosbag2/SqliteFile.hpp"

namespace robometrics::bag::rosbag2 {
namespace {

TEST(Rosbag2SqliteFile, SchemaVersion4WithDefinitions) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros2-sqlite3/evo_tf_example/tf_example.db3");
    auto file = SqliteFile::open(path.string(), "tf_example.db3");
    ASSERT_TRUE(file.ok()) << file.message();
    EXPECT_EQ((*file)->schemaVersion(), 4);
    const auto &topics = (*file)->topics();
    ASSERT_EQ(topics.size(), 2u);
    EXPECT_EQ(topics[0].info.name, "/tf_static");
    EXPECT_EQ(topics[1].info.name, "/tf");
    EXPECT_EQ(topics[1].info.type, "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(topics[1].info.serialization_format, "cdr");
    EXPECT_EQ(topics[1].info.schema.name, "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(topics[1].info.schema.encoding, "ros2msg");
    EXPECT_EQ(topics[1].info.schema.text.rfind("geometry_msgs/TransformStamped[] transforms", 0), 0u)
        << topics[1].info.schema.text.substr(0, 80);

    auto stats = (*file)->topicStats();
    ASSERT_TRUE(stats.ok()) << stats.message();
    ASSERT_EQ(stats->size(), 2u);
    std::uint64_t tf_count = 0;
    for (const auto &s : *stats)
        if (s.topic_id == topics[1].id) {
            tf_count = s.count;
            EXPECT_EQ(s.first, 1714741164196592603);
            EXPECT_EQ(s.last, 1714741215796545476);
        }
    EXPECT_EQ(tf_count, 517u);
}

TEST(Rosbag2SqliteFile, SchemaVersion2WithoutDefinitionsStreamsInTimeOrder) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag/wbag_1.db3");
    auto file = SqliteFile::open(path.string(), "wbag_1.db3");
    ASSERT_TRUE(file.ok()) << file.message();
    EXPECT_EQ((*file)->schemaVersion(), 2);
    ASSERT_EQ((*file)->topics().size(), 8u);
    EXPECT_EQ((*file)->topics()[0].info.name, "HHH");  // split files list topics in another order
    EXPECT_TRUE((*file)->topics()[0].info.schema.text.empty());
    EXPECT_EQ((*file)->topics()[0].info.schema.name, "std_msgs/msg/String");

    ASSERT_TRUE((*file)->query(false, {}, {}).ok());
    SqliteRow row;
    std::uint64_t count = 0;
    TimeNs previous = INT64_MIN, first = 0, last = 0;
    for (;;) {
        auto more = (*file)->step(row);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!*more) break;
        ASSERT_GE(row.timestamp, previous);
        if (count == 0) first = row.timestamp;
        last = previous = row.timestamp;
        ASSERT_GE(row.data.size(), 8u);
        EXPECT_EQ(row.data[0], 0);  // CDR encapsulation header
        EXPECT_EQ(row.data[1], 1);
        ++count;
    }
    EXPECT_EQ(count, 1240u);  // 160+154+155+154+170+161+145+141
    EXPECT_EQ(first, 1410);
    EXPECT_EQ(last, 1821);
}

TEST(Rosbag2SqliteFile, QueryFiltersTopicsAndTimeRange) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag/wbag_0.db3");
    auto file = SqliteFile::open(path.string(), "wbag_0.db3");
    ASSERT_TRUE(file.ok()) << file.message();
    std::int64_t aaa = -1;
    for (const auto &t : (*file)->topics())
        if (t.info.name == "AAA") aaa = t.id;
    ReadOptions options;
    ASSERT_TRUE((*file)->query(true, {aaa}, options).ok());
    SqliteRow row;
    std::uint64_t count = 0;
    while (*(*file)->step(row)) {
        EXPECT_EQ(row.topic_id, aaa);
        ++count;
    }
    EXPECT_EQ(count, 174u);

    options.start_time = 1408;
    options.end_time = 1408;
    ASSERT_TRUE((*file)->query(false, {}, options).ok());
    count = 0;
    while (*(*file)->step(row)) {
        EXPECT_EQ(row.timestamp, 1408);
        ++count;
    }
    EXPECT_EQ(count, 5u);

    ASSERT_TRUE((*file)->query(true, {}, {}).ok());  // filter with no topics: nothing
    auto none = (*file)->step(row);
    ASSERT_TRUE(none.ok());
    EXPECT_FALSE(*none);
}

TEST(Rosbag2SqliteFile, NotASqliteFileIsAnErrorNamingIt) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/rosbags-rs/test_bag_sqlite3/metadata.yaml");
    auto file = SqliteFile::open(path.string(), "shown-name.db3");
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.message().rfind("shown-name.db3: sqlite: ", 0), 0u) << file.message();

    auto missing = SqliteFile::open("/nonexistent/x.db3", "x.db3");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message().rfind("x.db3: sqlite: cannot open", 0), 0u) << missing.message();
}

}  // namespace
}  // namespace robometrics::bag::rosbag2
