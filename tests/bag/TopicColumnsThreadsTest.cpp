// Decoding on threads (what Bag.to_dataframe() does with ROBOMETRICS_READ_THREADS not 1): the
// columns equal those of one thread appending every message, strings and variable-size arrays
// included, across the columns' growth; a message that does not decode is the one reported, by
// its row, however far the reading went past it.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "robometrics/bag/TopicColumnsThreads.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::bag {
namespace {

using msgs::Column;
using msgs::ColumnDecoder;

ColumnDecoder decoderFor(const std::string &type) {
    auto dynamic = msgs::DynamicDecoder::create(type, "");
    EXPECT_TRUE(dynamic.ok()) << dynamic.message();
    auto columns = ColumnDecoder::create(*dynamic, {});
    EXPECT_TRUE(columns.ok()) << columns.message();
    return std::move(*columns);
}

void expectSameColumns(const std::vector<Column> &a, const std::vector<Column> &b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t c = 0; c < a.size(); ++c) {
        EXPECT_EQ(a[c].path, b[c].path);
        EXPECT_EQ(a[c].kind, b[c].kind) << a[c].path;
        ASSERT_EQ(a[c].values().size(), b[c].values().size()) << a[c].path;
        if (!a[c].values().empty()) {
            EXPECT_EQ(std::memcmp(a[c].values().data(), b[c].values().data(), a[c].values().size()), 0) << a[c].path;
        }
        EXPECT_EQ(a[c].ends, b[c].ends) << a[c].path;
        EXPECT_EQ(a[c].texts, b[c].texts) << a[c].path;
        EXPECT_EQ(a[c].text_rows, b[c].text_rows) << a[c].path;
    }
}

std::vector<std::uint8_t> scan(int i) {
    msgs::LaserScan scan;
    scan.header.stamp = msgs::Time{i, 5};
    scan.header.frame_id = "laser" + std::to_string(i % 7);
    scan.range_max = static_cast<float>(i);
    scan.ranges.assign(static_cast<std::size_t>(i % 5), 0.25F * static_cast<float>(i));
    return msgs::encodeCdr(scan);
}

// 3 000 scans (not a whole number of batches), no room reserved: the columns grow while batches
// are decoded; rows of 0 to 4 ranges and of seven frame names.
TEST(TopicColumnsThreadsTest, ColumnsEqualThoseOfOneThread) {
    for (std::size_t threads : {1u, 3u}) {
        ColumnDecoder one = decoderFor("sensor_msgs/msg/LaserScan");
        ColumnDecoder many = decoderFor("sensor_msgs/msg/LaserScan");
        constexpr int kScans = 3000;
        {
            TopicColumnsThreads decode(many, threads);
            for (int i = 0; i < kScans; ++i) {
                ASSERT_TRUE(one.append(scan(i)).ok());
                ASSERT_TRUE(decode.add(scan(i)).ok());
            }
            decode.finish();
            EXPECT_FALSE(decode.failure());
            EXPECT_EQ(decode.rows(), static_cast<std::size_t>(kScans));
        }
        EXPECT_EQ(many.rows(), static_cast<std::size_t>(kScans));
        const std::vector<Column> a = one.take();
        const std::vector<Column> b = many.take();
        expectSameColumns(a, b);
        // By hand: row 2999 has 2999 % 5 = 4 ranges of 749.75, ending at the sum of i % 5.
        for (const Column &c : b) {
            if (c.path == "ranges") {
                ASSERT_EQ(c.ends.size(), static_cast<std::size_t>(kScans));
                EXPECT_EQ(c.ends.back(), 600u * (0 + 1 + 2 + 3 + 4));
                float last = 0;
                std::memcpy(&last, c.bytes.data() + c.bytes.size() - sizeof last, sizeof last);
                EXPECT_EQ(last, 749.75F);
            }
            if (c.path == "header.frame_id") {
                EXPECT_EQ(c.rowTexts()[2999], "laser3");
            }
        }
    }
}

// Scans of 1.2 MB each: a batch is handed on at 1 MiB of payloads, so here at every message.
TEST(TopicColumnsThreadsTest, LargeMessagesMakeBatchesOfAFewMessages) {
    ColumnDecoder one = decoderFor("sensor_msgs/msg/LaserScan");
    ColumnDecoder many = decoderFor("sensor_msgs/msg/LaserScan");
    {
        TopicColumnsThreads decode(many, 1);
        for (int i = 0; i < 40; ++i) {
            msgs::LaserScan large;
            large.range_max = static_cast<float>(i);
            large.ranges.assign(300'000, static_cast<float>(i));
            const std::vector<std::uint8_t> bytes = msgs::encodeCdr(large);
            ASSERT_TRUE(one.append(bytes).ok());
            ASSERT_TRUE(decode.add(bytes).ok());
        }
        decode.finish();
        EXPECT_FALSE(decode.failure());
    }
    expectSameColumns(one.take(), many.take());
}

// The first message that does not decode (row 700) is the failure, not the later one (row 2500),
// whichever thread decoded either.
TEST(TopicColumnsThreadsTest, TheFirstMessageThatFailsIsTheFailure) {
    ColumnDecoder many = decoderFor("sensor_msgs/msg/LaserScan");
    many.reserve(4000);
    TopicColumnsThreads decode(many, 2);
    for (int i = 0; i < 3000; ++i) {
        std::vector<std::uint8_t> bytes = scan(i);
        if (i == 700 || i == 2500) bytes.resize(10);
        ASSERT_TRUE(decode.add(bytes).ok());
    }
    decode.finish();
    ASSERT_TRUE(decode.failure());
    EXPECT_EQ(decode.failure()->row, 700u);
    EXPECT_FALSE(decode.failure()->error.message.empty());
}

}  // namespace
}  // namespace robometrics::bag
