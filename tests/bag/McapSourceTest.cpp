// openMcap: the MessageSource over one MCAP file, on the real ROS 2 samples (zstd and lz4 chunks).

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag {
namespace {

std::map<std::string, std::uint64_t> countPerTopic(MessageSource &source, TimeNs *first = nullptr,
                                                   TimeNs *last = nullptr, bool *ordered = nullptr) {
    std::map<std::string, std::uint64_t> counts;
    Message m;
    TimeNs previous = std::numeric_limits<TimeNs>::min();
    if (ordered) *ordered = true;
    for (;;) {
        auto more = source.next(m);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more.ok() || !more.value()) break;
        ++counts[m.topic->name];
        if (ordered && m.log_time < previous) *ordered = false;
        if (first && previous == std::numeric_limits<TimeNs>::min()) *first = m.log_time;
        previous = m.log_time;
        if (last) *last = m.log_time;
    }
    return counts;
}

const std::map<std::string, std::uint64_t> kNav2Counts = {
    {"/amcl_pose", 135}, {"/odom", 2639}, {"/tf", 5422}, {"/tf_static", 1}};

TEST(McapSource, ReadsTheZstdNav2SampleWithExactCountsInLogTimeOrder) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto source = openMcap(p.string());
    ASSERT_TRUE(source.ok()) << source.message();
    ASSERT_EQ((*source)->topics().size(), 4u);
    std::map<std::string, std::string> types;
    for (const TopicInfo &t : (*source)->topics()) {
        types[t.name] = t.type;
        EXPECT_EQ(t.message_count, kNav2Counts.at(t.name)) << t.name;  // from Statistics
        EXPECT_EQ(t.serialization_format, "cdr");
        EXPECT_EQ(t.schema.encoding, "ros2msg");
    }
    EXPECT_EQ(types["/odom"], "nav_msgs/msg/Odometry");
    EXPECT_EQ(types["/amcl_pose"], "geometry_msgs/msg/PoseWithCovarianceStamped");
    EXPECT_EQ(types["/tf"], "tf2_msgs/msg/TFMessage");
    bool ordered = false;
    EXPECT_EQ(countPerTopic(**source, nullptr, nullptr, &ordered), kNav2Counts);
    EXPECT_TRUE(ordered);
}

TEST(McapSource, ReadsTheLz4SampleIdenticallyToTheZstdOne) {
    ROBOMETRICS_REQUIRE_DATA(zstd, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    ROBOMETRICS_REQUIRE_DATA(lz4, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    auto a = openMcap(zstd.string());
    auto b = openMcap(lz4.string());
    ASSERT_TRUE(a.ok()) << a.message();
    ASSERT_TRUE(b.ok()) << b.message();
    Message ma, mb;
    std::uint64_t n = 0;
    for (;;) {
        auto ra = (*a)->next(ma);
        auto rb = (*b)->next(mb);
        ASSERT_TRUE(ra.ok() && rb.ok()) << ra.message() << rb.message();
        ASSERT_EQ(ra.value(), rb.value());
        if (!ra.value()) break;
        ASSERT_EQ(ma.topic->name, mb.topic->name) << n;
        ASSERT_EQ(ma.log_time, mb.log_time) << n;
        ASSERT_EQ(ma.publish_time, mb.publish_time) << n;
        ASSERT_TRUE(std::equal(ma.data.begin(), ma.data.end(), mb.data.begin(), mb.data.end())) << n;
        ++n;
    }
    EXPECT_EQ(n, 2639u + 5422u + 1u + 135u);
}

TEST(McapSource, TopicFilterAndTimeRange) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    TimeNs first = 0, last = 0;
    {
        auto all = openMcap(p.string());
        ASSERT_TRUE(all.ok());
        countPerTopic(**all, &first, &last);
    }
    ReadOptions options;
    options.topics = {"/odom", "/amcl_pose"};
    auto filtered = openMcap(p.string(), options);
    ASSERT_TRUE(filtered.ok());
    EXPECT_EQ((*filtered)->topics().size(), 4u);  // topics() lists every topic
    auto counts = countPerTopic(**filtered);
    EXPECT_EQ(counts, (std::map<std::string, std::uint64_t>{{"/amcl_pose", 135}, {"/odom", 2639}}));

    // An inclusive range that starts and ends exactly on the first and last message keeps all.
    options.topics.clear();
    options.start_time = first;
    options.end_time = last;
    auto whole = openMcap(p.string(), options);
    ASSERT_TRUE(whole.ok());
    EXPECT_EQ(countPerTopic(**whole), kNav2Counts);

    // The first half of the recording: fewer messages, all inside the range.
    options.end_time = first + (last - first) / 2;
    auto half = openMcap(p.string(), options);
    ASSERT_TRUE(half.ok());
    TimeNs hf = 0, hl = 0;
    auto half_counts = countPerTopic(**half, &hf, &hl);
    EXPECT_EQ(hf, first);
    EXPECT_LE(hl, *options.end_time);
    EXPECT_GT(half_counts["/odom"], 1000u);
    EXPECT_LT(half_counts["/odom"], 1639u);
}

TEST(McapSource, FileWithoutSummaryIsScannedAndMergedByChunk) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/mcap-conformance/TenMessages/TenMessages-ch.mcap");
    auto source = openMcap(p.string());
    ASSERT_TRUE(source.ok()) << source.message();
    ASSERT_EQ((*source)->topics().size(), 1u);
    EXPECT_EQ((*source)->topics()[0].name, "example");
    EXPECT_EQ((*source)->topics()[0].type, "Example");
    EXPECT_EQ((*source)->topics()[0].message_count, 10u);  // counted by the scan
    std::vector<TimeNs> times;
    Message m;
    while ((*source)->next(m).value()) times.push_back(m.log_time);
    EXPECT_EQ(times, (std::vector<TimeNs>{0, 1, 2, 3, 3, 4, 5, 7, 8, 9}));
}

