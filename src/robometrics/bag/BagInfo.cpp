#include "robometrics/bag/BagInfo.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/Summary.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/bag/rosbag2/MergedSource.hpp"
#include "robometrics/bag/rosbag2/Metadata.hpp"
#include "robometrics/bag/rosbag2/SqliteSource.hpp"
#include "robometrics/bag/rosbag2/Zstd.hpp"

namespace robometrics::bag {

namespace {

/// `to - from` in seconds. Log times are any int64 (MCAP stores uint64, cast to TimeNs), so their
/// difference can exceed int64 (a fuzzed file: signed overflow); taken in uint64 it always fits,
/// exact to the nanosecond like the plain difference.
double secondsBetween(TimeNs from, TimeNs to) {
    auto span = [](TimeNs low, TimeNs high) {
        return static_cast<double>(static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low)) * 1e-9;
    };
    return to >= from ? span(from, to) : -span(to, from);
}

// The chunk compressions an MCAP file uses: those its summary names, else (a recording cut short)
// those of the Chunk records before any damage, walked without decompressing them.
void addChunkCompression(const std::string &path, std::set<std::string> &out) {
    auto name = [](const std::string &compression) { return compression.empty() ? "none" : compression; };
    auto file = mcap::FileInput::open(path);
    if (!file) return;
    if (auto summary = mcap::readSummary(*file); summary && summary->has_summary) {
        for (const auto &index : summary->chunk_indexes) out.insert(name(index.compression));
        return;
    }
    mcap::LinearReaderOptions walk;
    walk.chunk_contents = false;
    walk.verify_crcs = false;  // only the names: the read that follows checks every CRC
    auto reader = mcap::LinearReader::open(path, walk);
    if (!reader) return;
    mcap::RecordEntry entry;
    for (auto more = reader->next(entry); more && *more; more = reader->next(entry)) {
        if (auto *chunk = std::get_if<mcap::ChunkRecord>(&entry.record)) out.insert(name(chunk->compression));
    }
}

// The payload of an MCAP file's first message in file order, read linearly: it is in the first
// chunk, so a file without a summary (cut short) is not scanned to its end for it.
std::optional<bool> firstMcapMessageIsZstd(const std::string &path) {
    auto reader = mcap::LinearReader::open(path);
    if (!reader) return std::nullopt;
    mcap::RecordEntry entry;
    for (;;) {
        auto more = reader->next(entry);
        if (!more || !*more) return std::nullopt;
        if (auto *m = std::get_if<mcap::MessageRecord>(&entry.record)) return rosbag2::isZstdFrame(m->data);
    }
}

// Without metadata.yaml, MESSAGE-mode compression shows only in the payloads: a zstd frame where
// the CDR should be. rosbag2 compresses every message of such a bag, so each storage file's first
// message tells.
bool messagesAreZstd(const rosbag2::BagLayout &layout) {
    for (const auto &file : layout.files) {
        if (file.zstd_file || file.format == rosbag2::StorageFormat::Ros1) continue;
        if (file.format == rosbag2::StorageFormat::Mcap) {
            if (auto zstd = firstMcapMessageIsZstd(file.path)) return *zstd;
            continue;
        }
        auto source = rosbag2::openSqliteFile(file.path, file.display, {});
        if (!source) continue;
        Message first;
        auto more = (*source)->next(first);
        if (more && *more) return rosbag2::isZstdFrame(first.data);
    }
    return false;
}

void countMessage(BagInfo &info, TopicSummary &topic, TimeNs t) {
    if (topic.message_count == 0 || t < topic.first_ns) topic.first_ns = t;
    if (topic.message_count == 0 || t > topic.last_ns) topic.last_ns = t;
    ++topic.message_count;
    info.start_ns = info.message_count ? std::min(info.start_ns, t) : t;
    info.end_ns = info.message_count ? std::max(info.end_ns, t) : t;
    ++info.message_count;
}

void finishTopic(TopicSummary &topic) {
    if (topic.message_count >= 2 && topic.last_ns > topic.first_ns)
        topic.rate_hz = static_cast<double>(topic.message_count - 1) / secondsBetween(topic.first_ns, topic.last_ns);
}

}  // namespace

Result<BagInfo> describeBag(const std::string &path, bool recover) {
    auto layout = rosbag2::resolveBag(path);
    if (!layout) return layout.error();
    BagInfo info;
    info.path = path;
    info.storage = layout->storageIdentifier();
    info.compression = layout->compressionFormat().empty() ? "none" : layout->compressionFormat();
    info.compression_mode = rosbag2::compressionModeName(layout->compressionMode());
    if (!layout->metadata && layout->compressionMode() == rosbag2::CompressionMode::None && messagesAreZstd(*layout)) {
        info.compression = "zstd";
        info.compression_mode = rosbag2::compressionModeName(rosbag2::CompressionMode::Message);
    }
    info.size_bytes = layout->size_bytes;
    std::set<std::string> chunk_compression;
    for (const auto &file : layout->files) {
        info.files.push_back(file.display);
        if (file.format == rosbag2::StorageFormat::Mcap && !file.zstd_file)
            addChunkCompression(file.path, chunk_compression);
        if (file.format == rosbag2::StorageFormat::Ros1)
            if (auto seen = ros1::chunkCompressions(file.path)) chunk_compression.insert(seen->begin(), seen->end());
    }
    info.chunk_compression.assign(chunk_compression.begin(), chunk_compression.end());

    // A recovering read is the same reader as every command's (ReadOptions::recover): it lists
    // what is readable before the damage, and the damage says what was lost.
    ReadOptions read;
    read.recover = recover;
    auto source = rosbag2::openLayout(*layout, read);
    if (!source) return source.error();
    (*source)->loadAhead();  // chunks loaded on other threads while this one counts (BagThreads.hpp)
    const std::vector<TopicInfo> &topics = (*source)->topics();
    std::vector<TopicSummary> summaries;
    auto summaryFor = [&](const TopicInfo *topic) -> TopicSummary & {
        std::size_t index = static_cast<std::size_t>(topic - topics.data());
        if (summaries.size() < topics.size()) summaries.resize(topics.size());
        return summaries[index];
    };
    Message message;
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        countMessage(info, summaryFor(message.topic), message.log_time);
    }
    if (auto damage = (*source)->damage()) {
        info.complete = false;
        info.error = damage->file + ": " + damage->description;
        info.damage = std::move(damage);
    }
    summaries.resize(topics.size());
    for (std::size_t i = 0; i < topics.size(); ++i) {
        TopicSummary &topic = summaries[i];
        topic.name = topics[i].name;
        topic.type = topics[i].type;
        topic.serialization_format = topics[i].serialization_format;
        finishTopic(topic);
        info.topics.push_back(std::move(topic));
    }
    info.duration_s = secondsBetween(info.start_ns, info.end_ns);
    return info;
}

}  // namespace robometrics::bag
