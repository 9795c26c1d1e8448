#pragma once
// Reads the messages of a ROS 1 bag in log-time order, chunk by chunk. ROS 1 chunks may be out
// of time order and overlap (rosbag writes them as buffers fill), so, as for indexed MCAP, the
// chunks are sorted by start time from their Chunk info records and loaded lazily, only when
// the next message could come from them: memory holds the chunks that overlap in time, never
// the whole bag. Ties keep file order (chunk position, then position in the chunk). After
// loadAhead() the chunks are read, decompressed (bz2, lz4) and parsed on threads of their own
// ahead of next() (bag/ChunkLoadAhead.hpp), with the same messages and errors.

#include <cstdint>
#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/ChunkMerge.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/ChunkDecompressor.hpp"
#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {

/// Which messages to deliver: every known connection id with whether it is wanted, and an
/// inclusive time range. A message on an unknown connection is an error.
struct MergeFilter {
    std::unordered_map<std::uint32_t, bool> connections;
    TimeNs start_time = std::numeric_limits<TimeNs>::min();
    TimeNs end_time = std::numeric_limits<TimeNs>::max();
};

struct RawMessage {
    std::uint32_t conn = 0;
    TimeNs time = 0;
    Bytes data;  ///< valid until the next call to next()
};

class ChunkMerger {
public:
    /// With `skip_damaged` (a recovering read) a chunk that fails to load is skipped (skipped()
    /// lists it) and the merge goes on with the next chunk of the index, as rosbag does; without,
    /// its failure is next()'s error. It also reads a chunk whose header declares a wrong
    /// uncompressed `size`, which rosbag never looks at.
    ChunkMerger(mcap::FileInput file, std::vector<ChunkInfo> chunks, MergeFilter filter, bool skip_damaged = false);
    ~ChunkMerger();
    ChunkMerger(ChunkMerger &&) noexcept;
    ChunkMerger &operator=(ChunkMerger &&) = delete;  // would replace what a loading thread reads

    /// From now on the chunks are loaded ahead of next() on `loaders` threads of their own (each
    /// with its own handle on the file); none with 0 (ROBOMETRICS_READ_THREADS=1). Not undone.
    void loadAhead(std::size_t loaders = chunkLoaders());

    /// The next message in time order; false at the end; an Error naming file and offset.
    Result<bool> next(RawMessage &out);

    /// How many chunks were read from the file so far (for tests of the time-range skip).
    std::size_t chunksLoaded() const { return merge_.chunksLoaded(); }

    /// A chunk skipped as damaged: its chunk info and what is wrong with it.
    struct Skipped {
        ChunkInfo info;
        Error error;
    };
    /// The chunks skipped so far (with skip_damaged), in the order the merge met them.
    std::vector<Skipped> skipped() const;

private:
    struct LoadedChunk;
    class Loader;

    ChunkMerge<ChunkInfo, LoadedChunk, Loader> merge_;  ///< bag/ChunkMerge.hpp
};

}  // namespace robometrics::bag::ros1
