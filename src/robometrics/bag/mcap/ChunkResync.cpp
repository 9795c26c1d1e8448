#include "robometrics/bag/mcap/ChunkResync.hpp"

#include <algorithm>
#include <cstring>
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

/// Records other than Messages, Chunks and Attachments longer than this are not believed past damage.
constexpr std::uint64_t kLargestParsed = std::uint64_t{16} << 20;

bool sectionOpcode(std::uint8_t opcode) {
    return opcode >= static_cast<std::uint8_t>(Opcode::Footer) && opcode <= static_cast<std::uint8_t>(Opcode::DataEnd);
}

/// The opcode and length at `at`, when the file holds 9 bytes there.
bool prefixAt(FileInput &file, std::uint64_t at, std::uint8_t &opcode, std::uint64_t &length) {
    if (at > file.size() || file.size() - at < kRecordPrefixSize) return false;
    std::uint8_t prefix[kRecordPrefixSize];
    if (!file.readInto(at, kRecordPrefixSize, prefix, "record prefix").ok()) return false;
    opcode = prefix[0];
    length = loadLe<std::uint64_t>(prefix + 1);
    return true;
}

bool closingMagicAt(FileInput &file, std::uint64_t at) {
    std::uint8_t magic[sizeof kMagic];
    return at <= file.size() && file.size() - at == sizeof magic &&
           file.readInto(at, sizeof magic, magic, "closing magic").ok() &&
           std::memcmp(magic, kMagic, sizeof magic) == 0;
}

/// Whether a record other than a Chunk starts at `at` and is followed by one (findNextRecord).
bool recordStartsAt(FileInput &file, std::uint64_t at, const std::set<std::uint16_t> &channels,
                    std::vector<std::uint8_t> &record) {
    std::uint8_t opcode = 0;
    std::uint64_t length = 0;
    if (!prefixAt(file, at, opcode, length) || !sectionOpcode(opcode)) return false;
    if (length > file.size() - at - kRecordPrefixSize) return false;
    const std::uint64_t next = at + kRecordPrefixSize + length;
    if (opcode == static_cast<std::uint8_t>(Opcode::Footer))
        return length == kFooterContentSize && closingMagicAt(file, next);
    if (!recordFramedAt(file, next)) return false;
    if (opcode == static_cast<std::uint8_t>(Opcode::Message)) {
        std::uint8_t channel[2];
        return length >= kMessageHeaderSize &&
               file.readInto(at + kRecordPrefixSize, sizeof channel, channel, "Message record").ok() &&
               channels.count(loadLe<std::uint16_t>(channel)) > 0;
    }
    if (length > kLargestParsed) return opcode == static_cast<std::uint8_t>(Opcode::Attachment);
    if (!file.read(at, kRecordPrefixSize + length, record, "record").ok()) return false;
    return parseRecord(opcode, Bytes(record).subspan(kRecordPrefixSize)).ok();
}

}  // namespace

bool recordFramedAt(FileInput &file, std::uint64_t at) {
    std::uint8_t opcode = 0;
    std::uint64_t length = 0;
    return prefixAt(file, at, opcode, length) && sectionOpcode(opcode) &&
           length <= file.size() - at - kRecordPrefixSize;
}

bool recordBoundaryAt(FileInput &file, std::uint64_t at) {
    std::uint8_t opcode = 0;
    std::uint64_t length = 0;
    if (!prefixAt(file, at, opcode, length) || length > file.size() - at - kRecordPrefixSize) return false;
    const std::uint64_t next = at + kRecordPrefixSize + length;
    return recordFramedAt(file, next) || closingMagicAt(file, next);
}

bool recordBeforeIntact(FileInput &file, std::uint64_t at, const std::set<std::uint16_t> &channels) {
    std::uint8_t head[kRecordPrefixSize + 2] = {};
    if (at <= file.size() && file.size() - at >= sizeof head &&
        file.readInto(at, sizeof head, head, "record prefix").ok() &&
        head[0] == static_cast<std::uint8_t>(Opcode::Message) &&
        channels.count(loadLe<std::uint16_t>(head + kRecordPrefixSize)) > 0)
        return true;  // a Message on a known channel whose length is what is wrong
    if (recordBoundaryAt(file, at)) return true;
    constexpr std::uint64_t kZeroRun = 16;
    std::uint8_t bytes[1 + kZeroRun] = {};
    if (at == 0 || at > file.size() || file.size() - at < kZeroRun ||
        !file.readInto(at - 1, sizeof bytes, bytes, "data section").ok())
        return false;
    return bytes[0] != 0 && std::all_of(bytes + 1, bytes + sizeof bytes, [](std::uint8_t b) { return b == 0; });
}

std::optional<std::uint64_t> findNextRecord(FileInput &file, std::uint64_t from,
                                            const std::set<std::uint16_t> &channels) {
    constexpr std::uint64_t kBlock = std::uint64_t{1} << 20;
    const std::uint64_t end = file.size();
    ChunkDecompressor decompressor;
    std::vector<std::uint8_t> block, record, storage;
    for (std::uint64_t pos = from; pos < end; pos += kBlock) {
        const std::uint64_t n = std::min(kBlock, end - pos);
        if (!file.read(pos, n, block, "data section").ok()) return std::nullopt;
        for (std::size_t i = 0; i < block.size(); ++i) {
            if (!sectionOpcode(block[i])) continue;
            const std::uint64_t at = pos + i;
            // Most bytes that look like an opcode are followed by a length the file cannot hold.
            if (i + kRecordPrefixSize <= block.size() &&
                loadLe<std::uint64_t>(block.data() + i + 1) > end - at - std::min(end - at, kRecordPrefixSize))
                continue;
            const bool found = block[i] == static_cast<std::uint8_t>(Opcode::Chunk)
                                   ? chunkStartsAt(file, at, end, decompressor, record, storage)
                                   : recordStartsAt(file, at, channels, record);
            if (found) return at;
        }
    }
    return std::nullopt;
}

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
