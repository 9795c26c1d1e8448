// Typed CDR codec: golden bytes from the reference notes, big-endian payloads, round trips of
// every message type, truncation and absurd counts.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/CodecVisitors.hpp"
#include "robometrics/msgs/MessageFields.hpp"

namespace robometrics::msgs {
namespace {

std::vector<std::uint8_t> fromHex(const std::string &hex) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

// bag-formats.md §4.6: byte-identical between Fast-CDR and @foxglove/rosmsg2-serialization.
const char *kGoldenLaserScan =
    "0001000000f1536515cd5b07060000006c617365720000000000c0bf0000c03f0000003f"
    "6f12833acdcccc3dcdcccc3d0000f041030000000000803f000000400000604000000000";

LaserScan goldenScan() {
    LaserScan scan;
    scan.header.stamp = Time{1700000000, 123456789};
    scan.header.frame_id = "laser";
    scan.angle_min = -1.5F;
    scan.angle_max = 1.5F;
    scan.angle_increment = 0.5F;
    scan.time_increment = 0.001F;
    scan.scan_time = 0.1F;
    scan.range_min = 0.1F;
    scan.range_max = 30.0F;
    scan.ranges = {1.0F, 2.0F, 3.5F};
    return scan;
}

TEST(CodecTest, DecodesGoldenLaserScan) {
    auto bytes = fromHex(kGoldenLaserScan);
    ASSERT_EQ(bytes.size(), 72U);
    auto scan = decodeCdr<LaserScan>(bytes);
    ASSERT_TRUE(scan.ok()) << scan.message();
    EXPECT_EQ(scan->header.stamp.sec, 1700000000);
    EXPECT_EQ(scan->header.stamp.nanosec, 123456789U);
    EXPECT_EQ(scan->header.frame_id, "laser");
    EXPECT_FLOAT_EQ(scan->angle_min, -1.5F);
    EXPECT_FLOAT_EQ(scan->range_max, 30.0F);
    EXPECT_EQ(scan->ranges, (std::vector<float>{1.0F, 2.0F, 3.5F}));
    EXPECT_TRUE(scan->intensities.empty());
    EXPECT_EQ(*scan, goldenScan());
}

TEST(CodecTest, EncodesGoldenLaserScanByteForByte) { EXPECT_EQ(encodeCdr(goldenScan()), fromHex(kGoldenLaserScan)); }

TEST(CodecTest, LaserScanLayoutMatchesWorkedExample) {
    // bag-formats.md §4.6, /laser_scan of the rerun sample: 104 bytes, counts at origin 52 and 76.
    LaserScan scan;
    scan.header.stamp = Time{1757502238, 482648699};
    scan.header.frame_id = "base_link";
    scan.angle_min = -3.14159F;
    scan.angle_max = 3.14159F;
    scan.angle_increment = 0.01F;
    scan.scan_time = 0.1F;
    scan.range_min = 0.1F;
    scan.range_max = 10.0F;
    scan.ranges = {1, 2, 3, 4, 5};
    scan.intensities = {100, 200, 150, 50, 250};
    auto bytes = encodeCdr(scan);
    ASSERT_EQ(bytes.size(), 104U);
    EXPECT_EQ(std::vector<std::uint8_t>(bytes.begin() + 4, bytes.begin() + 8), fromHex("1e5bc168"));
    EXPECT_EQ(std::vector<std::uint8_t>(bytes.begin() + 28, bytes.begin() + 32), fromHex("d00f49c0"));
    EXPECT_EQ(bytes[4 + 52], 5);
    EXPECT_EQ(bytes[4 + 76], 5);
    EXPECT_EQ(std::vector<std::uint8_t>(bytes.begin() + 36, bytes.begin() + 40), fromHex("0ad7233c"));
}

TEST(CodecTest, OdometryLayoutMatchesWorkedExample) {
    // bag-formats.md §4.4/4.6: frames odom/base_link give 724 bytes, pose.position.x at origin 40.
    Odometry odom;
    odom.header.frame_id = "odom";
    odom.child_frame_id = "base_link";
    odom.pose.pose.position.x = -2.8019;
    auto bytes = encodeCdr(odom);
    ASSERT_EQ(bytes.size(), 724U);
    double x = 0;
    std::memcpy(&x, bytes.data() + 4 + 40, 8);
    EXPECT_EQ(x, -2.8019);
    auto back = decodeCdr<Odometry>(bytes);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, odom);
}

TEST(CodecTest, DecodesHandBuiltBigEndianPayload) {
    // PoseStamped in CDR_BE: stamp 2.3, frame "m", 2 pad bytes, the pose at origin 16.
    const std::string hex = std::string("00000000") + "00000002" + "00000003" + "00000002" + "6d000000" +
                            "3ff0000000000000" + "4000000000000000" + "c008000000000000" + "0000000000000000" +
                            "0000000000000000" + "0000000000000000" + "3ff0000000000000";
    const auto bytes = fromHex(hex);
    ASSERT_EQ(bytes.size(), 76U);
    auto pose = decodeCdr<PoseStamped>(bytes);
    ASSERT_TRUE(pose.ok()) << pose.message();
    EXPECT_EQ(pose->header.stamp.sec, 2);
    EXPECT_EQ(pose->header.stamp.nanosec, 3U);
    EXPECT_EQ(pose->header.frame_id, "m");
    EXPECT_EQ(pose->pose.position.x, 1.0);
    EXPECT_EQ(pose->pose.position.y, 2.0);
    EXPECT_EQ(pose->pose.position.z, -3.0);
    EXPECT_EQ(pose->pose.orientation.x, 0.0);
    EXPECT_EQ(pose->pose.orientation.w, 1.0);

    std::vector<std::uint8_t> again;
    encodeCdr(*pose, again, CdrByteOrder::Big);
    EXPECT_EQ(again, bytes);
}

TEST(CodecTest, BigEndianSequenceOfFloatsIsSwapped) {
    // Float32MultiArray BE: no dims, data_offset 0, data [1.5, -2].
    const auto bytes = fromHex(
        "00000000"
        "00000000"
        "00000000"
        "00000002"
        "3fc00000"
        "c0000000");
    auto array = decodeCdr<Float32MultiArray>(bytes);
    ASSERT_TRUE(array.ok()) << array.message();
    EXPECT_EQ(array->data, (std::vector<float>{1.5F, -2.0F}));
}

TEST(CodecTest, EmptyIsOneDummyBytePaddedToFour) {
    EXPECT_EQ(encodeCdr(Empty{}), fromHex("0001000000000000"));
    EXPECT_TRUE(decodeCdr<Empty>(fromHex("0001000000")).ok());  // rosbags writes no padding
    auto empty = decodeCdr<Empty>(fromHex("00010000"));
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.message(), "Empty: need 1 bytes at offset 4, payload has 4");
}

