#pragma once
// Decompresses MCAP chunk records: "" (none), "zstd" (one or more frames, content size possibly
// unknown) and "lz4" (the LZ4 frame format). The output is sized from the Chunk's
// uncompressed_size, which is first checked against the largest size the compressed bytes could
// possibly expand to, so a damaged size field cannot trigger a huge allocation.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/OverwriteBuffer.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

class ChunkDecompressor {
public:
    ChunkDecompressor();
    ~ChunkDecompressor();
    ChunkDecompressor(ChunkDecompressor &&) noexcept;
    ChunkDecompressor &operator=(ChunkDecompressor &&) noexcept;

    /// Decompresses `chunk.records` and checks the size and, when `verify_crc` and the stored CRC
    /// is not 0, the CRC. Returns the records: `chunk.records` itself when uncompressed, else
    /// `storage` (resized to uncompressed_size; an OverwriteBuffer is not zero-filled first, a
    /// std::vector may be). Errors carry no location; the caller adds file and offset.
    template <class Buffer>
    Result<Bytes> decompress(const ChunkRecord &chunk, Buffer &storage, bool verify_crc);

    /// LZ4 frames whose uncompressed size is not known (a ROS 1 chunk whose `size` field is
    /// damaged): into `storage`, resized to what they give, which may be no more than
    /// maxExpansion("lz4", src.size()).
    Result<Bytes> decompressLz4AnySize(Bytes src, std::vector<std::uint8_t> &storage);

    /// The largest uncompressed size `compressed_size` bytes of `compression` can produce.
    static std::uint64_t maxExpansion(const std::string &compression, std::uint64_t compressed_size);

private:
    struct Contexts;
    std::unique_ptr<Contexts> ctx_;
};

}  // namespace robometrics::bag::mcap
