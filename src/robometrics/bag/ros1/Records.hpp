#pragma once
// The records of a ROS 1 bag (format 2.0) and their parsers. A record is `u32 header_len`,
// the header (fields `u32 len` + `name=value`, split at the first '='; values are binary),
// `u32 data_len`, the data. Every header holds a one-byte `op`. Parsers check every length
// against the bytes they were given and report what is wrong without a location: the caller
// knows the file and offset and adds them.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::bag::ros1 {

using Bytes = std::span<const std::uint8_t>;

/// The first line of every ROS 1 bag of format 2.0.
inline constexpr std::string_view kMagic = "#ROSBAG V2.0\n";

enum class Op : std::uint8_t {
    MessageData = 0x02,
    BagHeader = 0x03,
    IndexData = 0x04,
    Chunk = 0x05,
    ChunkInfo = 0x06,
    Connection = 0x07,
};

/// "Chunk", "Connection", ... or "op 0x42" for ops outside the format.
std::string opName(std::uint8_t op);

/// Reads a little-endian integer from `p` (which must hold sizeof(T) bytes).
template <class T>
T loadLe(const std::uint8_t *p) {
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(static_cast<T>(p[i]) << (8 * i));
    return value;
}

/// One record framed inside a byte range: its header and data as views.
struct RecordView {
    Bytes header;
    Bytes data;
    std::size_t size = 0;  ///< bytes from the header length to the end of the data
};

/// Frames the record at `pos` of `bytes`; fails when a length runs past the end.
Result<RecordView> frameRecord(Bytes bytes, std::size_t pos);

/// The fields of a record header (or of a connection header), as views into its bytes.
class HeaderFields {
public:
    static Result<HeaderFields> parse(Bytes header);

    std::optional<Bytes> find(std::string_view name) const;
    Result<std::uint8_t> op() const;
    Result<std::uint32_t> u32(std::string_view name) const;
    Result<std::uint64_t> u64(std::string_view name) const;
    Result<TimeNs> time(std::string_view name) const;  ///< u32 sec + u32 nsec
    Result<std::string> text(std::string_view name) const;
    std::string textOr(std::string_view name, std::string fallback) const;

private:
    Result<Bytes> fixed(std::string_view name, std::size_t size) const;
    std::vector<std::pair<std::string_view, Bytes>> fields_;
};

struct BagHeader {
    std::uint64_t index_pos = 0;  ///< the first record after the chunk section; 0 while recording
    std::uint32_t conn_count = 0;
    std::uint32_t chunk_count = 0;
};

struct Connection {
    std::uint32_t id = 0;
    std::string topic;
    std::string type;  ///< "pkg/Type" as ROS 1 writes it
    std::string md5sum;
    std::string message_definition;
    std::string callerid;          ///< empty when the header has none
    bool latching = false;         ///< `latching=1`
    bool latching_recorded = false;  ///< the header has a `latching` field at all
};

struct ChunkInfo {
    std::uint64_t chunk_pos = 0;
    TimeNs start_time = 0;
    TimeNs end_time = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> counts;  ///< (connection id, messages)
};

struct ChunkHeader {
    std::string compression;  ///< "none", "bz2" or "lz4"
    std::uint32_t size = 0;   ///< uncompressed size of the data
};

struct MessageHeader {
    std::uint32_t conn = 0;
    TimeNs time = 0;
};

/// ROS 1 time (u32 sec, u32 nsec) in nanoseconds.
inline TimeNs ros1Time(const std::uint8_t *p) {
    return TimeNs{loadLe<std::uint32_t>(p)} * kNsPerSecond + loadLe<std::uint32_t>(p + 4);
}

Result<BagHeader> parseBagHeader(const HeaderFields &header);
Result<Connection> parseConnection(const HeaderFields &header, Bytes data);
Result<ChunkInfo> parseChunkInfo(const HeaderFields &header, Bytes data);
Result<ChunkHeader> parseChunkHeader(const HeaderFields &header);

/// The header of a message data record, parsed without allocating (the hot path). Returns the
/// op found; fields are set only when it is MessageData.
Result<std::uint8_t> parseMessageHeader(Bytes header, MessageHeader &out);

}  // namespace robometrics::bag::ros1
