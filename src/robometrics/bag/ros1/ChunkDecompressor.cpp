#include "robometrics/bag/ros1/ChunkDecompressor.hpp"

#include "robometrics/bag/mcap/ChunkDecompressor.hpp"

namespace robometrics::bag::ros1 {

// The MCAP decoder holds the reusable LZ4 context.
struct ChunkDecompressor::Lz4 {
    mcap::ChunkDecompressor decoder;
};

ChunkDecompressor::ChunkDecompressor() : lz4_(std::make_unique<Lz4>()) {}
ChunkDecompressor::~ChunkDecompressor() = default;
ChunkDecompressor::ChunkDecompressor(ChunkDecompressor &&) noexcept = default;
ChunkDecompressor &ChunkDecompressor::operator=(ChunkDecompressor &&) noexcept = default;

Result<Bytes> ChunkDecompressor::decompress(const ChunkHeader &chunk, Bytes data, std::vector<std::uint8_t> &storage) {
    if (chunk.compression == "none") {
        if (chunk.size != data.size()) {
            return Error{"uncompressed chunk holds " + std::to_string(data.size()) + " bytes but declares size " +
                         std::to_string(chunk.size)};
        }
        return data;
    }
    if (chunk.compression == "bz2") {
        ROBOMETRICS_TRY(decompressBz2(data, chunk.size, storage));
        return Bytes(storage);
    }
    if (chunk.compression == "lz4") {
        mcap::ChunkRecord record;
        record.compression = "lz4";
        record.uncompressed_size = chunk.size;
        record.records = data;
        return lz4_->decoder.decompress(record, storage, false);
    }
    return Error{"unsupported chunk compression '" + chunk.compression + "' (expected none, bz2 or lz4)"};
}

}  // namespace robometrics::bag::ros1
