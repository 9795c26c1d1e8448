#pragma once
// The index of an MCAP file: Header, Footer and the summary section (schemas, channels,
// statistics, chunk/attachment/metadata indexes), read from the end of the file without touching
// the data section.

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

struct Summary {
    HeaderRecord header;
    FooterRecord footer;
    std::uint64_t footer_offset = 0;
    bool has_summary = false;  ///< false when Footer.summary_start is 0
    std::map<std::uint16_t, SchemaRecord> schemas;
    std::map<std::uint16_t, ChannelRecord> channels;
    std::optional<StatisticsRecord> statistics;
    std::vector<ChunkIndexRecord> chunk_indexes;
    std::vector<AttachmentIndexRecord> attachment_indexes;
    std::vector<MetadataIndexRecord> metadata_indexes;
};

/// Checks both magics, reads the Header and the Footer, and (when present) the summary section,
/// verifying its CRC when `verify_crc`. Errors name the file and the offset.
Result<Summary> readSummary(FileInput &file, bool verify_crc = true);

/// Reads and parses one whole record at `offset` whose opcode must be `expected`; `buffer` keeps
/// the bytes that views in the result point into.
Result<Record> readRecordAt(FileInput &file, std::uint64_t offset, Opcode expected, std::vector<std::uint8_t> &buffer);

}  // namespace robometrics::bag::mcap
