#include "robometrics/bag/BagInfo.hpp"

#include <algorithm>
#include <set>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/Summary.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/bag/rosbag2/MergedSource.hpp"

namespace robometrics::bag {

namespace {

// The chunk compressions named in an MCAP summary; nothing when the file has no summary.
void addChunkCompression(const std::string &path, std::set<std::string> &out) {
    auto file = mcap::FileInput::open(path);
    if (!file) return;
    auto summary = mcap::readSummary(*file);
    if (!summary) return;
    for (const auto &index : summary->chunk_indexes) out.insert(index.compression.empty() ? "none" : index.compression);
}

void finishTopic(TopicSummary &topic) {
    if (topic.message_count >= 2 && topic.last_ns > topic.first_ns)
        topic.rate_hz = static_cast<double>(topic.message_count - 1) / toSeconds(topic.last_ns - topic.first_ns);
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
    info.size_bytes = layout->size_bytes;
    std::set<std::string> chunk_compression;
    for (const auto &file : layout->files) {
        info.files.push_back(file.display);
        if (file.format == rosbag2::StorageFormat::Mcap && !file.zstd_file) addChunkCompression(file.path, chunk_compression);
    }
    info.chunk_compression.assign(chunk_compression.begin(), chunk_compression.end());

    auto source = rosbag2::openLayout(*layout, {});
    if (!source) return source.error();
    const std::vector<TopicInfo> &topics = (*source)->topics();
    std::vector<TopicSummary> summaries;
    auto summaryFor = [&](const TopicInfo *topic) -> TopicSummary & {
        std::size_t index = static_cast<std::size_t>(topic - topics.data());
        if (summaries.size() < topics.size()) summaries.resize(topics.size());
        return summaries[index];
    };
    Message message;
    bool any = false;
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) {
            if (!recover) return more.error();
            info.complete = false;
            info.error = more.message();
            break;
        }
        if (!*more) break;
        TopicSummary &topic = summaryFor(message.topic);
        if (topic.message_count == 0 || message.log_time < topic.first_ns) topic.first_ns = message.log_time;
        if (topic.message_count == 0 || message.log_time > topic.last_ns) topic.last_ns = message.log_time;
        ++topic.message_count;
        info.start_ns = any ? std::min(info.start_ns, message.log_time) : message.log_time;
        info.end_ns = any ? std::max(info.end_ns, message.log_time) : message.log_time;
        any = true;
        ++info.message_count;
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
    info.duration_s = toSeconds(info.end_ns - info.start_ns);
    return info;
}

}  // namespace robometrics::bag
