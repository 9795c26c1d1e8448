// The steps that decode a type of fixed shape (msgs/ColumnSteps.hpp) against the schema walk they
// replace: for every payload, whole, cut at every length, with bytes left over, in either byte
// order, CDR and ROS 1, the same rows, values, texts and errors as a decoder that walks every
// payload.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "robometrics/msgs/CdrWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::msgs {
namespace {

struct Decoders {
    ColumnDecoder steps;
    ColumnDecoder walk;
};

Decoders decodersFor(const std::string &type, const std::string &schema, const std::vector<std::string> &fields,
                     const std::string &encoding = "ros2msg") {
    auto dynamic = DynamicDecoder::create(type, schema, encoding);
    EXPECT_TRUE(dynamic.ok()) << dynamic.message();
    auto steps = ColumnDecoder::create(*dynamic, fields);
    auto walk = ColumnDecoder::create(*dynamic, fields, true);
    EXPECT_TRUE(steps.ok() && walk.ok());
    return Decoders{std::move(*steps), std::move(*walk)};
}

/// Appends `payload` to both; the same outcome, the same error.
void appendToBoth(Decoders &d, const std::vector<std::uint8_t> &payload, const std::string &what) {
    const Status by_steps = d.steps.append(payload);
    const Status by_walk = d.walk.append(payload);
    ASSERT_EQ(by_steps.ok(), by_walk.ok()) << what;
    if (!by_walk.ok()) {
        EXPECT_EQ(by_steps.message(), by_walk.message()) << what;
    }
}

/// The rows of both decoders, column by column, byte for byte.
void expectSameColumns(Decoders &d) {
    ASSERT_EQ(d.steps.rows(), d.walk.rows());
    const std::vector<Column> steps = d.steps.take();
    const std::vector<Column> walk = d.walk.take();
    ASSERT_EQ(steps.size(), walk.size());
    for (std::size_t c = 0; c < steps.size(); ++c) {
        EXPECT_EQ(steps[c].path, walk[c].path);
        const auto a = steps[c].values();
        const auto b = walk[c].values();
        EXPECT_EQ(std::vector<std::uint8_t>(a.begin(), a.end()), std::vector<std::uint8_t>(b.begin(), b.end()))
            << steps[c].path;
        EXPECT_EQ(steps[c].texts, walk[c].texts) << steps[c].path;
        EXPECT_EQ(steps[c].text_rows, walk[c].text_rows) << steps[c].path;
    }
}

/// `payload` whole, cut at every length, and with 1 to 5 bytes more (CDR allows 3 of padding).
void appendEveryCut(Decoders &d, const std::vector<std::uint8_t> &payload) {
    for (std::size_t size = 0; size <= payload.size(); ++size) {
        appendToBoth(d, std::vector<std::uint8_t>(payload.begin(), payload.begin() + static_cast<long>(size)),
                     "cut at " + std::to_string(size));
    }
    for (std::size_t more = 1; more <= 5; ++more) {
        std::vector<std::uint8_t> longer = payload;
        longer.resize(payload.size() + more, 0);
        appendToBoth(d, longer, std::to_string(more) + " bytes more");
    }
}

Odometry odometry(double x, std::int32_t sec, std::uint32_t nanosec, const std::string &frame) {
    Odometry odom;
    odom.header.stamp = Time{sec, nanosec};
    odom.header.frame_id = frame;
    odom.child_frame_id = "base_link";
    odom.pose.pose.position.x = x;
    odom.pose.pose.orientation.w = 1.0;
    for (std::size_t i = 0; i < 36; ++i) odom.pose.covariance[i] = 0.5 * static_cast<double>(i) - x;
    odom.twist.twist.angular.z = -x;
    odom.twist.covariance[35] = 7.0;
    return odom;
}

TEST(ColumnStepsTest, OdometryWholeCutAndPaddedAsTheWalkDecodesIt) {
    for (const std::vector<std::string> &fields :
         {std::vector<std::string>{}, std::vector<std::string>{"header.stamp", "pose.pose.position", "twist.covariance.35"},
          std::vector<std::string>{"child_frame_id"}}) {
        Decoders d = decodersFor("nav_msgs/msg/Odometry", "", fields);
        appendEveryCut(d, encodeCdr(odometry(1.5, 12, 345, "odom")));
        appendToBoth(d, encodeCdr(odometry(-3.0, -1, 999'999'999, "")), "empty frame id");
        appendToBoth(d, encodeCdr(odometry(2.0, 7, 8, std::string(300, 'f'))), "long frame id");
        expectSameColumns(d);
    }
}

TEST(ColumnStepsTest, BigEndianPayloadsAsTheWalkDecodesThem) {
    Decoders d = decodersFor("p/msg/T", "int16 a\nfloat64 b\nuint8 c\nfloat32[3] d\nbuiltin_interfaces/Time t\n", {});
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Big);
    w.write(std::int16_t{-300});
    w.write(0.125);
    w.write(std::uint8_t{200});
    for (float f : {1.5F, -2.5F, 3.25F}) w.write(f);
    w.write(std::int32_t{5});
    w.write(std::uint32_t{6});
    w.finish();
    appendEveryCut(d, bytes);
    expectSameColumns(d);
}

