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

namespace {

// The most bz2 data of a chunk whose `size` is not trusted may give, per byte: far above what
// recordings reach (a few times), finite so that damaged data cannot fill the memory.
constexpr std::uint64_t kBz2MostRatio = 1024;
constexpr std::uint64_t kBz2Slack = std::uint64_t{1} << 16;

}  // namespace

Result<Bytes> ChunkDecompressor::decompress(const ChunkHeader &chunk, Bytes data, std::vector<std::uint8_t> &storage,
                                            bool size_may_lie) {
    if (chunk.compression == "none") {
        if (chunk.size != data.size() && !size_may_lie) {
            return Error{"uncompressed chunk holds " + std::to_string(data.size()) + " bytes but declares size " +
                         std::to_string(chunk.size)};
        }
        return data;
    }
    if (chunk.compression == "bz2") {
        if (size_may_lie && !decompressBz2(data, chunk.size, storage).ok()) {
            ROBOMETRICS_TRY(decompressBz2(data, data.size() * kBz2MostRatio + kBz2Slack, storage, true));
            return Bytes(storage);
        }
        ROBOMETRICS_TRY(decompressBz2(data, chunk.size, storage));
        return Bytes(storage);
    }
    if (chunk.compression == "lz4") {
        mcap::ChunkRecord record;
        record.compression = "lz4";
        record.uncompressed_size = chunk.size;
        record.records = data;
        auto records = lz4_->decoder.decompress(record, storage, false);
        if (!records && size_may_lie) return lz4_->decoder.decompressLz4AnySize(data, storage);
        return records;
    }
    return Error{"unsupported chunk compression '" + chunk.compression + "' (expected none, bz2 or lz4)"};
}

}  // namespace robometrics::bag::ros1
