#pragma once
// Indexed MCAP message reader: given the chunk indexes (from the summary, or built by a linear
// scan), reads only the chunks that overlap the wanted time range and channels, and merges their
// messages into log-time order. Ties keep file order (a stable merge), which is what the
// conformance suite expects. Chunks are loaded lazily, only when the next message could come
// from them, so memory holds only the chunks that overlap in time, and, after loadAhead(), up to
// two more per loading thread, read and decompressed ahead (bag/ChunkLoadAhead.hpp).

#include <cstdint>
#include <limits>
#include <memory>
#include <set>
#include <vector>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/ChunkMerge.hpp"
#include "robometrics/bag/LoadedChunks.hpp"
#include "robometrics/bag/mcap/ChunkDecompressor.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

/// Which messages to deliver: channel ids (empty = all) and an inclusive log-time range.
struct MessageFilter {
    std::set<std::uint16_t> channels;
    std::uint64_t start_time = 0;
    std::uint64_t end_time = std::numeric_limits<std::uint64_t>::max();

    bool wants(std::uint16_t channel_id, std::uint64_t log_time) const {
        return log_time >= start_time && log_time <= end_time && (channels.empty() || channels.count(channel_id));
    }
};

class IndexedReader {
public:
    /// With `skip_damaged` a chunk whose record, CRC, decompression or records fail is skipped
    /// (skipped() lists it) and reading goes on with the next chunk of `chunks`; without, its
    /// failure is next()'s error.
    IndexedReader(FileInput file, std::vector<ChunkIndexRecord> chunks, MessageFilter filter, bool verify_crcs = true,
                  bool skip_damaged = false);
    ~IndexedReader();
    IndexedReader(IndexedReader &&) noexcept;
    IndexedReader &operator=(IndexedReader &&) = delete;  // would replace what a loading thread reads

    /// From now on the chunks are read and decompressed ahead of next() on `loaders` threads of
    /// their own (each with its own handle on the file), two chunks at once with two: the
    /// messages and errors are the same. For a caller that reads to the end (ReadAhead, `info`,
    /// `convert`); not undone. With 0 loaders (ROBOMETRICS_READ_THREADS=1) nothing changes.
    void loadAhead(std::size_t loaders = chunkLoaders());

    /// The next message in log-time order; its data view stays valid until the next call.
    Result<bool> next(MessageRecord &out);
    /// Shows every chunk to `visitor` as it loads (bag/LoadedChunks.hpp), numbered in load order,
    /// when the chunk index promises that their messages come one chunk after the other: each
    /// chunk ends before the next begins (or at the same time, earlier in the file, which the
    /// merge puts first). False, and nothing shown, when chunks overlap in time. Before next().
    bool visitChunks(std::shared_ptr<LoadedChunkVisitor> visitor);

    /// Sets `keeper` to the chunk holding the last message's bytes, which is not reused while it
    /// is held (MessageSource::pinLast). False before the first message, and for a chunk of more
    /// than kMaxPinnedChunkBytes (read and decompressed): a reader holding a few such chunks
    /// would hold several times the memory the copies of their messages take.
    bool pinLast(std::shared_ptr<const void> &keeper) const;
    static constexpr std::size_t kMaxPinnedChunkBytes = std::size_t{8} << 20;

    /// How many chunks were read from the file so far (for tests of the time-range seek).
    std::size_t chunksLoaded() const { return merge_.chunksLoaded(); }

    /// A chunk skipped as damaged: its index entry and what is wrong with it.
    struct Skipped {
        ChunkIndexRecord index;
        Error error;
    };
    /// The chunks skipped so far (with skip_damaged), in the order the merge met them.
    std::vector<Skipped> skipped() const;

private:
    struct LoadedChunk;
    class Loader;

    ChunkMerge<ChunkIndexRecord, LoadedChunk, Loader> merge_;  ///< bag/ChunkMerge.hpp
};

}  // namespace robometrics::bag::mcap
