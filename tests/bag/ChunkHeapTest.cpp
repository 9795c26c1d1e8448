// The time-ordered merge of loaded chunks: order, reuse of finished chunks, and no reuse while a
// reader pins a chunk.

#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "robometrics/bag/ChunkHeap.hpp"

namespace robometrics::bag {
namespace {

struct TestChunk {
    std::vector<int> messages;  // times
    std::size_t cursor = 0;
};

struct Later {
    bool operator()(const std::shared_ptr<TestChunk> &a, const std::shared_ptr<TestChunk> &b) const {
        return a->messages[a->cursor] > b->messages[b->cursor];
    }
};

void load(ChunkHeap<TestChunk> &heap, std::vector<int> times) {
    std::shared_ptr<TestChunk> chunk = heap.spare();
    chunk->messages = std::move(times);
    chunk->cursor = 0;
    heap.add<Later>(std::move(chunk));
}

std::vector<int> drain(ChunkHeap<TestChunk> &heap) {
    std::vector<int> out;
    for (;;) {
        heap.releaseCurrent<Later>();
        if (heap.empty()) return out;
        TestChunk &c = heap.popEarliest<Later>();
        out.push_back(c.messages[c.cursor++]);
    }
}

TEST(ChunkHeap, MergesOverlappingChunksInTimeOrder) {
    ChunkHeap<TestChunk> heap;
    load(heap, {1, 4, 6});
    load(heap, {2, 3, 7});
    load(heap, {5});
    EXPECT_EQ(drain(heap), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(heap.current(), nullptr);
}

TEST(ChunkHeap, ReusesAFinishedChunkNobodyPins) {
    ChunkHeap<TestChunk> heap;
    load(heap, {1});
    TestChunk *first = &heap.popEarliest<Later>();
    ++first->cursor;               // its one message read
    heap.releaseCurrent<Later>();  // finished: a spare
    EXPECT_EQ(heap.spare().get(), first);
}

TEST(ChunkHeap, APinnedChunkIsNotReusedUntilItsPinIsDropped) {
    ChunkHeap<TestChunk> heap;
    load(heap, {1});
    ++heap.popEarliest<Later>().cursor;
    std::shared_ptr<const void> pin = heap.current();
    const void *pinned = pin.get();
    heap.releaseCurrent<Later>();  // finished, but pinned
    std::shared_ptr<TestChunk> fresh = heap.spare();
    const void *other = fresh.get();
    EXPECT_NE(other, pinned);
    heap.add<Later>(std::move(fresh));  // no messages: back to the spares
    // Dropped on another thread, synchronised by the join: both spares are free now.
    std::thread([&] { pin.reset(); }).join();
    const std::shared_ptr<TestChunk> a = heap.spare();
    const std::shared_ptr<TestChunk> b = heap.spare();
    EXPECT_EQ(std::set<const void *>({a.get(), b.get()}), std::set<const void *>({pinned, other}));
}

TEST(ChunkHeap, FinishedGivesOnlyAChunkNobodyPinsAndMakesNone) {
    ChunkHeap<TestChunk> heap;
    EXPECT_EQ(heap.finished(), nullptr);  // no spare: nothing is made (the loaders make their own)
    load(heap, {1});
    ++heap.popEarliest<Later>().cursor;
    std::shared_ptr<const void> pin = heap.current();
    const void *pinned = pin.get();
    heap.releaseCurrent<Later>();  // finished, but pinned
    EXPECT_EQ(heap.finished(), nullptr);
    std::thread([&] { pin.reset(); }).join();
    EXPECT_EQ(heap.finished().get(), pinned);
    EXPECT_EQ(heap.finished(), nullptr);  // taken
}

}  // namespace
}  // namespace robometrics::bag
