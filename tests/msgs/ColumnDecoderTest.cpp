// Decoding into columns (what Bag.to_dataframe() returns): the column paths of a schema, values
// written by hand and read back from the columns, field selection, rows of arrays, JSON columns,
// and a message that fails adding no row.

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "robometrics/msgs/CdrWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::msgs {
namespace {

std::vector<std::string> pathsOf(const std::vector<Column> &columns) {
    std::vector<std::string> paths;
    for (const Column &c : columns) paths.push_back(c.path);
    return paths;
}

const Column &columnNamed(const std::vector<Column> &columns, const std::string &path) {
    for (const Column &c : columns) {
        if (c.path == path) return c;
    }
    throw std::runtime_error("no column " + path);
}

template <class T>
T valueAt(const Column &column, std::size_t row) {
    T value{};
    EXPECT_LE((row + 1) * sizeof(T), column.values().size()) << column.path;
    std::memcpy(&value, column.values().data() + row * sizeof(T), sizeof(T));
    return value;
}

ColumnDecoder decoderFor(const std::string &type, const std::string &schema, const std::vector<std::string> &fields) {
    auto dynamic = DynamicDecoder::create(type, schema);
    EXPECT_TRUE(dynamic.ok()) << dynamic.message();
    auto columns = ColumnDecoder::create(*dynamic, fields);
    EXPECT_TRUE(columns.ok()) << columns.message();
    return std::move(*columns);
}

Odometry odometry(double x, std::int32_t sec, std::uint32_t nanosec) {
    Odometry odom;
    odom.header.stamp = Time{sec, nanosec};
    odom.header.frame_id = "odom";
    odom.child_frame_id = "base_link";
    odom.pose.pose.position.x = x;
    odom.pose.pose.position.y = -2.0;
    odom.pose.pose.orientation.w = 1.0;
    odom.pose.covariance[7] = 0.25;
    odom.twist.twist.linear.x = 0.5;
    return odom;
}

TEST(ColumnDecoderTest, OdometryColumnsInMsgOrderWithTimesAsNanoseconds) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {});
    const std::vector<std::string> paths = pathsOf(decoder.columns());
    // header.stamp, header.frame_id, child_frame_id, 7 pose values, 36 covariances, 6 twist values, 36 covariances
    ASSERT_EQ(paths.size(), 3u + 7 + 36 + 6 + 36);
    EXPECT_EQ(paths[0], "header.stamp");
    EXPECT_EQ(paths[1], "header.frame_id");
    EXPECT_EQ(paths[2], "child_frame_id");
    EXPECT_EQ(paths[3], "pose.pose.position.x");
    EXPECT_EQ(paths[9], "pose.pose.orientation.w");
    EXPECT_EQ(paths[10], "pose.covariance.0");
    EXPECT_EQ(paths[45], "pose.covariance.35");
    EXPECT_EQ(paths[46], "twist.twist.linear.x");
    EXPECT_EQ(paths.back(), "twist.covariance.35");

    ASSERT_TRUE(decoder.append(encodeCdr(odometry(1.5, 12, 345))).ok());
    ASSERT_TRUE(decoder.append(encodeCdr(odometry(-3.0, -1, 999'999'999))).ok());
    EXPECT_EQ(decoder.rows(), 2u);
    const std::vector<Column> columns = decoder.take();
    const Column &stamp = columnNamed(columns, "header.stamp");
    EXPECT_EQ(stamp.kind, ColumnKind::Time);
    EXPECT_EQ(valueAt<std::int64_t>(stamp, 0), 12'000'000'345);
    EXPECT_EQ(valueAt<std::int64_t>(stamp, 1), -1);  // -1 s + 999 999 999 ns
    EXPECT_EQ(columnNamed(columns, "header.frame_id").rowTexts(), (std::vector<std::string>{"odom", "odom"}));
    EXPECT_EQ(columnNamed(columns, "header.frame_id").texts, (std::vector<std::string>{"odom"}));  // one run
    EXPECT_EQ(columnNamed(columns, "header.frame_id").text_rows, (std::vector<std::uint64_t>{2}));
    const Column &x = columnNamed(columns, "pose.pose.position.x");
    EXPECT_EQ(x.kind, ColumnKind::Number);
    EXPECT_EQ(x.primitive, MsgPrimitive::Float64);
    EXPECT_EQ(valueAt<double>(x, 0), 1.5);
    EXPECT_EQ(valueAt<double>(x, 1), -3.0);
    EXPECT_EQ(valueAt<double>(columnNamed(columns, "pose.pose.position.y"), 1), -2.0);
    EXPECT_EQ(valueAt<double>(columnNamed(columns, "pose.covariance.7"), 0), 0.25);
    EXPECT_EQ(valueAt<double>(columnNamed(columns, "pose.covariance.6"), 0), 0.0);
    EXPECT_EQ(valueAt<double>(columnNamed(columns, "twist.twist.linear.x"), 1), 0.5);
    EXPECT_TRUE(decoder.columns()[0].values().empty());  // take() leaves empty columns
}

