// The CDR codecs against every ROS 2 bag in the shared sample data: each message of a type in
// Messages.hpp decodes and re-encodes to its original bytes (padding aside), and the dynamic
// decoder decodes every message of every bag with the schema stored in the bag.

#include <gtest/gtest.h>

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

/// Original and re-encoded payloads agree up to trailing zero padding of at most 3 bytes.
bool sameBytesPaddingAside(Bytes original, const std::vector<std::uint8_t> &encoded) {
    const std::size_t common = std::min(original.size(), encoded.size());
    if (!std::equal(original.begin(), original.begin() + common, encoded.begin())) return false;
    auto zero_tail = [&](Bytes tail) { return tail.size() <= 3 && std::all_of(tail.begin(), tail.end(), [](auto b) { return b == 0; }); };
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
    std::size_t typed = 0;         ///< messages of a Messages.hpp type that round-tripped
    std::size_t dynamic = 0;       ///< messages the dynamic decoder decoded
    std::size_t unsupported = 0;   ///< messages of topics whose schema is a service event
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
            it = decoders.emplace(&topic, msgs::DynamicDecoder::create(topic.type, topic.schema.text, topic.schema.encoding))
                     .first;
        }
        if (!it->second.ok()) {
            if (it->second.message().find("unsupported schema") != std::string::npos &&
                topic.type.find("/srv/") != std::string::npos) {
                ++tally.unsupported;
            } else if (tally.failures.size() < 5) {
                tally.failures.push_back(topic.name + " (" + topic.type + ") schema: " + it->second.message());
            }
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
    std::size_t unsupported;
};

class RealBagCodecTest : public ::testing::TestWithParam<Expected> {};

TEST_P(RealBagCodecTest, TypedRoundTripAndDynamicDecodeOfEveryMessage) {
    const Expected &expected = GetParam();
    ROBOMETRICS_REQUIRE_DATA(path, std::string("bags/") + expected.path);
    Tally tally = checkBag(path);
    for (const std::string &failure : tally.failures) ADD_FAILURE() << expected.path << ": " << failure;
    EXPECT_EQ(tally.messages, expected.messages);
    EXPECT_EQ(tally.typed, expected.typed);
    EXPECT_EQ(tally.unsupported, expected.unsupported);
    EXPECT_EQ(tally.dynamic, tally.messages - tally.unsupported);
}

INSTANTIATE_TEST_SUITE_P(
    SampleBags, RealBagCodecTest,
    ::testing::Values(Expected{"ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap", 0, 0, 0},
                      Expected{"ros2-mcap/derived/nav2_turtlebot_lz4.mcap", 0, 0, 0},
                      Expected{"ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap", 0, 0, 0},
                      Expected{"ros2-sqlite3/evo_tf_example", 0, 0, 0},
                      Expected{"rosbags-rs/test_bag_mcap", 0, 0, 0},
                      Expected{"rosbags-rs/test_bag_sqlite3", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_tests/resources/mcap/cdr_test", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_tests/resources/sqlite3/cdr_test", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_py/test/resources/mcap/talker", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_py/test/resources/sqlite3/talker", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_py/test/resources/mcap/wbag", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_py/test/resources/sqlite3/wbag", 0, 0, 0},
                      Expected{"rosbag2/ros2bag/test/resources/empty_bag", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events", 0, 0, 0},
                      Expected{"rosbag2/rosbag2_tests/resources/sqlite3/bag_with_topics_and_service_events", 0, 0, 0},
                      Expected{"rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/message_compression", 0, 0, 0},
                      Expected{"rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/file_compression", 0, 0, 0}));

}  // namespace
}  // namespace robometrics
