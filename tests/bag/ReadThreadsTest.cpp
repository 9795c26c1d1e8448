// ROBOMETRICS_READ_THREADS: 1 loads on the reading thread, N >= 2 on N threads (capped), and
// anything else is the default.

#include <gtest/gtest.h>

#include "robometrics/bag/ReadThreads.hpp"

namespace robometrics::bag {
namespace {

TEST(ReadThreads, OneMeansNoLoadingThread) { EXPECT_EQ(chunkLoadersFor("1"), 0u); }

TEST(ReadThreads, TwoOrMoreAreLoadingThreadsUpToTheCap) {
    EXPECT_EQ(chunkLoadersFor("2"), 2u);
    EXPECT_EQ(chunkLoadersFor("3"), 3u);
    EXPECT_EQ(chunkLoadersFor("1000"), kMostChunkLoaders);
}

TEST(ReadThreads, UnsetOrNotACountIsTheDefault) {
    for (const char *value : {static_cast<const char *>(nullptr), "", "0", "two", "2x", "-1"})
        EXPECT_EQ(chunkLoadersFor(value), kDefaultChunkLoaders) << (value ? value : "(unset)");
}

}  // namespace
}  // namespace robometrics::bag