// Bools (any non-zero byte is true), strings, fixed-size arrays of bools, strings, messages,
// times and empty messages, durations, and values of every size one after another.
TEST(ColumnStepsTest, FixedShapesOfEveryKindAsTheWalkDecodesThem) {
    const std::string separator = "\n" + std::string(80, '=') + "\n";
    const std::string schema = "bool flag\nbool[2] flags\nstring[2] names\nInner[2] inners\nint16 n\n"
                               "builtin_interfaces/Time[2] times\nbuiltin_interfaces/Duration d\nEmpty e\n"
                               "Empty[2] es\nuint8 u8\nint32 i32\nfloat32 f32\nuint64 u64\nint8[3] i8s\nstring s" +
                               separator + "MSG: p/Inner\nint8 a\nfloat64 b" + separator + "MSG: p/Empty\n";
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    for (std::uint8_t flag : {7, 0, 1}) w.write(flag);  // 7: true, though not 1
    for (const char *name : {"x", ""}) w.writeString(name);
    for (const auto &[a, b] : {std::pair<std::int8_t, double>{-3, 0.25}, {4, -8.0}}) {
        w.write(a);
        w.write(b);
    }
    w.write(std::int16_t{-300});
    for (std::int32_t t : {1, 2, 3, 4}) w.write(t);
    w.write(std::int32_t{-5});
    w.write(std::uint32_t{6});
    w.writeEmptyStruct();
    w.writeEmptyStruct();
    w.writeEmptyStruct();
    w.write(std::uint8_t{9});
    w.write(std::int32_t{-10});
    w.write(11.5F);
    w.write(std::uint64_t{12});
    for (std::int8_t v : {-1, 0, 1}) w.write(v);
    w.writeString("last");
    w.finish();
    for (const std::vector<std::string> &fields :
         {std::vector<std::string>{}, std::vector<std::string>{"flags", "inners.1", "times.0", "s"}}) {
        Decoders d = decodersFor("p/msg/T", schema, fields);
        appendEveryCut(d, bytes);
        expectSameColumns(d);
    }
}

// ROS 1: no alignment, no padding, strings without a NUL, a message without fields is no byte
// (while its least wire size says 1: the walk's check of a fixed array's count decides).
TEST(ColumnStepsTest, Ros1PayloadsAsTheWalkDecodesThem) {
    const std::string separator = "\n" + std::string(80, '=') + "\n";
    const std::string types = separator + "MSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id" + separator +
                              "MSG: p/E\n";
    std::vector<std::uint8_t> bytes;
    auto put = [&](const void *p, std::size_t n) {
        const auto *b = static_cast<const std::uint8_t *>(p);
        bytes.insert(bytes.end(), b, b + n);
    };
    const std::uint32_t seq = 4, sec = 5, nsec = 6, frame_size = 3, s_size = 2;
    const std::uint8_t a = 1;
    const double b = -0.5;
    const std::int16_t c = 77;
    put(&seq, 4);
    put(&sec, 4);
    put(&nsec, 4);
    put(&frame_size, 4);
    put("map", 3);
    put(&a, 1);
    put(&b, 8);
    put(&s_size, 4);
    put("hi", 2);
    put(&c, 2);
    // The three empty messages first: read whole. Last: 3 elements of at least 1 byte do not fit
    // in the 2 bytes left, an error of the walk's though the steps would read every field.
    for (const char *fields : {"Header header\nE[3] es\nuint8 a\nfloat64 b\nstring s\nint16 c",
                                      "Header header\nuint8 a\nfloat64 b\nstring s\nE[3] es\nint16 c"}) {
        Decoders d = decodersFor("p/T", std::string(fields) + types, {}, "ros1msg");
        appendEveryCut(d, bytes);
        expectSameColumns(d);
    }
}

}  // namespace
}  // namespace robometrics::msgs
