#include "robometrics/bag/ros1/ChunkResync.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/ChunkDecompressor.hpp"
#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {

namespace {

// A record header is a run of fields, each a u32 length and "name=value". The op field of a chunk
// is always these 8 bytes; rosbag writes its fields in name order, so `compression=...` (at most
// 4 + 15 bytes) comes before it and the record's own u32 header length before that.
constexpr std::array<std::uint8_t, 8> kChunkOpField = {4, 0, 0, 0, 'o', 'p', '=', 0x05};
constexpr std::uint64_t kMostBytesBeforeOp = 4 + 4 + 15;

/// Whether a whole, consistent Chunk record starts at `at` with its op field at `op_at`.
bool chunkRecordAt(mcap::FileInput &file, std::uint64_t at, std::uint64_t op_at, ChunkDecompressor &decompressor,
                   std::vector<std::uint8_t> &data, std::vector<std::uint8_t> &storage) {
    FileRecord record;
    if (!readRecordHeader(file, at, record).ok()) return false;
    if (op_at < at + 4 || op_at + kChunkOpField.size() > at + 4 + record.header.size()) return false;
    auto fields = HeaderFields::parse(record.header);
    if (!fields) return false;
    auto op = fields->op();
    if (!op || *op != static_cast<std::uint8_t>(Op::Chunk)) return false;
    auto chunk = parseChunkHeader(*fields);
    if (!chunk) return false;
    if (record.end() < file.size()) {
        FileRecord next;
        if (!readRecordHeader(file, record.end(), next).ok()) return false;
    }
    if (!file.read(record.data_offset, record.data_length, data, "Chunk data").ok()) return false;
    return decompressor.decompress(*chunk, data, storage, true).ok();
}

}  // namespace

std::optional<std::uint64_t> findNextChunkRecord(mcap::FileInput &file, std::uint64_t from) {
    constexpr std::uint64_t kBlock = std::uint64_t{1} << 20;
    ChunkDecompressor decompressor;
    std::vector<std::uint8_t> block, data, storage;
    const std::uint64_t end = file.size();
    // Blocks overlap by the pattern's length less one, so a pattern across two blocks is found.
    for (std::uint64_t pos = from; pos < end; pos += kBlock) {
        const std::uint64_t n = std::min(kBlock + kChunkOpField.size() - 1, end - pos);
        if (!file.read(pos, n, block, "records").ok()) return std::nullopt;
        for (auto it = std::search(block.begin(), block.end(), kChunkOpField.begin(), kChunkOpField.end());
             it != block.end();
             it = std::search(it + 1, block.end(), kChunkOpField.begin(), kChunkOpField.end())) {
            const std::uint64_t op_at = pos + static_cast<std::uint64_t>(it - block.begin());
            if (op_at >= pos + kBlock) break;  // the next block finds it
            const std::uint64_t first = op_at >= from + kMostBytesBeforeOp ? op_at - kMostBytesBeforeOp : from;
            for (std::uint64_t at = first; at + 4 <= op_at; ++at)
                if (chunkRecordAt(file, at, op_at, decompressor, data, storage)) return at;
        }
    }
    return std::nullopt;
}

}  // namespace robometrics::bag::ros1
