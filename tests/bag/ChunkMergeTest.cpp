// The lazy, time-ordered merge of a bag's chunks that the MCAP and ROS 1 readers share: order and
// ties, loading only the chunks the next message may come from, the same messages and errors
// when loading ahead on threads, an error that stops the reading for good, and a damaged chunk
// skipped when the reader skips damage.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/ChunkMerge.hpp"

namespace robometrics::bag {
namespace {

// A chunk's entry in the index: its start time, its position, and the message times it holds
// (what a real loader reads from the file).
struct MergeIndex {
    long start = 0;
    std::uint64_t position = 0;
    std::vector<long> times;
};

struct MergeChunk {
    std::uint64_t file_offset = 0;
    std::vector<std::pair<std::size_t, long>> messages;  // (offset in chunk, time)
    std::size_t cursor = 0;

    static long startOf(const MergeIndex &c) { return c.start; }
    static std::uint64_t positionOf(const MergeIndex &c) { return c.position; }
    long frontTime() const { return messages[cursor].second; }
    std::size_t frontOffset() const { return messages[cursor].first; }
};

class MergeLoader {
public:
    explicit MergeLoader(std::uint64_t failing_position = ~std::uint64_t{0}) : failing_(failing_position) {}

    Status load(const MergeIndex &index, MergeChunk &chunk) const {
        if (index.position == failing_) return Error{"chunk at " + std::to_string(index.position) + " is damaged"};
        chunk.file_offset = index.position;
        chunk.cursor = 0;
        chunk.messages.clear();
        for (std::size_t i = 0; i < index.times.size(); ++i) chunk.messages.emplace_back(i, index.times[i]);
        return Status::Ok();
    }
    Result<std::unique_ptr<MergeLoader>> another() const { return std::make_unique<MergeLoader>(failing_); }
    const std::string &path() const { return path_; }

private:
    std::uint64_t failing_;
    std::string path_ = "test.bag";
};

using Merge = ChunkMerge<MergeIndex, MergeChunk, MergeLoader>;

// (time, chunk position) of every message, in the order the merge gives them; "error: ..." last
// if it fails.
std::vector<std::pair<long, std::uint64_t>> drain(Merge &merge, std::string *error = nullptr) {
    std::vector<std::pair<long, std::uint64_t>> out;
    for (;;) {
        auto chunk = merge.next();
        if (!chunk) {
            if (error) *error = chunk.message();
            return out;
        }
        if (*chunk == nullptr) return out;
        out.emplace_back((*chunk)->frontTime(), (*chunk)->file_offset);
        ++(*chunk)->cursor;
    }
}

// Two chunks that overlap in time, given out of order, and a third after both.
std::vector<MergeIndex> overlapping() { return {{5, 200, {5, 6, 9}}, {1, 100, {1, 5, 8}}, {20, 300, {20, 21}}}; }

TEST(ChunkMerge, MergesOverlappingChunksInTimeOrderTiesInFileOrder) {
    Merge merge(std::make_unique<MergeLoader>(), overlapping());
    const std::vector<std::pair<long, std::uint64_t>> expected = {{1, 100}, {5, 100}, {5, 200},  {6, 200},
                                                                  {8, 100}, {9, 200}, {20, 300}, {21, 300}};
    EXPECT_EQ(drain(merge), expected);
    EXPECT_EQ(merge.chunksLoaded(), 3u);
}

TEST(ChunkMerge, LoadsAChunkOnlyWhenItsFirstMessageMayComeNext) {
    Merge merge(std::make_unique<MergeLoader>(), overlapping());
    ASSERT_TRUE(merge.next().ok());  // time 1: only the chunk starting at 1 is needed
    EXPECT_EQ(merge.chunksLoaded(), 1u);
    ++merge.current()->cursor;
    ASSERT_TRUE(merge.next().ok());  // time 5: the chunk starting at 5 may hold an earlier one
    EXPECT_EQ(merge.chunksLoaded(), 2u);
}

TEST(ChunkMerge, LoadingAheadGivesTheSameMessages) {
    for (std::size_t loaders : {1u, 2u, 3u}) {
        Merge ahead(std::make_unique<MergeLoader>(), overlapping());
        ahead.loadAhead(loaders);
        Merge alone(std::make_unique<MergeLoader>(), overlapping());
        EXPECT_EQ(drain(ahead), drain(alone)) << loaders << " loaders";
    }
}

TEST(ChunkMerge, AnErrorStopsTheReadingAtTheSameMessageWithOrWithoutLoadingAhead) {
    for (std::size_t loaders : {0u, 2u}) {
        Merge merge(std::make_unique<MergeLoader>(300), overlapping());
        merge.loadAhead(loaders);
        std::string error;
        const auto read = drain(merge, &error);
        EXPECT_EQ(read.size(), 6u) << loaders << " loaders";  // every message before time 20
        EXPECT_EQ(error, "chunk at 300 is damaged");
        auto after = merge.next();
        ASSERT_FALSE(after.ok());
        EXPECT_EQ(after.message(), "test.bag: reading stopped at an earlier error");
    }
}

TEST(ChunkMerge, SkippingADamagedChunkLosesOnlyItsMessages) {
    // The chunk at 200 (times 5, 6, 9) fails: the others' messages all come, the one at time 5 of
    // the chunk before it too (same time as the damaged chunk's start), with or without loading ahead.
    const std::vector<std::pair<long, std::uint64_t>> expected = {{1, 100}, {5, 100}, {8, 100}, {20, 300}, {21, 300}};
    for (std::size_t loaders : {0u, 2u}) {
        Merge merge(std::make_unique<MergeLoader>(200), overlapping(), true);
        merge.loadAhead(loaders);
        std::string error;
        EXPECT_EQ(drain(merge, &error), expected) << loaders << " loaders";
        EXPECT_EQ(error, "");
        ASSERT_EQ(merge.skipped().size(), 1u);
        EXPECT_EQ(merge.skipped()[0].index.position, 200u);
        EXPECT_EQ(merge.skipped()[0].error.message, "chunk at 200 is damaged");
    }
}

TEST(ChunkMerge, NoChunksIsAnEmptyBag) {
    Merge merge(std::make_unique<MergeLoader>(), {});
    merge.loadAhead(2);
    auto chunk = merge.next();
    ASSERT_TRUE(chunk.ok());
    EXPECT_EQ(*chunk, nullptr);
}

}  // namespace
}  // namespace robometrics::bag
