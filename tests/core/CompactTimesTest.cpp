#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "robometrics/core/CompactTimes.hpp"

namespace robometrics {
namespace {

constexpr std::int64_t kMin64 = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax64 = std::numeric_limits<std::int64_t>::max();

CompactTimes compactOf(const std::vector<std::int64_t> &values) {
    CompactTimes series;
    for (std::int64_t v : values) series.push_back(v);
    return series;
}

std::vector<std::int64_t> readBack(const CompactTimes &series) { return {series.begin(), series.end()}; }

TEST(CompactTimes, ZigzagMapsSmallMagnitudesToSmallNumbers) {
    EXPECT_EQ(zigzagEncode(0), 0u);
    EXPECT_EQ(zigzagEncode(-1), 1u);
    EXPECT_EQ(zigzagEncode(1), 2u);
    EXPECT_EQ(zigzagEncode(-64), 127u);
    EXPECT_EQ(zigzagEncode(64), 128u);
    EXPECT_EQ(zigzagEncode(kMax64), 0xFFFF'FFFF'FFFF'FFFEu);
    EXPECT_EQ(zigzagEncode(kMin64), 0xFFFF'FFFF'FFFF'FFFFu);
    for (std::int64_t v :
         {std::int64_t{0}, std::int64_t{-1}, std::int64_t{1}, std::int64_t{-123456789}, kMin64, kMax64})
        EXPECT_EQ(zigzagDecode(zigzagEncode(v)), v);
}

TEST(CompactTimes, AnEmptySeriesHoldsNothing) {
    const CompactTimes series;
    EXPECT_TRUE(series.empty());
    EXPECT_EQ(series.encodedBytes(), 0u);
    EXPECT_TRUE(series.begin() == series.end());
}

TEST(CompactTimes, ASteadyClockCostsTwoLongValuesAndOneRun) {
    // 1000, 1100, 1200, 1300, 1400: steps 1000, 100, 100, 100, 100; changes 1000, -900, 0, 0, 0.
    // zigzag(1000) = 2000 = 0xD0 0x0F; zigzag(-900) = 1799 = 0x87 0x0E; the run of 3 zeros is
    // written when it ends, and it has not ended: it is read from the open run.
    CompactTimes series = compactOf({1000, 1100, 1200, 1300, 1400});
    EXPECT_EQ(series.size(), 5u);
    EXPECT_EQ(series.encodedBytes(), 4u);
    EXPECT_EQ(readBack(series), (std::vector<std::int64_t>{1000, 1100, 1200, 1300, 1400}));
    // A change of -1 ends the run: 0x00 (run), 0x03 (three zeros), then zigzag(-1) = 0x01.
    series.push_back(1499);
    EXPECT_EQ(series.encodedBytes(), 7u);
    EXPECT_EQ(readBack(series), (std::vector<std::int64_t>{1000, 1100, 1200, 1300, 1400, 1499}));
}

TEST(CompactTimes, NegativeAndZeroValues) {
    // 0: change 0, a run of one; -5: step -5, change -5 -> 9; -5: step 0, change 5 -> 10; 0: step
    // 5, change 5 -> 10. Bytes: 00 01 09 0A 0A.
    const CompactTimes series = compactOf({0, -5, -5, 0});
    EXPECT_EQ(series.encodedBytes(), 5u);
    EXPECT_EQ(readBack(series), (std::vector<std::int64_t>{0, -5, -5, 0}));
}

TEST(CompactTimes, HugeChangesTakeTenBytesAndWrapAround) {
    // kMin64 after 0: step kMin64, change kMin64 -> zigzag 2^64 - 1, ten bytes. kMax64 next: the
    // step wraps to -1, the change from kMin64 to -1 is kMax64 -> zigzag 2^64 - 2, ten bytes.
    const CompactTimes series = compactOf({kMin64, kMax64});
    EXPECT_EQ(series.encodedBytes(), 20u);
    EXPECT_EQ(readBack(series), (std::vector<std::int64_t>{kMin64, kMax64}));
    const std::vector<std::int64_t> extremes = {kMax64, kMin64, kMax64, 0, kMin64, kMin64,
                                                -1,     kMax64, kMax64, 1, kMin64};
    EXPECT_EQ(readBack(compactOf(extremes)), extremes);
}

TEST(CompactTimes, SmallChangesTakeOneByte) {
    // A 10 ms clock whose step changes by 1 to 63 ns either way each time: zigzag 1..126, one
    // byte each. The first value (1.7e18 from 0) and the second (a change of 10 ms - 1.7e18)
    // take nine bytes each.
    std::vector<std::int64_t> values = {1'700'000'000'000'000'000, 1'700'000'000'010'000'000};
    std::int64_t step = 10'000'000;
    for (int i = 0; i < 128; ++i) {
        step += (i % 2 ? 1 : -1) * (1 + i % 63);
        values.push_back(values.back() + step);
    }
    const CompactTimes series = compactOf(values);
    EXPECT_EQ(series.encodedBytes(), 9u + 9u + 128u);
    EXPECT_EQ(readBack(series), values);
}

TEST(CompactTimes, RandomSequencesReadBackExactly) {
    std::mt19937_64 rng(24);
    for (int round = 0; round < 50; ++round) {
        std::vector<std::int64_t> values;
        std::int64_t t = static_cast<std::int64_t>(rng());
        const int n = static_cast<int>(rng() % 2000);
        for (int i = 0; i < n; ++i) {
            switch (rng() % 4) {
                case 0:
                    values.push_back(static_cast<std::int64_t>(rng()));  // anywhere
                    break;
                case 1:
                    values.push_back(values.empty() ? t : values.back());  // repeated
                    break;
                default:  // on a clock with jitter, wrapping around the int64 range if it must
                    t = static_cast<std::int64_t>(static_cast<std::uint64_t>(t) + 10'000'000 + rng() % 1000);
                    values.push_back(t);
            }
        }
        const CompactTimes series = compactOf(values);
        ASSERT_EQ(series.size(), values.size());
        ASSERT_EQ(readBack(series), values) << "round " << round;
    }
}

TEST(CompactTimes, ManyValuesSpanSeveralBlocks) {
    // Steps growing by 1 s each time: a change of 1 s takes five bytes, the first value (0, a run
    // of one zero change) two, so 10 000 values take 49 997 bytes: three full blocks of 16 KiB in
    // the temporary file, the rest (845 bytes) in memory.
    std::vector<std::int64_t> values;
    for (std::int64_t i = 0; i < 10000; ++i) values.push_back(i * i * 500'000'000);
    const CompactTimes series = compactOf(values);
    EXPECT_EQ(series.encodedBytes(), 2 + 5 * 9999u);
    EXPECT_EQ(series.spilledBytes(), 3 * 16384u);
    EXPECT_EQ(series.capacityBytes(), 16384u);
    EXPECT_EQ(readBack(series), values);
}

TEST(CompactTimes, AShortSeriesStaysInMemory) {
    const CompactTimes series = compactOf({0, 100, 250, 260});
    EXPECT_EQ(series.spilledBytes(), 0u);
    EXPECT_EQ(series.capacityBytes(), 1024u);  // the first capacity
}

TEST(CompactTimes, MemoryStaysOneBlockHoweverLongTheSeries) {
    // A million jittered receive times (3 bytes each) are ~3 MB in the file, 16 KiB in memory.
    std::vector<std::int64_t> values;
    std::uint64_t state = 46;
    for (std::int64_t i = 0; i < 1'000'000; ++i) {
        state = state * 6364136223846793005u + 1442695040888963407u;
        values.push_back(i * 5'000'000 + static_cast<std::int64_t>(state >> 45));  // 200 Hz, 0.5 ms jitter
    }
    const CompactTimes series = compactOf(values);
    EXPECT_EQ(series.capacityBytes(), 16384u);
    EXPECT_GT(series.spilledBytes(), 2'000'000u);
    EXPECT_EQ(readBack(series), values);
}

TEST(CompactTimes, CopiedIteratorsReadOnAcrossSpilledBlocks) {
    std::vector<std::int64_t> values;
    for (std::int64_t i = 0; i < 30000; ++i) values.push_back(i * i * 500'000'000);  // five bytes each
    const CompactTimes series = compactOf(values);
    ASSERT_GE(series.spilledBytes(), 8 * 16384u);
    auto it = series.begin();
    for (int i = 0; i < 100; ++i) ++it;
    auto copy = it;
    for (int i = 0; i < 25000; ++i) ++it;  // into other blocks, while the copy keeps its own
    EXPECT_EQ(*it, values[25100]);
    EXPECT_EQ(*copy, values[100]);
    for (int i = 0; i < 20000; ++i) ++copy;
    EXPECT_EQ(*copy, values[20100]);
}

TEST(CompactTimes, IteratorsCanBeCopiedAndReadTwice) {
    const CompactTimes series = compactOf({5, 7, 9, 11, 20});
    auto it = series.begin();
    ++it;
    auto copy = it;
    EXPECT_EQ(*it++, 7);
    EXPECT_EQ(*it, 9);
    EXPECT_EQ(*copy, 7);
    EXPECT_EQ(readBack(series), readBack(series));
}

}  // namespace
}  // namespace robometrics
