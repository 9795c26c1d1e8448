#include "robometrics/traversal/RingBuffer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace robometrics::traversal {
namespace {

TEST(RingBuffer, KeepsTheNewestCapacityElementsOldestFirst) {
    RingBuffer<int> b(3);
    EXPECT_TRUE(b.empty());
    for (int i = 1; i <= 5; ++i) b.push(i);
    EXPECT_EQ(b.size(), 3u);
    EXPECT_EQ(b.capacity(), 3u);
    std::vector<int> seen;
    b.forEach([&](int v) { seen.push_back(v); });
    EXPECT_EQ(seen, (std::vector<int>{3, 4, 5}));
    EXPECT_EQ(b[0], 3);
    EXPECT_EQ(b.back(), 5);
}

TEST(RingBuffer, PartiallyFilled) {
    RingBuffer<double> b(100);
    b.push(1.5);
    b.push(2.5);
    EXPECT_EQ(b.size(), 2u);
    EXPECT_EQ(b[0], 1.5);
    EXPECT_EQ(b.back(), 2.5);
}

}  // namespace
}  // namespace robometrics::traversal