TEST(ColumnDecoderTest, FieldsSelectAPathAndEverythingBelowIt) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {"pose.pose.position", "header.stamp"});
    EXPECT_EQ(pathsOf(decoder.columns()), (std::vector<std::string>{"header.stamp", "pose.pose.position.x",
                                                                    "pose.pose.position.y", "pose.pose.position.z"}));
    ASSERT_TRUE(decoder.append(encodeCdr(odometry(4.0, 1, 2))).ok());
    const std::vector<Column> columns = decoder.take();
    EXPECT_EQ(valueAt<std::int64_t>(columns[0], 0), 1'000'000'002);
    EXPECT_EQ(valueAt<double>(columns[1], 0), 4.0);
    EXPECT_EQ(valueAt<double>(columns[2], 0), -2.0);
    EXPECT_EQ(columns[1].values().size(), sizeof(double));

    // "pose.pose.pos" is not a path: a prefix selects only at a '.'.
    auto dynamic = DynamicDecoder::create("nav_msgs/msg/Odometry", "");
    ASSERT_TRUE(dynamic.ok());
    auto wrong = ColumnDecoder::create(*dynamic, {"pose.pose.pos"});
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.message(),
              "no field 'pose.pose.pos' in nav_msgs/Odometry (its fields: header, child_frame_id, pose, twist)");
}

TEST(ColumnDecoderTest, VariableSizeNumericArraysAreOneRunWithRowEnds) {
    ColumnDecoder decoder = decoderFor("sensor_msgs/msg/LaserScan", "", {"ranges", "intensities", "range_max"});
    LaserScan scan;
    scan.range_max = 30.0F;
    scan.ranges = {1.0F, 2.0F, 3.0F};
    ASSERT_TRUE(decoder.append(encodeCdr(scan)).ok());
    scan.ranges = {};
    ASSERT_TRUE(decoder.append(encodeCdr(scan)).ok());
    scan.ranges = {4.5F, 5.5F};
    ASSERT_TRUE(decoder.append(encodeCdr(scan)).ok());
    const std::vector<Column> columns = decoder.take();
    ASSERT_EQ(pathsOf(columns), (std::vector<std::string>{"range_max", "ranges", "intensities"}));
    const Column &ranges = columns[1];
    EXPECT_EQ(ranges.kind, ColumnKind::NumberList);
    EXPECT_EQ(ranges.primitive, MsgPrimitive::Float32);
    EXPECT_EQ(ranges.ends, (std::vector<std::uint64_t>{3, 3, 5}));
    ASSERT_EQ(ranges.bytes.size(), 5 * sizeof(float));
    EXPECT_EQ(valueAt<float>(ranges, 0), 1.0F);
    EXPECT_EQ(valueAt<float>(ranges, 4), 5.5F);
    EXPECT_EQ(columns[2].ends, (std::vector<std::uint64_t>{0, 0, 0}));
    EXPECT_EQ(valueAt<float>(columns[0], 2), 30.0F);
}

