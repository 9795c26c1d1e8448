// `robometrics convert` round trip at the byte level: every message of the source (topic, log
// time, publish time, payload) equals the converted one, topic by topic, and the schemas and
// QoS metadata are kept (built-in schema text where the source had none).

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <tuple>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

using Row = std::tuple<TimeNs, TimeNs, std::vector<std::uint8_t>>;

std::map<std::string, std::vector<Row>> byTopic(MessageSource &source) {
    std::map<std::string, std::vector<Row>> rows;
    Message m;
    for (;;) {
        auto more = source.next(m);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more || !*more) break;
        rows[m.topic->name].emplace_back(m.log_time, m.publish_time,
                                         std::vector<std::uint8_t>(m.data.begin(), m.data.end()));
    }
    return rows;
}

void expectRoundTrip(const std::filesystem::path &input, const std::string &compression, bool all_types_builtin) {
    std::filesystem::path out = test::scratchDir("roundtrip-" + compression) / "out.mcap";
    test::CommandResult r = test::runRobometrics({"convert", input.string(), out.string(), "--compression", compression});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto a = openBag(input.string());
    auto b = openBag(out.string());
    ASSERT_TRUE(a.ok()) << a.message();
    ASSERT_TRUE(b.ok()) << b.message();
    const auto &ta = (*a)->topics();
    const auto &tb = (*b)->topics();
    ASSERT_EQ(ta.size(), tb.size());
    for (std::size_t i = 0; i < ta.size(); ++i) {
        EXPECT_EQ(ta[i].name, tb[i].name);
        EXPECT_EQ(ta[i].type, tb[i].type);
        EXPECT_EQ(ta[i].offered_qos_profiles, tb[i].offered_qos_profiles) << ta[i].name;
        if (!ta[i].schema.text.empty()) {
            EXPECT_EQ(ta[i].schema.text, tb[i].schema.text) << ta[i].name;
        } else if (all_types_builtin) {
            EXPECT_FALSE(tb[i].schema.text.empty()) << ta[i].name << ": no built-in schema written";
        }
        EXPECT_EQ(tb[i].schema.encoding, "ros2msg");
    }
    auto ra = byTopic(**a), rb = byTopic(**b);
    EXPECT_EQ(ra.size(), rb.size());
    for (const auto &[topic, rows] : ra) EXPECT_TRUE(rows == rb[topic]) << "topic " << topic << " differs";
}

TEST(Rosbag2ConvertRoundTrip, SplitSqliteBagWithoutDefinitionsGetsBuiltinSchemas) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    expectRoundTrip(dir, "zstd", true);  // std_msgs/msg/String only
}

TEST(Rosbag2ConvertRoundTrip, FileCompressedBag) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/file_compression");
    expectRoundTrip(dir, "lz4", false);  // rcl_interfaces types are not built in
}

TEST(Rosbag2ConvertRoundTrip, EvoTfExampleSqlite) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    expectRoundTrip(dir, "none", true);
}

}  // namespace
}  // namespace robometrics::bag
