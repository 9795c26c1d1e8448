// ROS 1 serialization (packed little endian, strings without NUL, Header with seq) through the
// typed decoder and the dynamic decoder, on bytes built here by hand.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::msgs {
namespace {

class Bytes {
public:
    template <class T>
    Bytes &put(T value) {
        std::uint8_t raw[sizeof(T)];
        std::memcpy(raw, &value, sizeof(T));
        data.insert(data.end(), raw, raw + sizeof(T));
        return *this;
    }
    Bytes &text(const std::string &s) {
        put(static_cast<std::uint32_t>(s.size()));
        for (char c : s) data.push_back(static_cast<std::uint8_t>(c));
        return *this;
    }
    std::vector<std::uint8_t> data;
};

// geometry_msgs/PoseStamped: seq 7, stamp 1700000000.5 s, frame "map", position (1, 2, 3),
// orientation (0, 0, 0, 1). 4+8+4+3 + 7*8 = 75 bytes, no padding anywhere.
std::vector<std::uint8_t> poseStamped() {
    Bytes b;
    b.put(std::uint32_t{7}).put(std::uint32_t{1700000000}).put(std::uint32_t{500000000}).text("map");
    for (double v : {1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 1.0}) b.put(v);
    return b.data;
}

TEST(Ros1Codec, TypedDecodeDropsSeqAndReadsPackedFields) {
    const auto bytes = poseStamped();
    ASSERT_EQ(bytes.size(), 75u);
    PoseStamped pose;
    Status s = decodeRos1(bytes, pose);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(pose.header.stamp.toNs(), std::int64_t{1700000000500000000});
    EXPECT_EQ(pose.header.frame_id, "map");
    EXPECT_EQ(pose.pose.position.y, 2.0);
    EXPECT_EQ(pose.pose.orientation.w, 1.0);
    EXPECT_TRUE(decode(bytes, pose, wireFormatOf("ros1")).ok());
    EXPECT_FALSE(decode(bytes, pose, wireFormatOf("cdr")).ok());  // not a CDR header
}

TEST(Ros1Codec, ErrorsNameFieldAndOffset) {
    auto bytes = poseStamped();
    bytes.push_back(0);
    PoseStamped pose;
    EXPECT_EQ(decodeRos1(bytes, pose).message(),
              "PoseStamped: 1 unexpected bytes after the last field at offset 75 (payload has 76; at most 0 bytes of "
              "padding are allowed)");
    bytes.resize(70);
    EXPECT_EQ(decodeRos1(bytes, pose).message(),
              "PoseStamped.pose.orientation.w: need 8 bytes at offset 67, payload has 70");
    GridMap map;
    EXPECT_EQ(decodeRos1(bytes, map).message(), "GridMap: the ROS 1 layout of grid_map_msgs is not supported");
}

TEST(Ros1Codec, ImageIsPackedWithoutAlignment) {
    // sensor_msgs/Image: seq, stamp, frame "cam", 1 x 2, "rgb8", is_bigendian, step 6, 6 bytes.
    Bytes b;
    b.put(std::uint32_t{9}).put(std::uint32_t{1}).put(std::uint32_t{2}).text("cam");
    b.put(std::uint32_t{1}).put(std::uint32_t{2}).text("rgb8").put(std::uint8_t{0}).put(std::uint32_t{6});
    b.put(std::uint32_t{6});
    for (std::uint8_t v : {0xff, 0, 0, 0, 0xff, 0}) b.put(v);
    ASSERT_EQ(b.data.size(), 50u);  // 12 + 7 + 8 + 8 + 1 + 4 + 4 + 6: no padding anywhere
    Image image;
    Status s = decodeRos1(b.data, image);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(image.header.frame_id, "cam");
    EXPECT_EQ(image.encoding, "rgb8");
    EXPECT_EQ(image.step, 6u);
    EXPECT_EQ(image.data, (std::vector<std::uint8_t>{0xff, 0, 0, 0, 0xff, 0}));
}

TEST(Ros1Codec, EmptyMessageHasNoBytes) {
    Empty empty;
    EXPECT_TRUE(decodeRos1(std::vector<std::uint8_t>{}, empty).ok());
}

TEST(Ros1Codec, DynamicDecoderWithTheConnectionDefinition) {
    const std::string sep(80, '=');
    const std::string text = "Header header\nbyte b\nint8[] values\n" + sep +
                             "\nMSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id\n";
    auto decoder = DynamicDecoder::create("acme/Thing", text, "ros1msg");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    Bytes b;
    b.put(std::uint32_t{3}).put(std::uint32_t{10}).put(std::uint32_t{20}).text("odom");
    b.put(std::uint8_t{0xFF}).put(std::uint32_t{2}).put(std::int8_t{-1}).put(std::int8_t{5});
    auto json = decoder->decode(b.data);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(),
              R"({"header":{"seq":3,"stamp":{"sec":10,"nanosec":20},"frame_id":"odom"},"b":-1,"values":[-1,5]})");
    // A ROS 1 definition is used as it is, never replaced by ROS 2's Header.
    EXPECT_EQ(DynamicDecoder::create("acme/Thing", "Header header\n", "ros1msg").message(),
              "schema for acme/Thing: no definition of std_msgs/Header in the schema and none built in");
}

}  // namespace
}  // namespace robometrics::msgs