TEST(ColumnDecoderTest, ArraysOfMessagesAreJsonAsEchoWritesThem) {
    ColumnDecoder decoder = decoderFor("tf2_msgs/msg/TFMessage", "", {});
    ASSERT_EQ(pathsOf(decoder.columns()), (std::vector<std::string>{"transforms"}));
    TFMessage tf;
    TransformStamped t;
    t.header.stamp = Time{3, 4};
    t.header.frame_id = "map";
    t.child_frame_id = "odom";
    t.transform.translation.x = 1.25;
    t.transform.rotation.w = 1.0;
    tf.transforms = {t};
    ASSERT_TRUE(decoder.append(encodeCdr(tf)).ok());
    tf.transforms = {};
    ASSERT_TRUE(decoder.append(encodeCdr(tf)).ok());
    const Column &column = decoder.columns()[0];
    EXPECT_EQ(column.kind, ColumnKind::Json);
    ASSERT_EQ(column.texts.size(), 2u);
    EXPECT_EQ(
        column.texts[0],
        R"([{"header":{"stamp":{"sec":3,"nanosec":4},"frame_id":"map"},"child_frame_id":"odom",)"
        R"("transform":{"translation":{"x":1.25,"y":0.0,"z":0.0},"rotation":{"x":0.0,"y":0.0,"z":0.0,"w":1.0}}}])");
    EXPECT_EQ(column.texts[1], "[]");
}

TEST(ColumnDecoderTest, FixedArraysOfBoolsStringsAndMessagesAreAColumnPerElement) {
    const std::string schema = "bool[2] flags\nstring[2] names\nInner[2] inners\nint16 n\n" + std::string(80, '=') +
                               "\nMSG: p/Inner\nint8 a\nfloat64 b\n";
    ColumnDecoder decoder = decoderFor("p/msg/T", schema, {});
    EXPECT_EQ(pathsOf(decoder.columns()),
              (std::vector<std::string>{"flags.0", "flags.1", "names.0", "names.1", "inners.0.a", "inners.0.b",
                                        "inners.1.a", "inners.1.b", "n"}));
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    w.write(std::uint8_t{1});
    w.write(std::uint8_t{0});
    w.writeString("x");
    w.writeString("yz");
    w.write(std::int8_t{-3});
    w.write(0.25);
    w.write(std::int8_t{4});
    w.write(-8.0);
    w.write(std::int16_t{-300});
    w.finish();
    ASSERT_TRUE(decoder.append(bytes).ok());
    const std::vector<Column> columns = decoder.take();
    EXPECT_EQ(columns[0].kind, ColumnKind::Bool);
    EXPECT_EQ(valueAt<std::uint8_t>(columns[0], 0), 1);
    EXPECT_EQ(valueAt<std::uint8_t>(columns[1], 0), 0);
    EXPECT_EQ(columns[3].texts, (std::vector<std::string>{"yz"}));
    EXPECT_EQ(valueAt<std::int8_t>(columns[4], 0), -3);
    EXPECT_EQ(valueAt<double>(columns[5], 0), 0.25);
    EXPECT_EQ(valueAt<std::int8_t>(columns[6], 0), 4);
    EXPECT_EQ(valueAt<double>(columns[7], 0), -8.0);
    EXPECT_EQ(valueAt<std::int16_t>(columns[8], 0), -300);
    EXPECT_EQ(columnValueSize(columns[8]), 2u);
}

TEST(ColumnDecoderTest, AMessageThatFailsAddsNoRow) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {});
    ASSERT_TRUE(decoder.append(encodeCdr(odometry(1.0, 1, 0))).ok());
    std::vector<std::uint8_t> cut = encodeCdr(odometry(2.0, 2, 0));
    cut.resize(cut.size() / 2);
    EXPECT_FALSE(decoder.append(cut).ok());
    EXPECT_EQ(decoder.rows(), 1u);
    for (const Column &c : decoder.take()) {
        const std::size_t rows = c.kind == ColumnKind::String ? c.rowTexts().size() : c.values().size() / columnValueSize(c);
        EXPECT_EQ(rows, 1u) << c.path;
    }
}

