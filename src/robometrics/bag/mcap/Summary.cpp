#include "robometrics/bag/mcap/Summary.hpp"

#include <cstring>

#include "robometrics/bag/mcap/Crc32.hpp"

namespace robometrics::bag::mcap {

Result<Record> readRecordAt(FileInput &file, std::uint64_t offset, Opcode expected, std::vector<std::uint8_t> &buffer) {
    std::uint8_t prefix[kRecordPrefixSize];
    const std::string name = opcodeName(static_cast<std::uint8_t>(expected));
    ROBOMETRICS_TRY(file.readInto(offset, kRecordPrefixSize, prefix, (name + " record").c_str()));
    if (prefix[0] != static_cast<std::uint8_t>(expected)) {
        return file.error(offset, "expected a " + name + " record, found " + opcodeName(prefix[0]));
    }
    const std::uint64_t length = loadLe<std::uint64_t>(prefix + 1);
    if (length > file.size() - offset - kRecordPrefixSize) {
        return file.error(
            offset, name + " record declares " + std::to_string(length) + " content bytes, past the end of the file");
    }
    ROBOMETRICS_TRY(file.read(offset + kRecordPrefixSize, length, buffer, (name + " record").c_str()));
    auto record = parseRecord(prefix[0], buffer);
    if (!record) return file.error(offset, record.message());
    return record;
}

Result<Summary> readSummary(FileInput &file, bool verify_crc) {
    constexpr std::uint64_t kTail = kRecordPrefixSize + kFooterContentSize + sizeof(kMagic);
    if (file.size() < sizeof(kMagic) + kTail) {
        return file.error(0, "too short for an MCAP file with a Footer (" + std::to_string(file.size()) + " bytes)");
    }
    std::uint8_t magic[sizeof(kMagic)];
    ROBOMETRICS_TRY(file.readInto(0, sizeof magic, magic, "leading magic"));
    if (std::memcmp(magic, kMagic, sizeof magic) != 0) {
        return file.error(0, "not an MCAP file: the leading magic is not 89 4D 43 41 50 30 0D 0A");
    }
    Summary summary;
    std::vector<std::uint8_t> tail;
    const std::uint64_t tail_offset = file.size() - kTail;
    ROBOMETRICS_TRY(file.read(tail_offset, kTail, tail, "Footer and closing magic"));
    if (std::memcmp(tail.data() + kTail - sizeof(kMagic), kMagic, sizeof kMagic) != 0) {
        return file.error(file.size() - sizeof(kMagic), "bad closing magic (truncated file?)");
    }
    if (tail[0] != static_cast<std::uint8_t>(Opcode::Footer) ||
        loadLe<std::uint64_t>(tail.data() + 1) != kFooterContentSize) {
        return file.error(tail_offset, "expected a Footer record of 20 bytes before the closing magic");
    }
    summary.footer_offset = tail_offset;
    summary.footer = std::get<FooterRecord>(
        parseRecord(tail[0], Bytes(tail).subspan(kRecordPrefixSize, kFooterContentSize)).value());

    std::vector<std::uint8_t> buffer;
    auto header = readRecordAt(file, sizeof(kMagic), Opcode::Header, buffer);
    if (!header) return header.error();
    summary.header = std::get<HeaderRecord>(header.value());

    const FooterRecord &footer = summary.footer;
    const std::uint64_t start = footer.summary_start != 0 ? footer.summary_start : tail_offset;
    if (start < sizeof(kMagic) || start > tail_offset) {
        return file.error(tail_offset, "Footer summary_start " + std::to_string(start) + " is outside the file");
    }
    if (footer.summary_offset_start != 0 &&
        (footer.summary_offset_start < start || footer.summary_offset_start > tail_offset)) {
        return file.error(tail_offset, "Footer summary_offset_start " + std::to_string(footer.summary_offset_start) +
                                           " is outside the summary");
    }
    // Summary bytes plus the Footer up to its CRC field, which the summary CRC covers.
    const std::uint64_t crc_end = tail_offset + kRecordPrefixSize + 16;
    ROBOMETRICS_TRY(file.read(start, crc_end - start, buffer, "summary section"));
    if (verify_crc && footer.summary_crc != 0) {
        std::uint32_t crc = crc32(buffer);
        if (crc != footer.summary_crc) {
            return file.error(tail_offset, "summary CRC mismatch: Footer stores " + std::to_string(footer.summary_crc) +
                                               ", computed " + std::to_string(crc));
        }
    }
    if (footer.summary_start == 0) return summary;
    summary.has_summary = true;

    const std::uint64_t end = (footer.summary_offset_start != 0 ? footer.summary_offset_start : tail_offset) - start;
    Bytes bytes(buffer.data(), static_cast<std::size_t>(end));
    for (std::size_t pos = 0; pos < bytes.size();) {
        const std::uint64_t offset = start + pos;
        auto raw = frameRecord(bytes, pos, "summary section");
        if (!raw) return file.error(offset, raw.message());
        auto record = parseRecord(raw->opcode, raw->content);
        if (!record) return file.error(offset, record.message());
        pos += raw->size;
        std::visit(
            [&](auto &r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (std::is_same_v<T, SchemaRecord>) {
                    if (r.id != 0) summary.schemas.try_emplace(r.id, std::move(r));
                } else if constexpr (std::is_same_v<T, ChannelRecord>) {
                    summary.channels.try_emplace(r.id, std::move(r));
                } else if constexpr (std::is_same_v<T, StatisticsRecord>) {
                    summary.statistics = std::move(r);
                } else if constexpr (std::is_same_v<T, ChunkIndexRecord>) {
                    summary.chunk_indexes.push_back(std::move(r));
                } else if constexpr (std::is_same_v<T, AttachmentIndexRecord>) {
                    summary.attachment_indexes.push_back(std::move(r));
                } else if constexpr (std::is_same_v<T, MetadataIndexRecord>) {
                    summary.metadata_indexes.push_back(std::move(r));
                }
            },
            record.value());
    }
    for (const ChunkIndexRecord &c : summary.chunk_indexes) {
        if (c.chunk_start_offset < sizeof(kMagic) || c.chunk_start_offset > summary.footer_offset ||
            c.chunk_length > summary.footer_offset - c.chunk_start_offset) {
            return file.error(start, "ChunkIndex points at a chunk of " + std::to_string(c.chunk_length) +
                                         " bytes at offset " + std::to_string(c.chunk_start_offset) +
                                         ", outside the data section");
        }
    }
    return summary;
}

}  // namespace robometrics::bag::mcap
