#include "robometrics/topicstats/HeaderStamp.hpp"

#include "robometrics/core/Text.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::topicstats {

namespace {

std::uint32_t read32(const std::uint8_t *p, bool little) {
    return little
               ? std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24
               : std::uint32_t{p[3]} | std::uint32_t{p[2]} << 8 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[0]} << 24;
}

/// The encapsulation of a CDR payload: true for little endian; nullopt when it is neither plain
/// CDR (kinds 0/1) nor PLAIN_CDR2 (6/7, final types), big or little endian.
std::optional<bool> cdrLittleEndian(std::span<const std::uint8_t> payload) {
    if (payload.size() < 4 || payload[0] != 0) return std::nullopt;
    const std::uint8_t kind = payload[1];
    if (kind != 0x00 && kind != 0x01 && kind != 0x06 && kind != 0x07) return std::nullopt;
    return (kind & 1) != 0;
}

}  // namespace

bool schemaStartsWithHeader(std::string_view text) {
    while (!text.empty()) {
        const auto eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        if (line.rfind("====", 0) == 0) return false;  // end of the root definition
        line = trimmed(line.substr(0, line.find('#')));
        if (line.empty()) continue;
        const auto space = line.find_first_of(" \t");
        if (space == std::string_view::npos) return false;  // not a field declaration
        const std::string_view type = line.substr(0, space);
        const std::string_view rest = trimmed(line.substr(space));
        // A constant ("int32 X=1", spaces allowed around '='); a quoted default value may hold '='.
        if (rest.substr(0, rest.find_first_of("\"'")).find('=') != std::string_view::npos) continue;
        return type == "std_msgs/Header" || type == "std_msgs/msg/Header" || type == "Header";
    }
    return false;
}

bool typeHasHeader(std::string_view type_name, std::string_view schema_text, std::string_view schema_encoding) {
    if (!schema_text.empty() &&
        (schema_encoding == "ros2msg" || schema_encoding == "ros1msg" || schema_encoding.empty())) {
        return schemaStartsWithHeader(schema_text);
    }
    return schemaStartsWithHeader(msgs::builtinSchemaText(type_name));
}

bool typeIsClock(std::string_view type_name) {
    return type_name == "rosgraph_msgs/msg/Clock" || type_name == "rosgraph_msgs/Clock";
}

std::optional<TimeNs> readClockValue(std::span<const std::uint8_t> payload, msgs::WireFormat format) {
    if (format == msgs::WireFormat::Ros1) {
        if (payload.size() < 8) return std::nullopt;
        return TimeNs{read32(payload.data(), true)} * kNsPerSecond + read32(payload.data() + 4, true);
    }
    return readHeaderStamp(payload, format);  // in CDR the clock sits where a header's stamp does
}

std::optional<TimeNs> readHeaderStamp(std::span<const std::uint8_t> payload, msgs::WireFormat format) {
    if (payload.size() < 12) return std::nullopt;
    if (format == msgs::WireFormat::Ros1) {
        return TimeNs{read32(payload.data() + 4, true)} * kNsPerSecond + read32(payload.data() + 8, true);
    }
    const std::optional<bool> endian = cdrLittleEndian(payload);
    if (!endian) return std::nullopt;
    const bool little = *endian;
    const auto sec = static_cast<std::int32_t>(read32(payload.data() + 4, little));
    const std::uint32_t nanosec = read32(payload.data() + 8, little);
    return TimeNs{sec} * kNsPerSecond + nanosec;
}

std::optional<std::string_view> readHeaderFrameId(std::span<const std::uint8_t> payload, msgs::WireFormat format) {
    // ROS 1: u32 seq, u32 sec, u32 nsec, then u32 length and the characters (no NUL).
    // CDR: the encapsulation (4 bytes), i32 sec, u32 nanosec, then u32 length (4-aligned) and the
    // characters with their NUL, which the length counts.
    std::size_t at = 12;
    bool little = true;
    if (format != msgs::WireFormat::Ros1) {
        const std::optional<bool> endian = cdrLittleEndian(payload);
        if (!endian) return std::nullopt;
        little = *endian;
    }
    if (payload.size() < at + 4) return std::nullopt;
    std::uint32_t length = read32(payload.data() + at, little);
    at += 4;
    if (length > payload.size() - at) return std::nullopt;
    if (format != msgs::WireFormat::Ros1 && length > 0) --length;  // the NUL
    return std::string_view(reinterpret_cast<const char *>(payload.data() + at), length);
}

}  // namespace robometrics::topicstats
