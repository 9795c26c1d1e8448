#include "robometrics/bag/mcap/McapInfo.hpp"

#include <algorithm>
#include <set>

#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/Summary.hpp"

namespace robometrics::bag::mcap {

std::string normaliseTypeName(const std::string &name) {
    const auto slash = name.find('/');
    if (slash == std::string::npos || name.find('/', slash + 1) != std::string::npos) return name;
    return name.substr(0, slash) + "/msg/" + name.substr(slash + 1);
}

namespace {

McapChannelInfo channelInfo(const ChannelRecord &c, const std::map<std::uint16_t, SchemaRecord> &schemas) {
    McapChannelInfo info{c.id, c.topic, c.message_encoding, "", "", c.metadata, 0};
    if (auto it = schemas.find(c.schema_id); it != schemas.end()) {
        info.schema_name = it->second.name;
        info.schema_encoding = it->second.encoding;
    }
    return info;
}

// Everything from the summary; false when it lacks what info needs (then the caller scans).
Result<bool> fromSummary(FileInput &file, McapFileInfo &info) {
    auto summary = readSummary(file);
    if (!summary) return summary.error();
    info.profile = summary->header.profile;
    info.library = summary->header.library;
    if (!summary->has_summary || !summary->statistics) return false;
    const StatisticsRecord &stats = *summary->statistics;
    if (stats.metadata_count > summary->metadata_indexes.size()) return false;
    if (stats.channel_count > summary->channels.size()) return false;
    info.indexed = true;
    info.chunk_count = stats.chunk_count;
    info.message_count = stats.message_count;
    info.attachment_count = stats.attachment_count;
    info.start_time = stats.message_start_time;
    info.end_time = stats.message_end_time;
    std::set<std::string> compressions;
    for (const ChunkIndexRecord &c : summary->chunk_indexes) compressions.insert(c.compression);
    info.compressions.assign(compressions.begin(), compressions.end());
    for (const auto &[id, channel] : summary->channels) {
        info.channels.push_back(channelInfo(channel, summary->schemas));
        if (auto it = stats.channel_message_counts.find(id); it != stats.channel_message_counts.end()) {
            info.channels.back().message_count = it->second;
        }
    }
    std::vector<std::uint8_t> buffer;
    for (const MetadataIndexRecord &index : summary->metadata_indexes) {
        auto record = readRecordAt(file, index.offset, Opcode::Metadata, buffer);
        if (!record) return record.error();
        info.metadata.push_back(std::get<MetadataRecord>(record.value()));
    }
    return true;
}

Status fromScan(const std::string &path, McapFileInfo &info) {
    auto reader = LinearReader::open(path);
    if (!reader) return reader.error();
    std::map<std::uint16_t, SchemaRecord> schemas;
    std::map<std::uint16_t, ChannelRecord> channels;
    std::map<std::uint16_t, std::uint64_t> counts;
    std::set<std::string> compressions;
    RecordEntry entry;
    Status status;
    for (;;) {
        auto more = reader->next(entry);
        if (!more) {
            status = more.error();
            break;
        }
        if (!more.value()) break;
        std::visit(
            [&](auto &r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (std::is_same_v<T, HeaderRecord>) {
                    info.profile = r.profile;
                    info.library = r.library;
                } else if constexpr (std::is_same_v<T, SchemaRecord>) {
                    if (r.id != 0) schemas.try_emplace(r.id, std::move(r));
                } else if constexpr (std::is_same_v<T, ChannelRecord>) {
                    channels.try_emplace(r.id, std::move(r));
                } else if constexpr (std::is_same_v<T, MessageRecord>) {
                    if (info.message_count == 0 || r.log_time < info.start_time) info.start_time = r.log_time;
                    if (info.message_count == 0 || r.log_time > info.end_time) info.end_time = r.log_time;
                    ++info.message_count;
                    ++counts[r.channel_id];
                } else if constexpr (std::is_same_v<T, ChunkRecord>) {
                    ++info.chunk_count;
                    compressions.insert(r.compression);
                } else if constexpr (std::is_same_v<T, AttachmentRecord>) {
                    ++info.attachment_count;
                } else if constexpr (std::is_same_v<T, MetadataRecord>) {
                    info.metadata.push_back(std::move(r));
                }
            },
            entry.record);
        if (std::holds_alternative<DataEndRecord>(entry.record)) break;  // the rest repeats the data section
    }
    info.compressions.assign(compressions.begin(), compressions.end());
    for (const auto &[id, channel] : channels) {
        info.channels.push_back(channelInfo(channel, schemas));
        info.channels.back().message_count = counts[id];
    }
    return status;
}

}  // namespace

Result<McapFileInfo> readMcapInfo(const std::string &path, bool recover) {
    McapFileInfo info;
    info.path = path;
    auto file = FileInput::open(path);
    if (!file) return file.error();
    info.size_bytes = file->size();
    auto indexed = fromSummary(file.value(), info);
    if (indexed && indexed.value()) return info;
    // No usable summary (or a damaged end): count everything with a linear scan.
    McapFileInfo scanned;
    scanned.path = path;
    scanned.size_bytes = info.size_bytes;
    Status status = fromScan(path, scanned);
    if (!status.ok()) {
        // A bad leading magic means this is not an MCAP file at all: fail even when recovering.
        if (!recover || status.message().find("not an MCAP file") != std::string::npos) return status.error();
        scanned.error = status.message();
    } else if (!indexed) {
        // The scan read the whole file fine, yet the summary was unreadable: report it too.
        if (!recover) return indexed.error();
        scanned.error = indexed.message();
    }
    return scanned;
}

}  // namespace robometrics::bag::mcap