TEST(CodecTest, StatisticDataPointAlignsDataToEight) {
    MetricsMessage metrics;
    metrics.measurement_source_name = "a";  // len 2: origin 0..5
    metrics.metrics_source = "b";           // origin 8..13
    metrics.unit = "";                      // origin 16..20
    metrics.window_start = Time{1, 2};      // origin 24
    metrics.window_stop = Time{3, 4};       // origin 32
    metrics.statistics = {{StatisticDataPoint::AVERAGE, 0.5}, {StatisticDataPoint::MAXIMUM, 2.0}};
    auto bytes = encodeCdr(metrics);
    // count @40, data_type @44, data @48, data_type @56, data @64, end 72 -> 76 bytes
    ASSERT_EQ(bytes.size(), 76U);
    EXPECT_EQ(bytes[4 + 40], 2);
    EXPECT_EQ(bytes[4 + 44], 1);
    EXPECT_EQ(bytes[4 + 56], 3);
    double first = 0;
    std::memcpy(&first, bytes.data() + 4 + 48, 8);
    EXPECT_EQ(first, 0.5);
    auto back = decodeCdr<MetricsMessage>(bytes);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, metrics);
}

/// A 2x1 rgb8 image: one red and one green pixel.
Image tinyImage() {
    Image image;
    image.header.stamp = Time{1, 2};
    image.header.frame_id = "cam";
    image.height = 1;
    image.width = 2;
    image.encoding = "rgb8";
    image.step = 6;
    image.data = {0xff, 0, 0, 0, 0xff, 0};
    return image;
}

