#pragma once
// A record as the JSON structure of the MCAP conformance suite: {"type": "Message", "fields":
// [["channel_id", "1"], ...]} with fields sorted by name, integers as decimal strings, byte arrays
// as arrays of decimal strings and maps as objects. Header-only (nlohmann-json) because only the
// tests and debugging tools need it.

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <utility>

#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

namespace json_detail {

inline nlohmann::json num(std::uint64_t v) { return std::to_string(v); }
inline nlohmann::json bytes(Bytes b) {
    nlohmann::json a = nlohmann::json::array();
    for (std::uint8_t x : b) a.push_back(std::to_string(x));
    return a;
}
inline nlohmann::json idMap(const std::map<std::uint16_t, std::uint64_t> &m) {
    nlohmann::json o = nlohmann::json::object();
    for (const auto &[k, v] : m) o[std::to_string(k)] = std::to_string(v);
    return o;
}
inline nlohmann::json strMap(const StringMap &m) {
    nlohmann::json o = nlohmann::json::object();
    for (const auto &[k, v] : m) o[k] = v;
    return o;
}

// Fields as [name, value] pairs (an initializer list of pairs would otherwise become an object).
inline nlohmann::json make(const char *type, std::initializer_list<std::pair<const char *, nlohmann::json>> fields) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto &[name, value] : fields) a.push_back(nlohmann::json::array({name, value}));
    nlohmann::json out = nlohmann::json::object();
    out["type"] = type;
    out["fields"] = std::move(a);
    return out;
}

}  // namespace json_detail

/// The conformance JSON of one record; null for records the suite leaves out (Chunk,
/// MessageIndex, unknown opcodes). Attachment is written without its crc, as upstream does.
inline nlohmann::json recordToConformanceJson(const Record &record) {
    using namespace json_detail;
    using nlohmann::json;
    return std::visit(
        [](const auto &r) -> json {
            using T = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<T, HeaderRecord>) {
                return make("Header", {{"library", r.library}, {"profile", r.profile}});
            } else if constexpr (std::is_same_v<T, FooterRecord>) {
                return make("Footer", {{"summary_crc", num(r.summary_crc)},
                                       {"summary_offset_start", num(r.summary_offset_start)},
                                       {"summary_start", num(r.summary_start)}});
            } else if constexpr (std::is_same_v<T, SchemaRecord>) {
                return make("Schema",
                            {{"data", bytes(r.data)}, {"encoding", r.encoding}, {"id", num(r.id)}, {"name", r.name}});
            } else if constexpr (std::is_same_v<T, ChannelRecord>) {
                return make("Channel", {{"id", num(r.id)},
                                        {"message_encoding", r.message_encoding},
                                        {"metadata", strMap(r.metadata)},
                                        {"schema_id", num(r.schema_id)},
                                        {"topic", r.topic}});
            } else if constexpr (std::is_same_v<T, MessageRecord>) {
                return make("Message", {{"channel_id", num(r.channel_id)},
                                        {"data", bytes(r.data)},
                                        {"log_time", num(r.log_time)},
                                        {"publish_time", num(r.publish_time)},
                                        {"sequence", num(r.sequence)}});
            } else if constexpr (std::is_same_v<T, ChunkIndexRecord>) {
                return make("ChunkIndex", {{"chunk_length", num(r.chunk_length)},
                                           {"chunk_start_offset", num(r.chunk_start_offset)},
                                           {"compressed_size", num(r.compressed_size)},
                                           {"compression", r.compression},
                                           {"message_end_time", num(r.message_end_time)},
                                           {"message_index_length", num(r.message_index_length)},
                                           {"message_index_offsets", idMap(r.message_index_offsets)},
                                           {"message_start_time", num(r.message_start_time)},
                                           {"uncompressed_size", num(r.uncompressed_size)}});
            } else if constexpr (std::is_same_v<T, AttachmentRecord>) {
                return make("Attachment", {{"create_time", num(r.create_time)},
                                           {"data", bytes(r.data)},
                                           {"log_time", num(r.log_time)},
                                           {"media_type", r.media_type},
                                           {"name", r.name}});
            } else if constexpr (std::is_same_v<T, AttachmentIndexRecord>) {
                return make("AttachmentIndex", {{"create_time", num(r.create_time)},
                                                {"data_size", num(r.data_size)},
                                                {"length", num(r.length)},
                                                {"log_time", num(r.log_time)},
                                                {"media_type", r.media_type},
                                                {"name", r.name},
                                                {"offset", num(r.offset)}});
            } else if constexpr (std::is_same_v<T, StatisticsRecord>) {
                return make("Statistics", {{"attachment_count", num(r.attachment_count)},
                                           {"channel_count", num(r.channel_count)},
                                           {"channel_message_counts", idMap(r.channel_message_counts)},
                                           {"chunk_count", num(r.chunk_count)},
                                           {"message_count", num(r.message_count)},
                                           {"message_end_time", num(r.message_end_time)},
                                           {"message_start_time", num(r.message_start_time)},
                                           {"metadata_count", num(r.metadata_count)},
                                           {"schema_count", num(r.schema_count)}});
            } else if constexpr (std::is_same_v<T, MetadataRecord>) {
                return make("Metadata", {{"metadata", strMap(r.metadata)}, {"name", r.name}});
            } else if constexpr (std::is_same_v<T, MetadataIndexRecord>) {
                return make("MetadataIndex", {{"length", num(r.length)}, {"name", r.name}, {"offset", num(r.offset)}});
            } else if constexpr (std::is_same_v<T, SummaryOffsetRecord>) {
                return make("SummaryOffset", {{"group_length", num(r.group_length)},
                                              {"group_opcode", num(r.group_opcode)},
                                              {"group_start", num(r.group_start)}});
            } else if constexpr (std::is_same_v<T, DataEndRecord>) {
                return make("DataEnd", {{"data_section_crc", num(r.data_section_crc)}});
            } else {
                return nullptr;  // Chunk, MessageIndex, unknown
            }
        },
        record);
}

}  // namespace robometrics::bag::mcap
