#pragma once
// The MCAP records (specification version 0) as plain structs, and their parser. Field names and
// order follow the specification. Byte fields that can be large (message data, chunk records,
// attachment data) are views into the reader's buffer and stay valid until the reader moves on.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bag::mcap {

inline constexpr std::uint8_t kMagic[8] = {0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};
inline constexpr std::uint64_t kRecordPrefixSize = 9;  ///< opcode u8 + content_length u64
inline constexpr std::uint64_t kFooterContentSize = 20;
inline constexpr std::uint64_t kMessageHeaderSize = 22;  ///< Message fields before its data

enum class Opcode : std::uint8_t {
    Header = 0x01,
    Footer = 0x02,
    Schema = 0x03,
    Channel = 0x04,
    Message = 0x05,
    Chunk = 0x06,
    MessageIndex = 0x07,
    ChunkIndex = 0x08,
    Attachment = 0x09,
    AttachmentIndex = 0x0A,
    Statistics = 0x0B,
    Metadata = 0x0C,
    MetadataIndex = 0x0D,
    SummaryOffset = 0x0E,
    DataEnd = 0x0F,
};

/// "Chunk", "Message", ... or "opcode 0x42" for records this reader does not know.
std::string opcodeName(std::uint8_t opcode);

using StringMap = std::map<std::string, std::string>;
using Bytes = std::span<const std::uint8_t>;

struct HeaderRecord {
    std::string profile;
    std::string library;
};
struct FooterRecord {
    std::uint64_t summary_start = 0;
    std::uint64_t summary_offset_start = 0;
    std::uint32_t summary_crc = 0;
};
struct SchemaRecord {
    std::uint16_t id = 0;
    std::string name;
    std::string encoding;
    std::vector<std::uint8_t> data;
    bool operator==(const SchemaRecord &) const = default;
};
struct ChannelRecord {
    std::uint16_t id = 0;
    std::uint16_t schema_id = 0;
    std::string topic;
    std::string message_encoding;
    StringMap metadata;
    bool operator==(const ChannelRecord &) const = default;
};
struct MessageRecord {
    std::uint16_t channel_id = 0;
    std::uint32_t sequence = 0;
    std::uint64_t log_time = 0;
    std::uint64_t publish_time = 0;
    Bytes data;
};
struct ChunkRecord {
    std::uint64_t message_start_time = 0;
    std::uint64_t message_end_time = 0;
    std::uint64_t uncompressed_size = 0;
    std::uint32_t uncompressed_crc = 0;
    std::string compression;
    Bytes records;  ///< compressed records
};
struct MessageIndexRecord {
    std::uint16_t channel_id = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> records;  ///< (log_time, offset in chunk)
};
struct ChunkIndexRecord {
    std::uint64_t message_start_time = 0;
    std::uint64_t message_end_time = 0;
    std::uint64_t chunk_start_offset = 0;
    std::uint64_t chunk_length = 0;
    std::map<std::uint16_t, std::uint64_t> message_index_offsets;
    std::uint64_t message_index_length = 0;
    std::string compression;
    std::uint64_t compressed_size = 0;
    std::uint64_t uncompressed_size = 0;
};
struct AttachmentRecord {
    std::uint64_t log_time = 0;
    std::uint64_t create_time = 0;
    std::string name;
    std::string media_type;
    Bytes data;
    std::uint32_t crc = 0;
};
struct AttachmentIndexRecord {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint64_t log_time = 0;
    std::uint64_t create_time = 0;
    std::uint64_t data_size = 0;
    std::string name;
    std::string media_type;
};
struct StatisticsRecord {
    std::uint64_t message_count = 0;
    std::uint16_t schema_count = 0;
    std::uint32_t channel_count = 0;
    std::uint32_t attachment_count = 0;
    std::uint32_t metadata_count = 0;
    std::uint32_t chunk_count = 0;
    std::uint64_t message_start_time = 0;
    std::uint64_t message_end_time = 0;
    std::map<std::uint16_t, std::uint64_t> channel_message_counts;
};
struct MetadataRecord {
    std::string name;
    StringMap metadata;
};
struct MetadataIndexRecord {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::string name;
};
struct SummaryOffsetRecord {
    std::uint8_t group_opcode = 0;
    std::uint64_t group_start = 0;
    std::uint64_t group_length = 0;
};
struct DataEndRecord {
    std::uint32_t data_section_crc = 0;
};
/// A private or future record: skipped by the readers, kept here so callers can see it.
struct UnknownRecord {
    std::uint8_t opcode = 0;
    Bytes content;
};

using Record =
    std::variant<HeaderRecord, FooterRecord, SchemaRecord, ChannelRecord, MessageRecord, ChunkRecord,
                 MessageIndexRecord, ChunkIndexRecord, AttachmentRecord, AttachmentIndexRecord, StatisticsRecord,
                 MetadataRecord, MetadataIndexRecord, SummaryOffsetRecord, DataEndRecord, UnknownRecord>;

/// Parses the content of one record. Known fields are read, bytes after them are ignored (later
/// versions of the format may append fields). The error names the field that did not fit; the
/// caller adds the file and offset.
Result<Record> parseRecord(std::uint8_t opcode, Bytes content);

/// Reads a Message record's fields in place (the readers' hot path, no Record built); false when
/// the content is shorter than the 22-byte header.
bool parseMessage(Bytes content, MessageRecord &out);

/// One record framed inside a buffer (a chunk's records, the summary section).
struct RawRecord {
    std::uint8_t opcode = 0;
    Bytes content;
    std::size_t size = 0;  ///< prefix + content
};

/// Frames the record that starts at `pos` of `bytes`. The error (no location) says what did not
/// fit; `where` names the buffer ("chunk", "summary section").
Result<RawRecord> frameRecord(Bytes bytes, std::size_t pos, const char *where);

/// Reads a little-endian unsigned integer from the first sizeof(T) bytes of `p`.
template <class T>
T loadLe(const std::uint8_t *p) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= static_cast<T>(static_cast<T>(p[i]) << (8 * i));
    return v;
}

}  // namespace robometrics::bag::mcap
