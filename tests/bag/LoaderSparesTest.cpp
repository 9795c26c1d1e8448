// LoaderSpares: a loader gets back the chunks it made, another loader's only when it has none of
// its own, and a new chunk only when no loader has a spare.

#include <gtest/gtest.h>

#include <memory>

#include "robometrics/bag/LoaderSpares.hpp"

namespace robometrics::bag {
namespace {

struct Buffers {
    int filled_by = -1;
};

TEST(LoaderSpares, ALoaderGetsBackTheChunksItMade) {
    LoaderSpares<Buffers> spares(2);
    auto a = spares.take(0), b = spares.take(1);
    ASSERT_NE(a, b);
    EXPECT_EQ(spares.made(), 2u);
    const Buffers *made_by_0 = a.get(), *made_by_1 = b.get();
    // Given back in the other order: each loader still gets its own.
    spares.giveBack(std::move(b));
    spares.giveBack(std::move(a));
    EXPECT_EQ(spares.take(0).get(), made_by_0);
    EXPECT_EQ(spares.take(1).get(), made_by_1);
    EXPECT_EQ(spares.made(), 2u);
}

TEST(LoaderSpares, AnotherLoadersSpareBeforeANewChunk) {
    LoaderSpares<Buffers> spares(2);
    auto a = spares.take(0);
    const Buffers *made_by_0 = a.get();
    spares.giveBack(std::move(a));
    // Loader 1 has no spare of its own: it gets loader 0's, and nothing new is made.
    auto borrowed = spares.take(1);
    EXPECT_EQ(borrowed.get(), made_by_0);
    EXPECT_EQ(spares.made(), 1u);
    // Given back, it is loader 0's again; with it taken, loader 1 gets a new chunk, its own.
    spares.giveBack(std::move(borrowed));
    auto held = spares.take(0);  // held, so that the new chunk cannot take its address
    EXPECT_EQ(held.get(), made_by_0);
    auto fresh = spares.take(1);
    EXPECT_NE(fresh.get(), made_by_0);
    EXPECT_EQ(spares.made(), 2u);
    const Buffers *made_by_1 = fresh.get();
    spares.giveBack(std::move(fresh));
    EXPECT_EQ(spares.take(1).get(), made_by_1);
}

TEST(LoaderSpares, AChunkMadeElsewhereCountsAsTheFirstLoaders) {
    LoaderSpares<Buffers> spares(3);
    auto outside = std::make_shared<Buffers>();  // as one the reader loaded before loading ahead
    const Buffers *chunk = outside.get();
    spares.giveBack(std::move(outside));
    auto mine = spares.take(2);  // loader 2 has none: it borrows the only spare
    EXPECT_EQ(mine.get(), chunk);
    spares.giveBack(std::move(mine));
    EXPECT_EQ(spares.take(0).get(), chunk);
    EXPECT_EQ(spares.made(), 0u);
}

TEST(LoaderSpares, NoLoadersMeansOneList) {
    LoaderSpares<Buffers> spares(0);
    auto a = spares.take(0);
    const Buffers *made = a.get();
    spares.giveBack(std::move(a));
    EXPECT_EQ(spares.take(0).get(), made);
}

}  // namespace
}  // namespace robometrics::bag