TEST(CodecTest, TinyImageBytesByHand) {
    // stamp @0, frame_id @8 (len 4 with the NUL) .. 16, height @16, width @20, encoding @24
    // (len 5) .. 33, is_bigendian @33, 2 pad bytes, step @36, data count @40, data @44 .. 50,
    // then 2 bytes padding the whole to a multiple of 4.
    const auto expected = fromHex(
        "00010000"
        "01000000"
        "02000000"
        "0400000063616d00"
        "01000000"
        "02000000"
        "050000007267623800"
        "00"
        "0000"
        "06000000"
        "06000000"
        "ff000000ff00"
        "0000");
    ASSERT_EQ(expected.size(), 56U);
    EXPECT_EQ(encodeCdr(tinyImage()), expected);
    auto back = decodeCdr<Image>(expected);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, tinyImage());
    Image bigendian = tinyImage();
    bigendian.is_bigendian = 1;
    EXPECT_EQ(encodeCdr(bigendian)[4 + 33], 1);
}

TEST(CodecTest, CompressedImageBytesByHand) {
    CompressedImage image;
    image.header.stamp = Time{1, 2};
    image.header.frame_id = "cam";
    image.format = "png";
    image.data = {0x89, 'P', 'N'};
    // header .. 16, format @16 (len 4) .. 24, data count @24, data @28 .. 31, 1 padding byte.
    const auto expected = fromHex(
        "00010000"
        "01000000"
        "02000000"
        "0400000063616d00"
        "04000000706e6700"
        "03000000"
        "89504e"
        "00");
    ASSERT_EQ(expected.size(), 36U);
    EXPECT_EQ(encodeCdr(image), expected);
    auto back = decodeCdr<CompressedImage>(expected);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, image);
    // A cut inside the data names the field.
    EXPECT_EQ(decodeCdr<CompressedImage>(std::span(expected.data(), 33)).message(),
              "CompressedImage.data: need 3 bytes at offset 32, payload has 33");
}

TEST(CodecTest, ShortPayloadNamesFieldAndOffset) {
    auto bytes = fromHex(kGoldenLaserScan);
    bytes.resize(60);  // the count (3) at payload offset 52 is readable, the floats at 56 are not
    auto scan = decodeCdr<LaserScan>(bytes);
    ASSERT_FALSE(scan.ok());
    EXPECT_EQ(scan.message(), "LaserScan.ranges: need 12 bytes at offset 56, payload has 60");
}

TEST(CodecTest, AbsurdCountIsRejectedBeforeAllocating) {
    TFMessage tf;
    tf.transforms.resize(1);
    auto bytes = encodeCdr(tf);
    bytes[4] = 0xff;
    bytes[5] = 0xff;
    bytes[6] = 0xff;
    bytes[7] = 0x7f;
    TFMessage out;
    Status status = decodeCdr(bytes, out);
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.message().find(
                  "TFMessage.transforms: count 2147483647 of elements of at least 72 bytes at offset 8 exceeds"),
              std::string::npos)
        << status.message();
    EXPECT_LT(out.transforms.capacity(), 2U);
}

TEST(CodecTest, ErrorPathNamesSequenceElement) {
    TFMessage tf;
    tf.transforms.resize(2);
    tf.transforms[1].child_frame_id = "base";
    auto bytes = encodeCdr(tf);
    bytes.resize(bytes.size() - 20);  // cuts into the second element
    auto out = decodeCdr<TFMessage>(bytes);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.message().rfind("TFMessage.transforms[1].", 0), 0U) << out.message();
}

TEST(CodecTest, TruncationAtEveryLengthIsAnError) {
    const auto bytes = fromHex(kGoldenLaserScan);
    LaserScan scan;
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        Status status = decodeCdr(std::span(bytes.data(), n), scan);
        EXPECT_FALSE(status.ok()) << "length " << n;
    }
}

TEST(CodecTest, TrailingPaddingIsToleratedButNotMore) {
    auto bytes = fromHex(kGoldenLaserScan);
    bytes.insert(bytes.end(), {0, 0, 0});
    EXPECT_TRUE(decodeCdr<LaserScan>(bytes).ok());
    bytes.push_back(0);
    auto scan = decodeCdr<LaserScan>(bytes);
    ASSERT_FALSE(scan.ok());
    EXPECT_EQ(scan.message(),
              "LaserScan: 4 unexpected bytes after the last field at offset 72 (payload has 76; at most 3 bytes "
              "of padding are allowed)");
}