// Equal texts in a row are one run, across the parts decoded apart too; a failed message and a
// truncation take rows off the last run.
TEST(ColumnDecoderTest, RepeatedTextsAreRunsAcrossParts) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {"header.frame_id"});
    ASSERT_TRUE(decoder.ensureRows(7).ok());
    const std::vector<std::vector<std::string>> parts = {{"a", "a"}, {"a", "b"}, {"b"}, {"c", "a"}};
    std::size_t row = 0;
    for (const std::vector<std::string> &frames : parts) {
        ColumnDecoder::Part part = decoder.part();
        for (const std::string &frame : frames) {
            Odometry odom = odometry(0, 1, 2);
            odom.header.frame_id = frame;
            ASSERT_TRUE(decoder.decodeAt(encodeCdr(odom), row++, part).ok());
        }
        decoder.addPart(std::move(part));
    }
    std::vector<std::uint8_t> cut = encodeCdr(odometry(0, 1, 2));  // frame id "odom", then too short
    cut.resize(cut.size() - 8);
    EXPECT_FALSE(decoder.append(cut).ok());
    const std::vector<Column> columns = decoder.take();
    EXPECT_EQ(columns[0].texts, (std::vector<std::string>{"a", "b", "c", "a"}));
    EXPECT_EQ(columns[0].text_rows, (std::vector<std::uint64_t>{3, 2, 1, 1}));
    EXPECT_EQ(columns[0].rowTexts(), (std::vector<std::string>{"a", "a", "a", "b", "b", "c", "a"}));
    Column copy = columns[0];
    copy.keepTextRows(4);
    EXPECT_EQ(copy.rowTexts(), (std::vector<std::string>{"a", "a", "a", "b"}));
    copy.keepTextRows(0);
    EXPECT_TRUE(copy.texts.empty() && copy.text_rows.empty());
}

// The one-value-per-row columns grow by doubling past what reserve() set aside (the buffer moves,
// the rows with it), after a failed message in between, each row at its place; take() gives
// exactly the rows.
TEST(ColumnDecoderTest, ColumnsGrowInBlocksAndTakeGivesExactlyTheRows) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {"header.stamp", "pose.pose.position.x"});
    decoder.reserve(3);  // fewer than the rows to come
    constexpr int kRows = 1000;
    for (int i = 0; i < kRows; ++i) {
        ASSERT_TRUE(decoder.append(encodeCdr(odometry(0.5 * i, 100 + i, 7))).ok());
        if (i == 500) {
            std::vector<std::uint8_t> cut = encodeCdr(odometry(-1.0, 0, 0));
            cut.resize(cut.size() / 2);
            ASSERT_FALSE(decoder.append(cut).ok());
        }
    }
    ASSERT_EQ(decoder.rows(), static_cast<std::size_t>(kRows));
    std::vector<Column> columns = decoder.take();
    const Column &stamp = columnNamed(columns, "header.stamp");
    const Column &x = columnNamed(columns, "pose.pose.position.x");
    ASSERT_EQ(stamp.values().size(), kRows * sizeof(std::int64_t));
    ASSERT_EQ(x.values().size(), kRows * sizeof(double));
    EXPECT_EQ(stamp.storage, x.storage);  // slices of one buffer
    for (int i : {0, 1, 2, 3, 499, 500, 501, 999}) {
        EXPECT_EQ(valueAt<std::int64_t>(stamp, i), (100 + i) * 1'000'000'000LL + 7) << i;
        EXPECT_EQ(valueAt<double>(x, i), 0.5 * i) << i;
    }
}

// A count that was too high (a damaged bag read up to its damage) leaves exactly the rows read; no
// row at all leaves empty columns.
TEST(ColumnDecoderTest, AReservationLargerThanTheRowsGivesTheRowsRead) {
    ColumnDecoder decoder = decoderFor("nav_msgs/msg/Odometry", "", {"header.stamp", "pose.pose.position.x"});
    decoder.reserve(100000);
    ASSERT_TRUE(decoder.append(encodeCdr(odometry(1.5, 3, 4))).ok());
    ASSERT_TRUE(decoder.append(encodeCdr(odometry(2.5, 5, 6))).ok());
    std::vector<Column> columns = decoder.take();
    ASSERT_EQ(columnNamed(columns, "pose.pose.position.x").values().size(), 2 * sizeof(double));
    EXPECT_EQ(valueAt<double>(columnNamed(columns, "pose.pose.position.x"), 1), 2.5);
    EXPECT_EQ(valueAt<std::int64_t>(columnNamed(columns, "header.stamp"), 1), 5'000'000'006LL);

    decoder.reserve(10);
    for (const Column &c : decoder.take()) EXPECT_TRUE(c.values().empty()) << c.path;
    for (const Column &c : decoder.take()) EXPECT_TRUE(c.values().empty()) << c.path;  // nothing reserved
}

}  // namespace
}  // namespace robometrics::msgs
