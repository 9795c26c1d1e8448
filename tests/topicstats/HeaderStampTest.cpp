#include "robometrics/topicstats/HeaderStamp.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "robometrics/msgs/Codec.hpp"

namespace robometrics::topicstats {
namespace {

TEST(HeaderStamp, SchemaWhoseFirstFieldIsAHeader) {
    EXPECT_TRUE(schemaStartsWithHeader("# A comment\n\nstd_msgs/Header header  # stamp\nfloat64 x\n"));
    EXPECT_TRUE(schemaStartsWithHeader("uint8 OK=0\nuint8 FAIL = 1\nstd_msgs/msg/Header header\n"));
    EXPECT_TRUE(schemaStartsWithHeader("Header header\r\nint32 a\r\n"));
    EXPECT_FALSE(schemaStartsWithHeader("float64 x\nstd_msgs/Header header\n"));
    EXPECT_FALSE(schemaStartsWithHeader("string data\n"));
    EXPECT_FALSE(schemaStartsWithHeader(""));
    // A Header inside a dependency definition does not count.
    EXPECT_FALSE(schemaStartsWithHeader("geometry_msgs/TransformStamped[] transforms\n"
                                        "================================================================================\n"
                                        "MSG: geometry_msgs/TransformStamped\nstd_msgs/Header header\n"));
}

TEST(HeaderStamp, KnownTypesUseTheBuiltInDefinition) {
    EXPECT_TRUE(typeHasHeader("sensor_msgs/msg/Imu", "", ""));
    EXPECT_TRUE(typeHasHeader("nav_msgs/msg/Odometry", "", "ros2idl"));
    EXPECT_TRUE(typeHasHeader("geometry_msgs/msg/PoseWithCovarianceStamped", "", ""));
    EXPECT_FALSE(typeHasHeader("tf2_msgs/msg/TFMessage", "", ""));
    EXPECT_FALSE(typeHasHeader("std_msgs/msg/String", "", ""));
    EXPECT_FALSE(typeHasHeader("std_msgs/msg/Header", "", ""));  // it is a header, it does not have one
    EXPECT_FALSE(typeHasHeader("acme_msgs/msg/Unknown", "", ""));
    EXPECT_TRUE(typeHasHeader("acme_msgs/msg/Unknown", "std_msgs/Header header\nint8 x\n", "ros2msg"));
}

TEST(HeaderStamp, Ros1PayloadsStartWithSeq) {
    // seq 9, sec 1700000000, nsec 7: the stamp is bytes 4..11, unsigned seconds.
    const std::vector<std::uint8_t> bytes{9, 0, 0, 0, 0x00, 0xF1, 0x53, 0x65, 7, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(readHeaderStamp(bytes, msgs::WireFormat::Ros1), TimeNs{1'700'000'000'000'000'007});
    EXPECT_FALSE(readHeaderStamp(std::vector<std::uint8_t>(11, 0), msgs::WireFormat::Ros1).has_value());
    EXPECT_TRUE(typeHasHeader("acme_msgs/msg/Unknown", "Header header\nint8 x\n", "ros1msg"));
}

TEST(HeaderStamp, ReadsTheStampFromLittleEndianCdr) {
    msgs::Imu imu;
    imu.header.stamp = {1700000000, 123456789};
    imu.header.frame_id = "imu_link";
    std::vector<std::uint8_t> bytes = msgs::encodeCdr(imu);
    std::optional<TimeNs> stamp = readHeaderStamp(bytes);
    ASSERT_TRUE(stamp.has_value());
    EXPECT_EQ(*stamp, 1700000000'123456789);
}

TEST(HeaderStamp, ReadsBigEndianAndNegativeSeconds) {
    const std::vector<std::uint8_t> be = {0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5};
    EXPECT_EQ(readHeaderStamp(be), 2'000'000'005);
    const std::vector<std::uint8_t> le = {0, 1, 0, 0, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0};
    EXPECT_EQ(readHeaderStamp(le), -1'000'000'000 + 1);
}

TEST(HeaderStamp, RejectsShortOrUnknownEncapsulations) {
    EXPECT_FALSE(readHeaderStamp(std::vector<std::uint8_t>{0, 1, 0, 0, 1, 0, 0, 0}).has_value());
    EXPECT_FALSE(readHeaderStamp(std::vector<std::uint8_t>{0, 3, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}).has_value());
    EXPECT_FALSE(readHeaderStamp(std::vector<std::uint8_t>{1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}).has_value());
}

}  // namespace
}  // namespace robometrics::topicstats