TEST(CodecTest, RejectsXcdr2AndUnknownHeaders) {
    auto bytes = fromHex(kGoldenLaserScan);
    bytes[1] = 0x07;
    auto scan = decodeCdr<LaserScan>(bytes);
    ASSERT_FALSE(scan.ok());
    EXPECT_EQ(scan.message(),
              "LaserScan: encapsulation header 00 07 at offset 0: XCDR2 is not supported, only XCDR1 (00 00 / 00 01)");
    bytes[1] = 0x03;
    EXPECT_FALSE(decodeCdr<LaserScan>(bytes).ok());
    EXPECT_FALSE(decodeCdr<LaserScan>(std::span(bytes.data(), 3)).ok());
}

TEST(CodecTest, DecodeReusesOutputCapacity) {
    const auto bytes = fromHex(kGoldenLaserScan);
    LaserScan scan;
    scan.ranges.reserve(100);
    const float *before = scan.ranges.data();
    ASSERT_TRUE(decodeCdr(bytes, scan).ok());
    EXPECT_EQ(scan.ranges.data(), before);
    EXPECT_EQ(scan.ranges.size(), 3U);
}

// A string is compared before it is copied (the same frame id comes in every message): one buffer
// decoded again and again still ends with each message's own strings, however long.
TEST(CodecTest, StringsDecodedIntoAReusedBufferAreEachMessagesOwn) {
    Odometry odom;
    for (const auto &[frame, child] : {std::pair{"odom", "base_link"}, {"odom", "base_link"}, {"odon", "base_link"},
                                       {"", "base_link2"}, {"map", ""}, {"odom", "base_link"}}) {
        Odometry sent;
        sent.header.frame_id = frame;
        sent.child_frame_id = child;
        ASSERT_TRUE(decodeCdr(encodeCdr(sent), odom).ok());
        EXPECT_EQ(odom.header.frame_id, frame);
        EXPECT_EQ(odom.child_frame_id, child);
    }
}

TEST(CodecTest, NonFiniteFloatsSurviveRoundTrip) {
    LaserScan scan = goldenScan();
    scan.ranges = {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                   std::numeric_limits<float>::quiet_NaN()};
    auto back = decodeCdr<LaserScan>(encodeCdr(scan));
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(std::isinf(back->ranges[0]) && back->ranges[0] > 0);
    EXPECT_TRUE(std::isinf(back->ranges[1]) && back->ranges[1] < 0);
    EXPECT_TRUE(std::isnan(back->ranges[2]));
}

/// Fills every field of a message with distinct values: numbers from a counter, strings of
/// varying length (so alignment differs between fields), two elements in every sequence.
class Filler {
public:
    template <class F>
    void operator()(std::string_view, F &field) {
        fill(field);
    }
    void emptyStruct() {}

    template <class F>
    void fill(F &field) {
        ++n_;
        if constexpr (std::is_same_v<F, bool>) {
            field = n_ % 2 == 0;
        } else if constexpr (std::is_floating_point_v<F>) {
            field = static_cast<F>(n_) * F(0.25) - F(3);
        } else if constexpr (std::is_arithmetic_v<F>) {
            field = static_cast<F>(n_ * 37);
        } else if constexpr (std::is_same_v<F, std::string>) {
            field = std::string(n_ % 7, static_cast<char>('a' + n_ % 26));
        } else if constexpr (requires { field.resize(2); }) {
            field.resize(2 + n_ % 2);
            for (auto &item : field) fill(item);
        } else if constexpr (requires { field.size(); }) {
            for (auto &item : field) fill(item);
        } else {
            describe(*this, field);
        }
    }

private:
    int n_ = 0;
};

template <class T>
void checkRoundTrip(std::string_view name) {
    SCOPED_TRACE(std::string(name));
    T msg{};
    Filler filler;
    filler.fill(msg);
    for (CdrByteOrder order : {CdrByteOrder::Little, CdrByteOrder::Big}) {
        std::vector<std::uint8_t> bytes;
        encodeCdr(msg, bytes, order);
        EXPECT_EQ(bytes.size() % 4, 0U);
        EXPECT_EQ(bytes[1], order == CdrByteOrder::Little ? 1 : 0);
        T back{};
        Status status = decodeCdr(bytes, back);
        ASSERT_TRUE(status.ok()) << status.message();
        EXPECT_TRUE(back == msg);
        // Every cut that removes more than the (at most 3) padding bytes must fail cleanly.
        for (std::size_t n = 0; n + 4 <= bytes.size(); ++n) {
            T partial{};
            EXPECT_FALSE(decodeCdr(std::span(bytes.data(), n), partial).ok()) << "length " << n;
        }
    }
    EXPECT_EQ(encodeCdr(msg), [&] {
        std::vector<std::uint8_t> out;
        encodeCdr(msg, out);
        return out;
    }());
}

