// Huge-page advice for large arrays: a reservation like any other, whatever the kernel does with
// the advice.

#include <gtest/gtest.h>
#include <unistd.h>

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

// The heap advice at a program's start is advice only: what malloc hands out afterwards, from the
// block given back or elsewhere, keeps what is written (also for a size of nothing).
TEST(HugePages, HeapAdviceLeavesTheHeapUsable) {
    adviseHeapHugePages(3 * kHugePageBytes);
    adviseHeapHugePages(0);
    std::vector<std::uint32_t> values(kHugePageBytes);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint32_t>(i * 7);
    EXPECT_EQ(values[12345], 12345U * 7);
    EXPECT_EQ(values.back(), static_cast<std::uint32_t>((values.size() - 1) * 7));
}

// A mapping reads as zeros where nothing was written, keeps what was written, and a released range
// reads as zeros again (only its whole pages: the bytes around them stay).
TEST(HugePages, MappedBytesKeepWhatIsWrittenAndReleaseWholePages) {
    const std::size_t size = 3 * kHugePageBytes;
    auto bytes = MappedBytes::create(size);
    ASSERT_NE(bytes, nullptr);
    ASSERT_EQ(bytes->size(), size);
    std::uint8_t *data = bytes->data();
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    EXPECT_EQ(data[size - 1], 0);
    for (std::size_t at : {page + 99, 2 * page, 3 * page + 5, 4 * page - 1, 4 * page, size - 1}) data[at] = 7;
    bytes->release(page + 100, 3 * page);  // the whole pages inside: 2 * page up to 4 * page
    EXPECT_EQ(data[page + 99], 7);         // before them: kept
    EXPECT_EQ(data[2 * page], 0);
    EXPECT_EQ(data[3 * page + 5], 0);
    EXPECT_EQ(data[4 * page - 1], 0);
    EXPECT_EQ(data[4 * page], 7);     // after them: kept
    bytes->release(size - 10, 1000);  // past the end: cut to the mapping, no whole page
    EXPECT_EQ(data[size - 1], 7);
    EXPECT_NE(MappedBytes::create(0), nullptr);  // at least one byte
}

}  // namespace
}  // namespace robometrics
