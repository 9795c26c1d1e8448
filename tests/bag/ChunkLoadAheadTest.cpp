// ChunkLoadAhead: chunks loaded on one or two threads come out in order, an error comes at its
// chunk after every chunk before it, handed-back chunks are loaded into again, and an early end
// stops the threads.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <string>
#include <thread>

#include "robometrics/bag/ChunkLoadAhead.hpp"

namespace robometrics::bag {
namespace {

struct NumberedChunk {
    std::size_t index = 0;
    std::size_t loader = 0;
};

// Odd chunks take longer, so with two loaders later chunks are often ready first.
Status slowOnOdd(std::size_t loader, std::size_t i, NumberedChunk &chunk) {
    if (i % 2) std::this_thread::sleep_for(std::chrono::microseconds(300));
    chunk.index = i;
    chunk.loader = loader;
    return Status::Ok();
}

TEST(ChunkLoadAhead, ChunksComeInOrderFromOneOrTwoLoaders) {
    for (std::size_t loaders : {1u, 2u}) {
        // On a loaded machine one thread could load all 40 before the other ever ran: each loader's
        // first load waits (at most 5 s) until every loader has started one.
        std::atomic<unsigned> started{0};
        const unsigned everyone = (1u << loaders) - 1;
        auto load = [&](std::size_t loader, std::size_t i, NumberedChunk &chunk) -> Status {
            started |= 1u << loader;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (started.load() != everyone && std::chrono::steady_clock::now() < until) {
                std::this_thread::sleep_for(std::chrono::microseconds(100));
            }
            return slowOnOdd(loader, i, chunk);
        };
        ChunkLoadAhead<NumberedChunk> ahead(40, loaders, load);
        std::set<std::size_t> used;
        for (std::size_t i = 0; i < 40; ++i) {
            auto chunk = ahead.take(nullptr);
            ASSERT_TRUE(chunk.ok()) << chunk.message();
            EXPECT_EQ((*chunk)->index, i) << loaders;
            used.insert((*chunk)->loader);
        }
        EXPECT_EQ(used.size(), loaders);
    }
}

TEST(ChunkLoadAhead, AnErrorComesAtItsChunkAfterEveryChunkBeforeIt) {
    // Chunk 5 fails at once while chunk 4 (slow) is still loading on the other thread.
    auto load = [](std::size_t loader, std::size_t i, NumberedChunk &chunk) -> Status {
        if (i == 5) return Error{"chunk 5 is damaged"};
        return slowOnOdd(loader, i, chunk);
    };
    for (std::size_t loaders : {1u, 2u}) {
        ChunkLoadAhead<NumberedChunk> ahead(10, loaders, load);
        for (std::size_t i = 0; i < 5; ++i) {
            auto chunk = ahead.take(nullptr);
            ASSERT_TRUE(chunk.ok()) << chunk.message();
            EXPECT_EQ((*chunk)->index, i);
        }
        auto failed = ahead.take(nullptr);
        ASSERT_FALSE(failed.ok());
        EXPECT_EQ(failed.message(), "chunk 5 is damaged");
    }
}

TEST(ChunkLoadAhead, PastErrorsTheChunksAfterAFailedOneStillCome) {
    // A reader that skips damaged chunks: chunks 3 and 7 fail, every other one comes, in order.
    auto load = [](std::size_t loader, std::size_t i, NumberedChunk &chunk) -> Status {
        if (i == 3 || i == 7) return Error{"chunk " + std::to_string(i) + " is damaged"};
        return slowOnOdd(loader, i, chunk);
    };
    for (std::size_t loaders : {1u, 2u}) {
        ChunkLoadAhead<NumberedChunk> ahead(10, loaders, load, true);
        for (std::size_t i = 0; i < 10; ++i) {
            auto chunk = ahead.take(nullptr);
            if (i == 3 || i == 7) {
                ASSERT_FALSE(chunk.ok());
                EXPECT_EQ(chunk.message(), "chunk " + std::to_string(i) + " is damaged");
                continue;
            }
            ASSERT_TRUE(chunk.ok()) << chunk.message();
            EXPECT_EQ((*chunk)->index, i) << loaders;
        }
    }
}

TEST(ChunkLoadAhead, AHandedBackChunkIsLoadedAgain) {
    // 200 chunks, not 20: whether a spare comes back before the loader needs a buffer depends on
    // the scheduler, and on a machine loaded far beyond its cores 20 chunks once gave no reuse.
    ChunkLoadAhead<NumberedChunk> ahead(200, 1, slowOnOdd);
    auto first = ahead.take(nullptr);
    ASSERT_TRUE(first.ok());
    const NumberedChunk *handed_back = first->get();
    std::shared_ptr<NumberedChunk> spare = std::move(first.value());
    bool reused = false;
    for (std::size_t i = 1; i < 200; ++i) {
        auto chunk = ahead.take(std::move(spare));
        ASSERT_TRUE(chunk.ok());
        EXPECT_EQ((*chunk)->index, i);
        reused = reused || chunk->get() == handed_back;
        spare = std::move(chunk.value());
    }
    EXPECT_TRUE(reused);
}

TEST(ChunkLoadAhead, StopsWhenDestroyedBeforeTheEnd) {
    std::atomic<std::size_t> loaded{0};
    {
        ChunkLoadAhead<NumberedChunk> ahead(1000, 2, [&loaded](std::size_t, std::size_t i, NumberedChunk &chunk) {
            chunk.index = i;
            ++loaded;
            return Status::Ok();
        });
        ASSERT_TRUE(ahead.take(nullptr).ok());
    }
    // Never more than the window ahead of the one chunk taken.
    EXPECT_LE(loaded.load(), 1 + 2 * ChunkLoadAhead<NumberedChunk>::kAheadPerLoader);
}

}  // namespace
}  // namespace robometrics::bag