TEST(CodecTest, EveryTypeRoundTripsInBothByteOrders) {
#define ROBOMETRICS_CHECK_ROUND_TRIP(Struct, Name) checkRoundTrip<Struct>(Name);
    ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_CHECK_ROUND_TRIP)
#undef ROBOMETRICS_CHECK_ROUND_TRIP
}

TEST(CodecTest, GridMapWithCircularStartNanCellAndNonSquareSize) {
    // 3 rows (x) by 2 columns (y), column-major as grid_map_ros writes it.
    GridMap map;
    map.header.stamp = Time{12, 34};
    map.header.frame_id = "odom";
    map.info.resolution = 0.5;
    map.info.length_x = 1.5;
    map.info.length_y = 1.0;
    map.info.pose.position = Point{1.0, -2.0, 0.0};
    map.layers = {"elevation", "variance"};
    map.basic_layers = {"elevation"};
    for (const float nan_or_value : {std::numeric_limits<float>::quiet_NaN(), 0.25F}) {
        Float32MultiArray layer;
        layer.layout.dim = {{"column_index", 2, 6}, {"row_index", 3, 3}};
        layer.data = {0.0F, 0.1F, nan_or_value, 1.0F, 1.1F, 1.2F};
        map.data.push_back(layer);
    }
    map.outer_start_index = 2;
    map.inner_start_index = 1;
    const auto bytes = encodeCdr(map);
    auto back = decodeCdr<GridMap>(bytes);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->layers, map.layers);
    EXPECT_EQ(back->basic_layers, map.basic_layers);
    EXPECT_EQ(back->outer_start_index, 2);
    EXPECT_EQ(back->inner_start_index, 1);
    ASSERT_EQ(back->data.size(), 2U);
    EXPECT_EQ(back->data[0].layout.dim[0].label, "column_index");
    EXPECT_EQ(back->data[0].layout.dim[1].size, 3U);
    EXPECT_EQ(back->data[0].layout.dim[0].stride, 6U);
    EXPECT_TRUE(std::isnan(back->data[0].data[2]));
    EXPECT_EQ(back->data[1].data[2], 0.25F);
    EXPECT_EQ(back->info.pose.position.y, -2.0);
    // The two uint16 start indices are the last 4 bytes before the padding.
    const std::size_t end = bytes.size();
    EXPECT_EQ(bytes[end - 4], 2);
    EXPECT_EQ(bytes[end - 2], 1);
}

// Structs of primitives of one size, back to back (Time, Point, Pose, PoseWithCovariance) decode
// with one copy; anything with a string, a sequence, a bool or mixed sizes goes field by field.
TEST(CodecTest, FlatStructsAreRecognised) {
    using detail::flatElementSize;
    EXPECT_EQ(flatElementSize<Time>(), 4U);
    EXPECT_EQ(flatElementSize<Point>(), 8U);
    EXPECT_EQ(flatElementSize<Quaternion>(), 8U);
    EXPECT_EQ(flatElementSize<Pose>(), 8U);
    EXPECT_EQ(flatElementSize<Twist>(), 8U);
    EXPECT_EQ(flatElementSize<PoseWithCovariance>(), 8U);
    EXPECT_EQ(flatElementSize<Header>(), 0U);
    EXPECT_EQ(flatElementSize<Imu>(), 0U);
    EXPECT_EQ(flatElementSize<Odometry>(), 0U);
    EXPECT_EQ(flatElementSize<Empty>(), 0U);
}

