#pragma once
// Compresses the chunks an MCAP writer closes (zstd level 1, or the LZ4 frame format) and computes
// their CRCs, on threads of its own when it has any, and hands them back in the order they were
// given: the writer keeps filling the next chunk while earlier ones compress, and writes each
// Chunk record once every chunk before it is written, so the file's bytes are the same whatever
// the number of threads (compression is a pure function of the chunk's bytes). At most
// kAheadPerThread chunks per thread are given and not yet taken back, so memory stays bounded.
// Jobs are reused: the writer swaps its open chunk's buffers with a spare job's.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag::mcap {

class ChunkCompressor {
public:
    static constexpr std::size_t kAheadPerThread = 2;

    struct Job {
        // Given: the chunk's records, per channel its messages' (log time, offset in the records),
        // and its time span and message count.
        std::vector<std::uint8_t> records;
        std::map<std::uint16_t, std::vector<std::pair<std::uint64_t, std::uint64_t>>> index;
        std::uint64_t start = 0, end = 0, messages = 0;
        // Made: the records compressed and their CRC, or why not. `compressed` only grows, so a
        // reused job writes into memory already mapped and zeroed once (a vector shrunk to fit
        // and grown again zero-fills the difference for every chunk); its first
        // `compressed_size` bytes are the chunk's.
        std::vector<std::uint8_t> compressed;
        std::size_t compressed_size = 0;
        bool stored = false;  ///< Compression::None: the records are written as they are
        std::uint32_t crc = 0;
        /// The bytes the Chunk record holds.
        std::span<const std::uint8_t> output() const {
            if (stored) return records;
            return {compressed.data(), compressed_size};
        }
        Status status;
        bool done = false;  ///< under the mutex, while the job is in flight
    };

    /// `threads` 0: every job is compressed in submit(), on the caller's thread.
    ChunkCompressor(Compression compression, std::size_t threads);
    ~ChunkCompressor();
    ChunkCompressor(const ChunkCompressor &) = delete;
    ChunkCompressor &operator=(const ChunkCompressor &) = delete;

    /// A job to fill: a finished one taken back (its records and index entries cleared, their
    /// capacity kept) or a new one.
    std::unique_ptr<Job> spare();
    /// Hands a filled job over (compressed at once when there are no threads).
    void submit(std::unique_ptr<Job> job);
    /// The oldest job handed over and not yet taken, once it is compressed; with `wait` false,
    /// null when it is still being compressed, unless more than kAheadPerThread per thread are in
    /// flight: then it waits for it. Null when there is none.
    std::unique_ptr<Job> take(bool wait);
    /// A taken job, written: its buffers serve the next chunk.
    void recycle(std::unique_ptr<Job> job);

private:
    struct Contexts;
    void run();

    const Compression compression_;
    const std::size_t most_in_flight_;
    std::unique_ptr<Contexts> inline_;  ///< the caller's contexts when there are no threads
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::unique_ptr<Job>> in_flight_;  ///< handed over, not taken; oldest first
    std::deque<Job *> todo_;                      ///< in_flight_'s jobs no thread has started
    std::vector<std::unique_ptr<Job>> spares_;
    bool stop_ = false;
    std::vector<std::thread> threads_;  ///< last: they start once every member above is made
};

}  // namespace robometrics::bag::mcap
