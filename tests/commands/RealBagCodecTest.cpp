// The CDR codecs against every ROS 2 bag in the shared sample data: each message of a type in
// Messages.hpp decodes and re-encodes to its original bytes (padding aside), and the dynamic
// decoder decodes every message of every bag with the schema stored in the bag.

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics {
namespace {

using Bytes = std::span<const std::uint8_t>;

/// Original and re-encoded payloads agree padding aside: same length up to at most 3 trailing
/// zero bytes, and where they differ the encoder wrote zero padding (a middleware may leave stale
/// bytes in alignment gaps, e.g. the end of a longer frame id in nav2's /tf) in a run of at most
/// 7 bytes, the longest alignment gap.
bool sameBytesPaddingAside(Bytes original, const std::vector<std::uint8_t> &encoded) {
    const std::size_t common = std::min(original.size(), encoded.size());
    std::size_t run = 0;
    for (std::size_t i = 0; i < common; ++i) {
        if (original[i] == encoded[i]) {
            run = 0;
            continue;
        }
        if (encoded[i] != 0 || ++run > 7) return false;
    }
    auto zero_tail = [](Bytes tail) {
        return tail.size() <= 3 && std::all_of(tail.begin(), tail.end(), [](std::uint8_t b) { return b == 0; });
    };
    return zero_tail(original.subspan(common)) && zero_tail(Bytes(encoded).subspan(common));
}

template <class T>
std::string roundTrip(Bytes payload) {
    T msg;
    Status status = msgs::decodeCdr(payload, msg);
    if (!status.ok()) return "decode: " + status.message();
    if (!sameBytesPaddingAside(payload, msgs::encodeCdr(msg))) return "re-encoded bytes differ";
    return {};
}

/// Typed round trip by ROS type name ("pkg/msg/Type"); returns "" on success.
const std::map<std::string, std::function<std::string(Bytes)>, std::less<>> &typedRoundTrips() {
    static const std::map<std::string, std::function<std::string(Bytes)>, std::less<>> table = {
#define ROBOMETRICS_ROUND_TRIP_ENTRY(Struct, Name) {Name, roundTrip<msgs::Struct>},
        ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_ROUND_TRIP_ENTRY)
#undef ROBOMETRICS_ROUND_TRIP_ENTRY
    };
    return table;
}

struct Tally {
    std::size_t messages = 0;
    std::size_t typed = 0;        ///< messages of a Messages.hpp type that round-tripped
    std::size_t dynamic = 0;      ///< messages the dynamic decoder decoded
    std::vector<std::string> failures;
};

Tally checkBag(const std::filesystem::path &path) {
    Tally tally;
    auto source = bag::openBag(path.string());
    if (!source.ok()) {
        tally.failures.push_back("open: " + source.message());
        return tally;
    }
    std::map<const bag::TopicInfo *, Result<msgs::DynamicDecoder>> decoders;
    bag::Message message;
    while (true) {
        auto more = (*source)->next(message);
        if (!more.ok()) {
            tally.failures.push_back("read: " + more.message());
            break;
        }
        if (!*more) break;
        ++tally.messages;
        const bag::TopicInfo &topic = *message.topic;
        auto typed = typedRoundTrips().find(topic.type);
        if (typed != typedRoundTrips().end()) {
            std::string error = typed->second(message.data);
            if (error.empty()) {
                ++tally.typed;
            } else if (tally.failures.size() < 5) {
                tally.failures.push_back(topic.name + " (" + topic.type + ") typed: " + error);
            }
        }
        auto it = decoders.find(&topic);
        if (it == decoders.end()) {
            it =
                decoders
                    .emplace(&topic, msgs::DynamicDecoder::create(topic.type, topic.schema.text, topic.schema.encoding))
                    .first;
        }
        if (!it->second.ok()) {
            if (tally.failures.size() < 5)
                tally.failures.push_back(topic.name + " (" + topic.type + ") schema: " + it->second.message());
            continue;
        }
        auto json = it->second->decode(message.data);
        if (json.ok()) {
            ++tally.dynamic;
        } else if (tally.failures.size() < 5) {
            tally.failures.push_back(topic.name + " (" + topic.type + ") dynamic: " + json.message());
        }
    }
    return tally;
}

struct Expected {
    const char *path;
    std::size_t messages;
    std::size_t typed;
};

// Names each case by its bag (ctest shows this; the default prints the struct's bytes).
void PrintTo(const Expected &expected, std::ostream *os) { *os << expected.path; }

class RealBagCodecTest : public ::testing::TestWithParam<Expected> {};

TEST_P(RealBagCodecTest, TypedRoundTripAndDynamicDecodeOfEveryMessage) {
    const Expected &expected = GetParam();
    ROBOMETRICS_REQUIRE_DATA(path, std::string("bags/") + expected.path);
    Tally tally = checkBag(path);
    for (const std::string &failure : tally.failures) ADD_FAILURE() << expected.path << ": " << failure;
    EXPECT_EQ(tally.messages, expected.messages);
    EXPECT_EQ(tally.typed, expected.typed);
    EXPECT_EQ(tally.dynamic, tally.messages);  // every message, service events included
}

INSTANTIATE_TEST_SUITE_P(
    SampleBags, RealBagCodecTest,
    ::testing::Values(
        Expected{"ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap", 8197, 8197},
        Expected{"ros2-mcap/derived/nav2_turtlebot_lz4.mcap", 8197, 8197},
        Expected{"ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap", 194, 6},
        Expected{"ros2-sqlite3/evo_tf_example", 518, 518}, Expected{"rosbags-rs/test_bag_mcap", 188, 60},
        Expected{"rosbags-rs/test_bag_sqlite3", 188, 60},
        Expected{"rosbag2/rosbag2_tests/resources/mcap/cdr_test", 7, 0},
        Expected{"rosbag2/rosbag2_tests/resources/sqlite3/cdr_test", 7, 0},
        Expected{"rosbag2/rosbag2_py/test/resources/mcap/talker", 20, 10},
        Expected{"rosbag2/rosbag2_py/test/resources/sqlite3/talker", 20, 10},
        Expected{"rosbag2/rosbag2_py/test/resources/mcap/wbag", 6074, 6074},
        Expected{"rosbag2/rosbag2_py/test/resources/sqlite3/wbag", 6074, 6074},
        Expected{"rosbag2/ros2bag/test/resources/empty_bag", 0, 0},
        // The event schema is built from the service definition (msgs/ServiceEventSchema): the
        // MCAP stores the .srv text under the event type's name, the sqlite bag the service's.
        Expected{"rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events", 10, 0},
        Expected{"rosbag2/rosbag2_tests/resources/sqlite3/bag_with_topics_and_service_events", 10, 0},
        Expected{"rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/message_compression", 1127, 369},
        Expected{"rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/file_compression", 775, 383}));

/// The payload and topic of the first message on `topic`.
struct FirstMessage {
    std::vector<std::uint8_t> data;
    bag::TopicInfo topic;
};

FirstMessage firstMessage(const std::filesystem::path &path, const std::string &topic) {
    FirstMessage first;
    bag::ReadOptions options;
    options.topics = {topic};
    auto source = bag::openBag(path.string(), options);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source.ok()) return first;
    bag::Message message;
    auto more = (*source)->next(message);
    EXPECT_TRUE(more.ok() && *more) << path << " has no message on " << topic;
    if (!more.ok() || !*more) return first;
    first.data.assign(message.data.begin(), message.data.end());
    first.topic = *message.topic;
    return first;
}

