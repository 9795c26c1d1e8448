#include "robometrics/terrain/CloudReader.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace robometrics::terrain {
namespace {

TEST(CloudReaderTest, ReadsFloat64BigEndianFieldsAtAnyOffset) {
    msgs::PointCloud2 c;
    c.height = 1;
    c.width = 1;
    c.is_bigendian = true;
    c.point_step = 40;
    c.row_step = 40;
    c.fields = {{"intensity", 0, msgs::PointField::FLOAT32, 1},
                {"x", 8, msgs::PointField::FLOAT64, 1},
                {"y", 16, msgs::PointField::FLOAT64, 1},
                {"z", 24, msgs::PointField::FLOAT64, 1}};
    c.data.assign(40, 0);
    auto putBE = [&](std::size_t at, const void *src, std::size_t n) {
        const auto *b = static_cast<const std::uint8_t *>(src);
        for (std::size_t k = 0; k < n; ++k) c.data[at + k] = b[n - 1 - k];  // host is little endian
    };
    float intensity = 49.f;
    double x = 1.5, y = -2.25, z = 0.125;
    putBE(0, &intensity, 4);
    putBE(8, &x, 8);
    putBE(16, &y, 8);
    putBE(24, &z, 8);
    std::vector<float> got;
    ASSERT_TRUE(forEachPoint(c, [&](const Eigen::Vector3f &p, float i) { got = {p.x(), p.y(), p.z(), i}; }).ok());
    EXPECT_EQ(got, (std::vector<float>{1.5f, -2.25f, 0.125f, 49.f}));
}

TEST(CloudReaderTest, RejectsMissingFieldsWrongTypesAndShortData) {
    msgs::PointCloud2 c = makeCloud({{1, 2, 3, 4}, {5, 6, 7, 8}}, {});
    auto noop = [](const Eigen::Vector3f &, float) {};
    ASSERT_TRUE(forEachPoint(c, noop).ok());
    msgs::PointCloud2 bad = c;
    bad.data.resize(20);
    Status s = forEachPoint(bad, noop);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("data bytes"), std::string::npos) << s.message();
    bad = c;
    bad.fields.pop_back();
    s = forEachPoint(bad, noop);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("'intensity'"), std::string::npos);
    bad = c;
    bad.fields[0].datatype = msgs::PointField::UINT16;
    EXPECT_FALSE(forEachPoint(bad, noop).ok());
    bad = c;
    bad.fields[2].offset = 14;  // 14 + 4 > point_step 16
    EXPECT_FALSE(forEachPoint(bad, noop).ok());
}

}  // namespace
}  // namespace robometrics::terrain
