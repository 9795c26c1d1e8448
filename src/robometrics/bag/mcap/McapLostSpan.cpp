#include "robometrics/bag/mcap/McapLostSpan.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>

namespace robometrics::bag {

using namespace mcap;

namespace {

/// The log times of the wanted messages the message indexes of `chunk` list, with their
/// channels; none when there are no message indexes or one does not read back whole.
std::optional<std::vector<std::pair<std::uint16_t, std::uint64_t>>> indexedMessages(FileInput &file,
                                                                                    const ChunkIndexRecord &chunk,
                                                                                    const MessageFilter &filter) {
    if (chunk.message_index_offsets.empty() || chunk.message_index_length == 0) return std::nullopt;
    std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
    for (const auto &kv : chunk.message_index_offsets) first = std::min(first, kv.second);
    if (first > file.size() || chunk.message_index_length > file.size() - first) return std::nullopt;
    std::vector<std::uint8_t> bytes;
    if (!file.read(first, chunk.message_index_length, bytes, "MessageIndex records").ok()) return std::nullopt;
    std::vector<std::pair<std::uint16_t, std::uint64_t>> out;
    std::set<std::uint16_t> seen;
    for (std::size_t pos = 0; pos < bytes.size();) {
        auto raw = frameRecord(Bytes(bytes), pos, "message index");
        if (!raw || raw->opcode != static_cast<std::uint8_t>(Opcode::MessageIndex)) return std::nullopt;
        auto record = parseRecord(raw->opcode, raw->content);
        if (!record) return std::nullopt;
        const auto &index = std::get<MessageIndexRecord>(record.value());
        seen.insert(index.channel_id);
        for (const auto &[log_time, offset] : index.records)
            if (filter.wants(index.channel_id, log_time)) out.emplace_back(index.channel_id, log_time);
        pos += raw->size;
    }
    // Every channel the chunk index names must have come back.
    for (const auto &kv : chunk.message_index_offsets)
        if (!seen.count(kv.first)) return std::nullopt;
    return out;
}

}  // namespace

LostSpan chunkIndexSpan(const std::string &path, const ChunkIndexRecord &chunk, const Error &error) {
    LostSpan span;
    span.file = std::filesystem::path(path).filename().string();
    span.byte_begin = chunk.chunk_start_offset;
    span.byte_end = chunk.chunk_start_offset + chunk.chunk_length;
    span.start_time = static_cast<TimeNs>(chunk.message_start_time);
    span.end_time = static_cast<TimeNs>(chunk.message_end_time);
    span.reason = withoutPath(error.message, path);
    return span;
}

LostSpan lostChunkSpan(FileInput &file, const ChunkIndexRecord &chunk, const Error &error, const MessageFilter &filter,
                       const std::function<std::string(std::uint16_t)> &topic_of) {
    LostSpan span = chunkIndexSpan(file.path(), chunk, error);
    std::set<std::string> topics;
    if (auto messages = indexedMessages(file, chunk, filter)) {
        span.messages = messages->size();
        span.start_time.reset();
        span.end_time.reset();
        for (const auto &[channel, log_time] : *messages) {
            const auto t = static_cast<TimeNs>(log_time);
            if (!span.start_time || t < *span.start_time) span.start_time = t;
            if (!span.end_time || t > *span.end_time) span.end_time = t;
            topics.insert(topic_of(channel));
        }
    } else {
        for (const auto &kv : chunk.message_index_offsets)
            if (filter.channels.empty() || filter.channels.count(kv.first)) topics.insert(topic_of(kv.first));
    }
    topics.erase("");
    span.topics.assign(topics.begin(), topics.end());
    return span;
}

}  // namespace robometrics::bag
