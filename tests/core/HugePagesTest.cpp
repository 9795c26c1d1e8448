// Huge-page advice for large arrays: a reservation like any other, whatever the kernel does with
// the advice.

#include <gtest/gtest.h>

#include <vector>

#include "robometrics/core/HugePages.hpp"

namespace robometrics {
namespace {

TEST(HugePages, ReserveInHugePagesReservesAndKeepsTheValues) {
    std::vector<double> values{1.5, 2.5};
    reserveInHugePages(values, 1 << 20);  // 8 MiB: whole 2 MiB pages inside
    EXPECT_GE(values.capacity(), std::size_t{1} << 20);
    EXPECT_EQ(values, (std::vector<double>{1.5, 2.5}));
    const double *memory = values.data();
    for (int i = 0; i < (1 << 20) - 2; ++i) values.push_back(i);
    EXPECT_EQ(values.data(), memory);  // filled without growing
    EXPECT_EQ(values[3], 1.0);
    reserveInHugePages(values, 10);  // less than it has: nothing changes
    EXPECT_EQ(values.data(), memory);
}

TEST(HugePages, AdviceOnARangeWithoutAWholeHugePageDoesNothing) {
    std::vector<char> small(4096, 'x');
    adviseHugePages(small.data(), small.size());
    adviseHugePages(nullptr, kHugePageBytes * 4);
    EXPECT_EQ(small[4095], 'x');
}

}  // namespace
}  // namespace robometrics