TEST(RealBagCodecValuesTest, RerunLaserScanMatchesWorkedExampleAndEveryCutFails) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    FirstMessage first = firstMessage(path, "/laser_scan");
    ASSERT_EQ(first.data.size(), 104U);
    auto scan = msgs::decodeCdr<msgs::LaserScan>(first.data);
    ASSERT_TRUE(scan.ok()) << scan.message();
    EXPECT_EQ(scan->header.stamp.sec, 1757502238);
    EXPECT_EQ(scan->header.stamp.nanosec, 482648699U);
    EXPECT_EQ(scan->header.frame_id, "base_link");
    EXPECT_FLOAT_EQ(scan->angle_increment, 0.01F);
    EXPECT_FLOAT_EQ(scan->range_max, 10.0F);
    EXPECT_EQ(scan->ranges, (std::vector<float>{1, 2, 3, 4, 5}));
    EXPECT_EQ(scan->intensities, (std::vector<float>{100, 200, 150, 180, 220}));
    msgs::LaserScan partial;
    for (std::size_t n = 0; n < first.data.size(); ++n) {
        EXPECT_FALSE(msgs::decodeCdr(std::span(first.data.data(), n), partial).ok()) << "length " << n;
    }
    Status cut = msgs::decodeCdr(std::span(first.data.data(), 90), partial);
    EXPECT_EQ(cut.message(), "LaserScan.intensities: need 20 bytes at offset 84, payload has 90");
}