// ReadAhead keeps an indexed file's messages in their chunks (MessageSource::pinLast) instead of
// copying them; directly and through openBag's rosbag2 layer; also a file whose chunks were found
// by a scan. Messages outside chunks, read in file order, are copied.
TEST(McapSource, ChunkedMessagesCanBePinnedOthersCannot) {
    ROBOMETRICS_REQUIRE_DATA(indexed, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    ROBOMETRICS_REQUIRE_DATA(scanned, "bags/mcap-conformance/TenMessages/TenMessages-ch.mcap");
    ROBOMETRICS_REQUIRE_DATA(unchunked, "bags/mcap-conformance/TenMessages/TenMessages.mcap");
    auto pinnedCount = [](MessageSource &source) {
        std::shared_ptr<const void> keeper;
        EXPECT_FALSE(source.pinLast(keeper));  // nothing read yet
        std::size_t pinned = 0, count = 0;
        Message m;
        for (; source.next(m).value(); ++count) {
            std::shared_ptr<const void> own;
            if (source.pinLast(own) && source.pinLast(keeper) && keeper == own) ++pinned;
        }
        EXPECT_FALSE(source.pinLast(keeper));  // after the end
        return std::make_pair(pinned, count);
    };
    auto direct = openMcap(indexed.string());
    ASSERT_TRUE(direct.ok()) << direct.message();
    EXPECT_EQ(pinnedCount(**direct), std::make_pair(std::size_t{8197}, std::size_t{8197}));
    auto layered = openBag(indexed.string());
    ASSERT_TRUE(layered.ok()) << layered.message();
    EXPECT_EQ(pinnedCount(**layered), std::make_pair(std::size_t{8197}, std::size_t{8197}));
    auto scan = openMcap(scanned.string());
    ASSERT_TRUE(scan.ok()) << scan.message();
    EXPECT_EQ(pinnedCount(**scan), std::make_pair(std::size_t{10}, std::size_t{10}));
    auto linear = openMcap(unchunked.string());
    ASSERT_TRUE(linear.ok()) << linear.message();
    EXPECT_EQ(pinnedCount(**linear), std::make_pair(std::size_t{0}, std::size_t{10}));
}

TEST(McapSource, MessagesOutsideChunksComeInFileOrder) {
    ROBOMETRICS_REQUIRE_DATA(p, "bags/mcap-conformance/TenMessages/TenMessages.mcap");
    auto source = openMcap(p.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::vector<TimeNs> times;
    Message m;
    while ((*source)->next(m).value()) times.push_back(m.log_time);
    EXPECT_EQ(times, (std::vector<TimeNs>{0, 2, 1, 3, 3, 5, 4, 7, 8, 9}));
}

// Every conformance file through openMcap, whichever path it takes (indexed, scan + chunk merge,
// file order): the messages are those of the .json, stably sorted by log time when they are in
// chunks, in file order when they are not.
TEST(McapSource, DeliversTheMessagesOfEveryConformanceFile) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/mcap-conformance");
    int files = 0;
    for (const auto &e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.path().extension() != ".mcap") continue;
        std::ifstream in(std::filesystem::path(e.path()).replace_extension(".json"));
        const nlohmann::json expected = nlohmann::json::parse(in);
        bool chunked = false;
        for (const auto &f : expected["meta"]["variant"]["features"]) chunked = chunked || f == "ch";
        std::vector<std::pair<TimeNs, std::vector<std::uint8_t>>> want, got;
        for (const auto &r : expected["records"]) {
            if (r["type"] != "Message") continue;
            std::pair<TimeNs, std::vector<std::uint8_t>> m;
            for (const auto &f : r["fields"]) {
                if (f[0] == "log_time") m.first = std::stoll(f[1].get<std::string>());
                if (f[0] == "data") {
                    for (const auto &b : f[1])
                        m.second.push_back(static_cast<std::uint8_t>(std::stoi(b.get<std::string>())));
                }
            }
            want.push_back(m);
        }
        if (chunked) {
            std::stable_sort(want.begin(), want.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        }
        auto source = openMcap(e.path().string());
        ASSERT_TRUE(source.ok()) << source.message();
        Message m;
        for (;;) {
            auto more = (*source)->next(m);
            ASSERT_TRUE(more.ok()) << more.message();
            if (!more.value()) break;
            got.emplace_back(m.log_time, std::vector<std::uint8_t>(m.data.begin(), m.data.end()));
        }
        EXPECT_EQ(got, want) << e.path().filename();
        ++files;
    }
    EXPECT_EQ(files, 416);
}

TEST(McapSource, DamagedSummaryIsAnError) {
    // This file stores a summary CRC (the zstd sample's is 0, "not computed").
    ROBOMETRICS_REQUIRE_DATA(p, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    std::ifstream in(p, std::ios::binary);
    std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
    const std::size_t footer = bytes.size() - 8 - 29;
    const auto summary_start = mcap::loadLe<std::uint64_t>(bytes.data() + footer + 9);
    bytes[summary_start + 30] ^= 0x01;
    const auto path = test::scratchDir("mcap_bad_summary") / "bad.mcap";
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    auto source = openMcap(path.string());
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.message().find(path.string() + ": offset " + std::to_string(footer) + ": summary CRC mismatch"),
              0u)
        << source.message();
}

TEST(McapSource, DamagedFileIsAnErrorNamingTheFile) {
    auto missing = openMcap("/nonexistent/none.mcap");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("none.mcap: cannot open"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::bag

namespace robometrics::bag {
namespace {

TEST(McapSource, ServiceEventSchemaStoredAsSrvTextBecomesTheEventMessage) {
    ROBOMETRICS_REQUIRE_DATA(
        p, "bags/rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events/"
           "bag_with_topics_and_service_events.mcap");
    auto source = openBag(p.string());
    ASSERT_TRUE(source.ok()) << source.message();
    int events = 0;
    for (const TopicInfo &topic : (*source)->topics()) {
        if (topic.type != "test_msgs/srv/BasicTypes_Event") continue;
        ++events;
        EXPECT_TRUE(topic.schema.text.starts_with("service_msgs/ServiceEventInfo info\n"
                                                  "test_msgs/BasicTypes_Request[<=1] request\n"))
            << topic.schema.text;
    }
    EXPECT_EQ(events, 2);
}

}  // namespace
}  // namespace robometrics::bag