TEST(CodecTest, FlatStructsDecodeAsFieldByField) {
    PoseArray poses;
    poses.header.stamp = Time{17, 250};
    poses.header.frame_id = "map";
    poses.poses.resize(3);
    for (std::size_t i = 0; i < poses.poses.size(); ++i) {
        const double k = static_cast<double>(i);
        poses.poses[i].position = Point{k + 0.5, -k, 1e-300};
        poses.poses[i].orientation = Quaternion{0.1 * k, -0.0, std::numeric_limits<double>::infinity(), 1.0};
    }
    const std::vector<std::uint8_t> bytes = encodeCdr(poses);
    auto back = decodeCdr<PoseArray>(bytes);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(std::memcmp(back->poses.data(), poses.poses.data(), sizeof(Pose) * 3), 0);
    EXPECT_EQ(back->header.stamp.sec, 17);
    EXPECT_EQ(back->header.stamp.nanosec, 250U);
    // Cut inside the last pose (by 4 bytes: the count still fits): its fields are read one by one,
    // and the one cut names itself.
    const std::size_t end = bytes.size();  // orientation.w of the last pose: end - 8 .. end
    EXPECT_EQ(
        decodeCdr<PoseArray>(std::span(bytes.data(), end - 4)).message(),
        fmt::format("PoseArray.poses[2].orientation.w: need 8 bytes at offset {}, payload has {}", end - 8, end - 4));
}

// The last fields of a struct that is not flat decode with one copy when they are flat fields of
// one primitive size, back to back: an Imu's 37 doubles after its header, an Odometry's pose and
// twist (85 doubles) after its two frames. One flat field alone is no tail.
TEST(CodecTest, FlatTailsAreRecognised) {
    using detail::flatTailOf;
    EXPECT_EQ(flatTailOf<Imu>().offset, offsetof(Imu, orientation));
    EXPECT_EQ(flatTailOf<Imu>().bytes, 37 * sizeof(double));
    EXPECT_EQ(flatTailOf<Imu>().element, 8U);
    EXPECT_EQ(flatTailOf<Odometry>().offset, offsetof(Odometry, pose));
    EXPECT_EQ(flatTailOf<Odometry>().bytes, 85 * sizeof(double));
    EXPECT_EQ(flatTailOf<TransformStamped>().bytes, 0U);  // header, child_frame_id, one transform
    EXPECT_EQ(flatTailOf<Header>().bytes, 0U);
    EXPECT_EQ(flatTailOf<LaserScan>().bytes, 0U);  // ends with sequences
}

Imu tailImu() {
    Imu imu;
    imu.header.stamp = Time{5, 7};
    imu.header.frame_id = "imu_link";
    imu.orientation = Quaternion{0.1, -0.2, 0.3, 0.9};
    for (std::size_t i = 0; i < 9; ++i) {
        const double k = static_cast<double>(i);
        imu.orientation_covariance[i] = k + 0.25;
        imu.angular_velocity_covariance[i] = -k * 1e-300;
        imu.linear_acceleration_covariance[i] = k == 4 ? std::numeric_limits<double>::infinity() : k * 3.5;
    }
    imu.angular_velocity = Vector3{0.01, -0.0, 0.5};
    imu.linear_acceleration = Vector3{0.3, 0.1, 9.81};
    return imu;
}

TEST(CodecTest, FlatTailsDecodeAsFieldByField) {
    const Imu imu = tailImu();
    for (CdrByteOrder order : {CdrByteOrder::Little, CdrByteOrder::Big}) {  // big endian: field by field
        std::vector<std::uint8_t> bytes;
        encodeCdr(imu, bytes, order);
        Imu back;
        ASSERT_TRUE(decodeCdr(bytes, back).ok());
        EXPECT_EQ(std::memcmp(&back.orientation, &imu.orientation, 37 * sizeof(double)), 0);
        EXPECT_EQ(back.header.frame_id, "imu_link");
        // Cut inside the tail: its fields are read one by one, and the one cut names itself.
        const std::size_t end = bytes.size();  // linear_acceleration_covariance[8]: end - 8 .. end
        EXPECT_EQ(decodeCdr<Imu>(std::span(bytes.data(), end - 4)).message(),
                  fmt::format("Imu.linear_acceleration_covariance: need 72 bytes at offset {}, payload has {}",
                              end - 72, end - 4));
    }
    Odometry odometry;
    odometry.header.frame_id = "odom";
    odometry.child_frame_id = "base_link";
    odometry.pose.pose.position = Point{1.5, -2.25, 0.125};
    odometry.pose.covariance[35] = 0.5;
    odometry.twist.twist.angular.z = -0.75;
    odometry.twist.covariance[0] = 1e-9;
    auto back = decodeCdr<Odometry>(encodeCdr(odometry));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, odometry);
}

}  // namespace
}  // namespace robometrics::msgs