TEST(RealBagCodecValuesTest, RerunPointCloud2KeepsItsTrailingPadding) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    FirstMessage first = firstMessage(path, "/point_cloud2");
    auto cloud = msgs::decodeCdr<msgs::PointCloud2>(first.data);
    ASSERT_TRUE(cloud.ok()) << cloud.message();
    EXPECT_EQ(cloud->height, 1U);
    EXPECT_EQ(cloud->width, 200U);
    ASSERT_EQ(cloud->fields.size(), 4U);
    EXPECT_EQ(cloud->fields[3].name, "intensity");
    EXPECT_EQ(cloud->fields[3].offset, 12U);
    EXPECT_EQ(cloud->fields[3].datatype, msgs::PointField::FLOAT32);
    EXPECT_EQ(cloud->point_step, 16U);
    EXPECT_EQ(cloud->data.size(), 3200U);
    EXPECT_EQ(msgs::encodeCdr(*cloud), first.data);  // both end with 3 zero bytes after is_dense
}

TEST(RealBagCodecValuesTest, RerunImageAndCompressedImage) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    FirstMessage raw = firstMessage(path, "/image");
    auto image = msgs::decodeCdr<msgs::Image>(raw.data);
    ASSERT_TRUE(image.ok()) << image.message();
    EXPECT_EQ(image->header.frame_id, "base_link");
    EXPECT_EQ(image->width, 640U);
    EXPECT_EQ(image->height, 480U);
    EXPECT_EQ(image->encoding, "rgb8");
    EXPECT_EQ(image->is_bigendian, 0);
    EXPECT_EQ(image->step, 1920U);
    EXPECT_EQ(image->data.size(), 1920U * 480U);
    FirstMessage compressed = firstMessage(path, "/compressed_image");
    auto jpeg = msgs::decodeCdr<msgs::CompressedImage>(compressed.data);
    ASSERT_TRUE(jpeg.ok()) << jpeg.message();
    EXPECT_EQ(jpeg->format, "jpeg");
    ASSERT_GE(jpeg->data.size(), 2U);
    EXPECT_EQ(jpeg->data[0], 0xFF);  // the JPEG start-of-image marker
    EXPECT_EQ(jpeg->data[1], 0xD8);
}

TEST(RealBagCodecValuesTest, DynamicDecoderOnTestMsgsArrays) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/rosbag2/rosbag2_tests/resources/mcap/cdr_test");
    FirstMessage first = firstMessage(path, "/array_topic");
    ASSERT_EQ(first.data.size(), 696U);
    auto decoder = msgs::DynamicDecoder::create(first.topic.type, first.topic.schema.text, first.topic.schema.encoding);
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(first.data);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ((*json)["bool_values"].dump(), "[true,false,true]");
    EXPECT_EQ((*json)["string_values"].dump(), R"(["Complex Hello1","Complex Hello2","Complex Hello3"])");
    EXPECT_EQ((*json)["constants_values"].dump(), "[{},{},{}]");
    EXPECT_EQ((*json)["defaults_values"][2]["int16_value"], -1000);
    EXPECT_EQ((*json)["int64_values_default"].dump(), "[0,9223372036854775807,-9223372036854775808]");
    EXPECT_EQ((*json)["uint64_values_default"][2], 18446744073709551615ULL);
    EXPECT_EQ((*json)["string_values_default"].dump(), R"(["","max value","min value"])");
    EXPECT_EQ((*json)["alignment_check"], 0);
    EXPECT_EQ(json->begin().key(), "bool_values");  // .msg order

    FirstMessage basic = firstMessage(path, "/test_topic");
    auto basic_decoder =
        msgs::DynamicDecoder::create(basic.topic.type, basic.topic.schema.text, basic.topic.schema.encoding);
    ASSERT_TRUE(basic_decoder.ok()) << basic_decoder.message();
    auto basic_json = basic_decoder->decode(basic.data);
    ASSERT_TRUE(basic_json.ok()) << basic_json.message();
    EXPECT_EQ((*basic_json)["int32_value"], 123);
    EXPECT_EQ(basic.data.size(), 52U);
}

TEST(RealBagCodecValuesTest, BuiltinLogReplacesTheStubInTalkerDb3) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/talker");
    FirstMessage first = firstMessage(path, "/rosout");
    EXPECT_EQ(first.topic.type, "rcl_interfaces/msg/Log");
    auto decoder = msgs::DynamicDecoder::create(first.topic.type, first.topic.schema.text, first.topic.schema.encoding);
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(first.data);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ((*json)["msg"], "Publishing: 'Hello, world! 0'");
    EXPECT_EQ((*json)["name"], "minimal_publisher");
    EXPECT_EQ((*json)["level"], 20);
    EXPECT_EQ((*json)["line"], 38);
}

}  // namespace
}  // namespace robometrics
