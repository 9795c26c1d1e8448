#include <gtest/gtest.h>

#include <vector>

#include "robometrics/slam/Skeleton.hpp"

namespace robometrics::slam {
namespace {

std::vector<std::uint8_t> rect(std::size_t w, std::size_t h, std::size_t c0, std::size_t c1, std::size_t r0,
                               std::size_t r1) {
    std::vector<std::uint8_t> m(w * h, 0);
    for (std::size_t r = r0; r < r1; ++r) {
        for (std::size_t c = c0; c < c1; ++c) m[r * w + c] = 1;
    }
    return m;
}

std::size_t count(const std::vector<std::uint8_t> &m) {
    std::size_t n = 0;
    for (auto v : m) n += v;
    return n;
}

TEST(Skeleton, OnePixelLinesAreKeptWhole) {
    const auto line = rect(12, 5, 0, 12, 2, 3);  // touches both image borders
    EXPECT_EQ(zhangSuenSkeleton(line, 12, 5), line);
}

TEST(Skeleton, SquareBlockShrinksToItsCentre) {
    const auto block = rect(5, 5, 1, 4, 1, 4);
    auto expected = std::vector<std::uint8_t>(25, 0);
    expected[2 * 5 + 2] = 1;
    EXPECT_EQ(zhangSuenSkeleton(block, 5, 5), expected);
}

TEST(Skeleton, OddBarThinsToItsCentreRowShortenedByOneAtEachEnd) {
    // Columns 2..13, rows 2..4: the skeleton is row 3, columns 3..11 (the textbook algorithm eats
    // one more pixel at the east end than at the west end).
    const auto skel = zhangSuenSkeleton(rect(16, 9, 2, 14, 2, 5), 16, 9);
    EXPECT_EQ(skel, rect(16, 9, 3, 12, 3, 4));
}

TEST(Skeleton, EvenBarThinsToOneOfItsTwoCentreRows) {
    // Rows 2..5: the skeleton lies on row 3 (the first sub-iteration removes south-east first).
    const auto skel = zhangSuenSkeleton(rect(16, 9, 2, 14, 2, 6), 16, 9);
    EXPECT_EQ(skel, rect(16, 9, 4, 12, 3, 4));
}

TEST(Skeleton, RingOfWidthThreeBecomesItsCentreLoop) {
    // A 30 x 30 square ring 3 cells wide at 5..34: the skeleton is the 28 x 28 loop at 6..33,
    // except that the corner of the last row and column, (33, 33), is cut to (32, 32).
    const std::size_t n = 40;
    auto ring = rect(n, n, 5, 35, 5, 35);
    const auto hole = rect(n, n, 8, 32, 8, 32);
    for (std::size_t i = 0; i < ring.size(); ++i) ring[i] = ring[i] && !hole[i];
    const auto skel = zhangSuenSkeleton(ring, n, n);
    auto loop = rect(n, n, 6, 34, 6, 34);
    const auto inner = rect(n, n, 7, 33, 7, 33);
    for (std::size_t i = 0; i < loop.size(); ++i) loop[i] = loop[i] && !inner[i];
    loop[33 * n + 33] = 0;
    loop[32 * n + 32] = 1;
    EXPECT_EQ(count(skel), 108u);
    EXPECT_EQ(skel, loop);
}

TEST(Skeleton, EmptyAndMismatchedInputsGiveEmptySkeletons) {
    EXPECT_EQ(count(zhangSuenSkeleton(std::vector<std::uint8_t>(20, 0), 5, 4)), 0u);
    EXPECT_EQ(count(zhangSuenSkeleton(std::vector<std::uint8_t>(3, 1), 5, 4)), 0u);
}

}  // namespace
}  // namespace robometrics::slam
