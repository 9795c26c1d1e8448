#include "robometrics/bag/TopicRecorder.hpp"

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapSource.hpp"

namespace robometrics::bag {
namespace {

TEST(TopicRecorder, OneChannelPerTopicOneSchemaPerTypeAndCounts) {
    const auto path = (test::scratchDir("topic_recorder") / "rec.mcap").string();
    TopicInfo a{"/a", "std_msgs/msg/String", "cdr", "- history: keep_last\n", 0, 0, {"std_msgs/msg/String", "ros2msg", "string data"}};
    TopicInfo b = a;
    b.name = "/b";
    const std::vector<std::uint8_t> payload{0, 1, 0, 0, 1, 0, 0, 0, 0};
    {
        auto writer = McapWriter::open(path);
        ASSERT_TRUE(writer.ok());
        TopicRecorder recorder(**writer);
        for (const auto &[topic, t] : std::vector<std::pair<const TopicInfo *, TimeNs>>{{&a, 10}, {&b, 20}, {&a, 30}}) {
            ASSERT_TRUE(recorder.write(Message{topic, t, t - 1, payload}).ok());
        }
        EXPECT_EQ(recorder.counts().at("/a"), 2u);
        EXPECT_EQ(recorder.total(), 3u);
        ASSERT_TRUE((*writer)->close().ok());
    }
    auto source = openMcap(path);
    ASSERT_TRUE(source.ok()) << source.message();
    ASSERT_EQ((*source)->topics().size(), 2u);
    EXPECT_EQ((*source)->topics()[0].offered_qos_profiles, "- history: keep_last\n");
    EXPECT_EQ((*source)->topics()[1].schema.text, "string data");
    Message m;
    std::vector<TimeNs> publish_times;
    while ((*source)->next(m).value()) publish_times.push_back(m.publish_time);
    EXPECT_EQ(publish_times, (std::vector<TimeNs>{9, 19, 29}));
}

}  // namespace
}  // namespace robometrics::bag
