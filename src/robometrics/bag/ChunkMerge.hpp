#pragma once
// What the MCAP indexed reader and the ROS 1 reader do alike with a bag's chunks: sort the wanted
// ones by (start time, file position), load each only when the next message could come from it
// (on the reader's thread, or ahead on loading threads after loadAhead(): ChunkLoadAhead.hpp),
// and merge the loaded ones on their next message (ChunkHeap.hpp). The formats differ only in
// their Loader (how a chunk is read, decompressed and parsed) and in their Chunk's messages.
//
// Index, a chunk's entry in the bag's index, and Chunk, a loaded chunk, provide:
//   static TimeNs-like Chunk::startOf(const Index &)   its earliest message time
//   static std::uint64_t Chunk::positionOf(const Index &)   where it is in the file
//   Chunk::file_offset, messages, cursor       as ChunkHeap needs
//   Chunk::frontTime(), Chunk::frontOffset()   time and offset in the chunk of its next message
// Loader provides:
//   Status load(const Index &, Chunk &)        reads a chunk into `chunk` (its buffers reused)
//   Result<std::unique_ptr<Loader>> another() const   the same on a file handle of its own
//   const std::string &path() const
// Loader and Chunk may be incomplete where ChunkMerge is a member; the reader's .cpp, where they
// are complete, instantiates the member functions (its destructor included).

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/ChunkHeap.hpp"
#include "robometrics/bag/ChunkLoadAhead.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag {

template <class Index, class Chunk, class Loader>
class ChunkMerge {
public:
    /// A chunk that failed to load and was skipped: its index entry and the error.
    struct Skipped {
        Index index;
        Error error;
    };

    /// `chunks`: the wanted ones (the reader has left out those its filter excludes), any order.
    /// With `skip_damaged` a chunk that fails to load is skipped (skipped() lists it) and the
    /// merge goes on with the others; without, the failure is next()'s error.
    ChunkMerge(std::unique_ptr<Loader> loader, std::vector<Index> chunks, bool skip_damaged = false)
        : chunks_(std::move(chunks)), skip_damaged_(skip_damaged) {
        loaders_.push_back(std::move(loader));
        std::stable_sort(chunks_.begin(), chunks_.end(), [](const Index &a, const Index &b) {
            if (Chunk::startOf(a) != Chunk::startOf(b)) return Chunk::startOf(a) < Chunk::startOf(b);
            return Chunk::positionOf(a) < Chunk::positionOf(b);
        });
    }

    const Loader &loader() const { return *loaders_.front(); }

    /// The wanted chunks in the order they are loaded: by (start time, file position).
    const std::vector<Index> &chunks() const { return chunks_; }

    /// Called with each chunk as it loads, on the thread that loads it: its number in chunks(),
    /// the load's status and the chunk (its messages when the load succeeded). Set before the
    /// first load.
    using AfterLoad = std::function<void(std::size_t number, const Status &status, const Chunk &chunk)>;
    void afterLoad(AfterLoad after) { after_load_ = std::move(after); }

    /// From now on the chunks are loaded ahead on `loaders` threads, each with its own handle on
    /// the file (fewer if the file cannot be opened again); none with 0. Not undone.
    void loadAhead(std::size_t loaders) {
        if (loaders == 0 || ahead_ || failed_ || next_chunk_ >= chunks_.size()) return;
        addLoaders(loaders_, loaders);
        // The threads read the Loaders and the chunk entries, both on the heap: a move of the
        // reader leaves them where they are.
        const Index *first = chunks_.data() + next_chunk_;
        ahead_ = std::make_unique<ChunkLoadAhead<Chunk>>(
            chunks_.size() - next_chunk_, loaders_.size(),
            [loaders = loaders_.data(), first, after = after_load_, skipped = next_chunk_](
                std::size_t loader, std::size_t i, Chunk &chunk) {
                Status status = loaders[loader]->load(first[i], chunk);
                if (after) after(skipped + i, status, chunk);
                return status;
            },
            skip_damaged_);
    }

    /// The chunk whose next message (at its cursor) comes next in time order; it owns that
    /// message's bytes until the following call. Null at the end. After an error, every call
    /// fails.
    Result<Chunk *> next() {
        if (failed_) return Error{loaders_.front()->path() + ": reading stopped at an earlier error"};
        heap_.template releaseCurrent<Later>();  // the previous message's chunk: back into the heap or the spares
        // Load every chunk that may hold a message at or before the earliest one pending.
        while (next_chunk_ < chunks_.size() &&
               (heap_.empty() || Chunk::startOf(chunks_[next_chunk_]) <= heap_.earliest().frontTime())) {
            auto chunk = loadNext();
            if (!chunk && skip_damaged_) {
                // Its messages are lost, the others are not: a message already pending with the
                // time of this chunk's start is still given.
                skipped_.push_back({chunks_[next_chunk_ - 1], chunk.error()});
                continue;
            }
            if (!chunk) {
                failed_ = true;
                return chunk.error();
            }
            heap_.template add<Later>(std::move(chunk.value()));
        }
        if (heap_.empty()) return static_cast<Chunk *>(nullptr);
        return &heap_.template popEarliest<Later>();
    }

    /// The chunk of the message returned last (null before the first).
    const std::shared_ptr<Chunk> &current() const { return heap_.current(); }

    /// How many chunks were read from the file so far (for tests of the time-range skip).
    std::size_t chunksLoaded() const { return chunks_loaded_; }

    /// The chunks skipped as damaged so far (with skip_damaged), in the order they were met.
    const std::vector<Skipped> &skipped() const { return skipped_; }

private:
    // Heap order: smallest (time, chunk position, position in chunk) on top.
    struct Later {
        template <class P>
        bool operator()(const P &a, const P &b) const {
            if (a->frontTime() != b->frontTime()) return a->frontTime() > b->frontTime();
            if (a->file_offset != b->file_offset) return a->file_offset > b->file_offset;
            return a->frontOffset() > b->frontOffset();
        }
    };

    /// The next wanted chunk, loaded here or taken from the loading threads.
    Result<std::shared_ptr<Chunk>> loadNext() {
        const Index &index = chunks_[next_chunk_++];
        ++chunks_loaded_;
        if (ahead_) return ahead_->take(heap_.finished());
        std::shared_ptr<Chunk> chunk = heap_.spare();
        Status status = loaders_.front()->load(index, *chunk);
        if (after_load_) after_load_(next_chunk_ - 1, status, *chunk);
        ROBOMETRICS_TRY(std::move(status));
        return chunk;
    }

    /// On the heap, one per loading thread after loadAhead(), so a move leaves them in place.
    std::vector<std::unique_ptr<Loader>> loaders_;
    std::vector<Index> chunks_;  ///< the wanted chunks, by (start time, file position)
    std::size_t next_chunk_ = 0;
    ChunkHeap<Chunk> heap_;
    std::size_t chunks_loaded_ = 0;
    bool failed_ = false;
    bool skip_damaged_ = false;
    std::vector<Skipped> skipped_;
    AfterLoad after_load_;
    std::unique_ptr<ChunkLoadAhead<Chunk>> ahead_;  ///< last: its threads read the members above
};

}  // namespace robometrics::bag
