#pragma once
// Decompresses the data of a ROS 1 chunk: "none", "bz2" (libbz2) or "lz4" (roslz4 writes the
// standard LZ4 frame format, so the MCAP module's LZ4 frame decoder serves). The output has
// exactly the chunk's declared uncompressed size. A damaged size field cannot cause a large
// allocation: LZ4 sizes are checked against the most the input can expand to, and bz2 output
// grows only as data is actually produced.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {

class ChunkDecompressor {
public:
    ChunkDecompressor();
    ~ChunkDecompressor();
    ChunkDecompressor(ChunkDecompressor &&) noexcept;
    ChunkDecompressor &operator=(ChunkDecompressor &&) noexcept;

    /// The records of a chunk: `data` itself when uncompressed, else `storage`. Errors carry
    /// no location; the caller adds file and offset. With `size_may_lie` (a recovering read) a
    /// chunk whose data do not come to its declared `size` is read as its data are, as rosbag
    /// reads it (it never looks at `size`): uncompressed, all of `data`; compressed, what the
    /// data decompress to, within the most they can expand to.
    Result<Bytes> decompress(const ChunkHeader &chunk, Bytes data, std::vector<std::uint8_t> &storage,
                             bool size_may_lie = false);

private:
    struct Lz4;
    std::unique_ptr<Lz4> lz4_;
};

/// Decompresses a whole bz2 stream that must expand to exactly `size` bytes into `out` (with
/// `at_most`: to no more than `size` bytes, `out` resized to what it gave).
Status decompressBz2(Bytes data, std::uint64_t size, std::vector<std::uint8_t> &out, bool at_most = false);

}  // namespace robometrics::bag::ros1
