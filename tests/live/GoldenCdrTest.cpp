// Golden CDR bytes for every type `robometrics live` publishes, laid out by hand from the XCDR1
// rules (4-byte encapsulation header 00 01 00 00, primitives aligned to their size from the byte
// after the header, strings as u32 length with NUL, sequences as u32 count) and checked in both
// directions. Pure codec tests: no DDS participant.

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "robometrics/msgs/Codec.hpp"

namespace robometrics::test {
namespace {

std::vector<std::uint8_t> hex(const std::string &text) {
    std::vector<std::uint8_t> out;
    std::istringstream in(text);
    std::string byte;
    while (in >> byte) out.push_back(static_cast<std::uint8_t>(std::stoul(byte, nullptr, 16)));
    return out;
}

template <class T>
void expectGolden(const T &msg, const std::string &golden_hex) {
    const std::vector<std::uint8_t> golden = hex(golden_hex);
    EXPECT_EQ(msgs::encodeCdr(msg), golden);
    auto decoded = msgs::decodeCdr<T>(golden);
    ASSERT_TRUE(decoded.ok()) << decoded.message();
    EXPECT_TRUE(*decoded == msg);
}

TEST(GoldenCdr, StringStatus) {
    // /lost_detector/status: u32 5, "lost\0", 3 bytes padding to a multiple of 4.
    expectGolden(msgs::String{"lost"}, "00 01 00 00  05 00 00 00  6c 6f 73 74 00  00 00 00");
}

TEST(GoldenCdr, Float32MultiArrayProbability) {
    msgs::Float32MultiArray m;
    m.layout.dim = {{"p", 3, 3}};
    m.data = {0.5f, 1.0f, 2.0f};
    expectGolden(m,
                 "00 01 00 00"
                 " 01 00 00 00"                            // dim count 1
                 " 02 00 00 00 70 00 00 00"                // label "p\0", pad to 4
                 " 03 00 00 00 03 00 00 00"                // size 3, stride 3
                 " 00 00 00 00"                            // data_offset
                 " 03 00 00 00"                            // data count
                 " 00 00 00 3f 00 00 80 3f 00 00 00 40");  // 0.5f 1.0f 2.0f
}

TEST(GoldenCdr, MetricsMessageStatistics) {
    msgs::MetricsMessage m;
    m.measurement_source_name = "/scan";
    m.metrics_source = "message_age";
    m.unit = "ms";
    m.window_start = {1, 500};
    m.window_stop = {2, 0};
    m.statistics = {{msgs::StatisticDataPoint::AVERAGE, 2.5}, {msgs::StatisticDataPoint::STDDEV, 3.0}};
    expectGolden(m,
                 "00 01 00 00"
                 " 06 00 00 00 2f 73 63 61 6e 00 00 00"                 // "/scan\0" + pad
                 " 0c 00 00 00 6d 65 73 73 61 67 65 5f 61 67 65 00"     // "message_age\0"
                 " 03 00 00 00 6d 73 00 00"                             // "ms\0" + pad
                 " 01 00 00 00 f4 01 00 00 02 00 00 00 00 00 00 00"     // windows {1,500} {2,0}
                 " 02 00 00 00"                                         // 2 statistics
                 " 01 00 00 00 00 00 00 00  00 00 00 00 00 00 04 40"    // AVERAGE, pad to 8, 2.5
                 " 04 00 00 00 00 00 00 00  00 00 00 00 00 00 08 40");  // STDDEV, pad to 8, 3.0
    EXPECT_EQ(msgs::encodeCdr(m).size(), 92u);
}

TEST(GoldenCdr, OccupancyGridCostmap) {
    msgs::OccupancyGrid m;
    m.header.stamp = {10, 20};
    m.header.frame_id = "map";
    m.info.resolution = 0.5f;
    m.info.width = 2;
    m.info.height = 1;
    m.info.origin.position = {1.0, 2.0, 0.0};
    m.info.origin.orientation = {0.0, 0.0, 0.0, 1.0};
    m.data = {-1, 100};
    expectGolden(m,
                 "00 01 00 00"
                 " 0a 00 00 00 14 00 00 00 04 00 00 00 6d 61 70 00"  // stamp {10,20}, "map\0"
                 " 00 00 00 00 00 00 00 00"                          // map_load_time
                 " 00 00 00 3f 02 00 00 00 01 00 00 00 00 00 00 00"  // 0.5f, 2 x 1, pad to 8
                 " 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 40"  // x 1.0, y 2.0
                 " 00 00 00 00 00 00 00 00"                          // z
                 " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"  // qx qy
                 " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 f0 3f"  // qz qw
                 " 02 00 00 00 ff 64 00 00");                        // data [-1, 100] + pad
}

TEST(GoldenCdr, PointCloud2TerrainCloud) {
    msgs::PointCloud2 m;
    m.header.stamp = {1, 2};
    m.height = 1;
    m.width = 1;
    m.fields = {{"x", 0, msgs::PointField::FLOAT32, 1}};
    m.point_step = 4;
    m.row_step = 4;
    m.data = {0x00, 0x00, 0x80, 0x3f};
    m.is_dense = true;
    expectGolden(m,
                 "00 01 00 00"
                 " 01 00 00 00 02 00 00 00 01 00 00 00 00 00 00 00"  // stamp {1,2}, "" + pad
                 " 01 00 00 00 01 00 00 00"                          // height, width
                 " 01 00 00 00 02 00 00 00 78 00 00 00"              // 1 field, "x\0" + pad
                 " 00 00 00 00 07 00 00 00 01 00 00 00"              // offset 0, FLOAT32 + pad, count 1
                 " 00 00 00 00 04 00 00 00 04 00 00 00"              // is_bigendian + pad, steps
                 " 04 00 00 00 00 00 80 3f 01 00 00 00");            // data (1.0f), is_dense + pad
}

}  // namespace
}  // namespace robometrics::test
