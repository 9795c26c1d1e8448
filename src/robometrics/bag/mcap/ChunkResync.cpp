#include "robometrics/bag/mcap/ChunkResync.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/ChunkDecompressor.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

namespace {

// A Chunk's content before its compression name: start, end, uncompressed size (8 each), CRC (4),
// the name's length (4); after the name, the records' length (8).
constexpr std::uint64_t kFixedBeforeName = 8 + 8 + 8 + 4 + 4;
constexpr std::uint64_t kLongestName = 4;  // "zstd"

/// Whether a whole, consistent Chunk record starts at `at` (before `end`).
bool chunkStartsAt(FileInput &file, std::uint64_t at, std::uint64_t end, ChunkDecompressor &decompressor,
                   std::vector<std::uint8_t> &record, std::vector<std::uint8_t> &storage) {
    std::uint8_t head[kRecordPrefixSize + kFixedBeforeName + kLongestName + 8] = {};
    if (end - at < sizeof head || !file.readInto(at, sizeof head, head, "Chunk record").ok()) return false;
    if (head[0] != static_cast<std::uint8_t>(Opcode::Chunk)) return false;
    const std::uint64_t length = loadLe<std::uint64_t>(head + 1);
    if (length > end - at - kRecordPrefixSize) return false;
    const std::uint8_t *content = head + kRecordPrefixSize;
    if (loadLe<std::uint64_t>(content) > loadLe<std::uint64_t>(content + 8)) return false;  // start after end
    const std::uint32_t name_length = loadLe<std::uint32_t>(content + 28);
    if (name_length > kLongestName) return false;
    const std::string name(reinterpret_cast<const char *>(content + kFixedBeforeName), name_length);
    if (name != "" && name != "zstd" && name != "lz4") return false;
    const std::uint64_t header = kFixedBeforeName + name_length + 8;
    if (length < header || loadLe<std::uint64_t>(content + kFixedBeforeName + name_length) != length - header)
        return false;
    // The framing agrees: the records must decompress and match the stored CRC.
    if (!file.read(at, kRecordPrefixSize + length, record, "Chunk record").ok()) return false;
    auto parsed = parseRecord(record[0], Bytes(record).subspan(kRecordPrefixSize));
    if (!parsed || !std::holds_alternative<ChunkRecord>(*parsed)) return false;
    return decompressor.decompress(std::get<ChunkRecord>(*parsed), storage, true).ok();
}

}  // namespace

std::optional<std::uint64_t> findNextChunk(FileInput &file, std::uint64_t from, std::uint64_t end) {
    constexpr std::uint64_t kBlock = std::uint64_t{1} << 20;
    end = std::min(end, file.size());
    ChunkDecompressor decompressor;
    std::vector<std::uint8_t> block, record, storage;
    for (std::uint64_t pos = from; pos < end; pos += kBlock) {
        const std::uint64_t n = std::min(kBlock, end - pos);
        if (!file.read(pos, n, block, "data section").ok()) return std::nullopt;
        for (auto it = std::find(block.begin(), block.end(), static_cast<std::uint8_t>(Opcode::Chunk));
             it != block.end(); it = std::find(it + 1, block.end(), static_cast<std::uint8_t>(Opcode::Chunk))) {
            const std::uint64_t at = pos + static_cast<std::uint64_t>(it - block.begin());
            if (chunkStartsAt(file, at, end, decompressor, record, storage)) return at;
        }
    }
    return std::nullopt;
}

}  // namespace robometrics::bag::mcap
