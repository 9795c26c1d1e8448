#include "robometrics/bag/ros1/Ros1Source.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <unordered_map>

#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/BagScan.hpp"
#include "robometrics/bag/ros1/ChunkMerger.hpp"

namespace robometrics::bag::ros1 {

std::string topicTypeName(const std::string &ros1_type) {
    if (ros1_type == "tf/tfMessage") return "tf2_msgs/msg/TFMessage";
    const std::size_t slash = ros1_type.find('/');
    if (slash == std::string::npos || ros1_type.find('/', slash + 1) != std::string::npos) return ros1_type;
    return ros1_type.substr(0, slash) + "/msg" + ros1_type.substr(slash);
}

namespace {

class Ros1Source final : public MessageSource {
public:
    Ros1Source(std::string path, std::vector<TopicInfo> topics, std::unordered_map<std::uint32_t, std::size_t> topic_of,
               ChunkMerger merger, MergeFilter filter, bool recover, std::optional<ReadDamage> scan_damage)
        : path_(std::move(path)),
          topics_(std::move(topics)),
          topic_of_(std::move(topic_of)),
          merger_(std::move(merger)),
          filter_(std::move(filter)),
          recover_(recover),
          scan_damage_(std::move(scan_damage)) {}

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    Result<bool> next(Message &out) override {
        if (ended_) return false;
        RawMessage raw;
        auto more = merger_.next(raw);
        if (!more || !*more) {
            // The end: a bag read without its index reports what the walk could not read; a
            // recovering read ends at damage met in a chunk with what came before.
            ended_ = true;
            if (more)
                damage_ = scan_damage_;
            else if (!recover_)
                return more;
            else
                damage_ = scan_damage_
                              ? scan_damage_
                              : ReadDamage{path_, more.message(), "damaged bytes; the rest of the file is not read"};
            addLostSpans(damage_, path_, skippedSpans());
            return false;
        }
        out.topic = &topics_[topic_of_.at(raw.conn)];  // the merger rejects unknown connections
        out.log_time = raw.time;
        out.publish_time = raw.time;  // ROS 1 bags record the receive time only
        out.data = raw.data;
        return true;
    }

    std::string describe() const override { return path_; }

    void loadAhead() override { merger_.loadAhead(); }

    std::optional<ReadDamage> damage() const override { return damage_; }

private:
    /// The chunks the merger skipped, in file order: bytes from the chunk record (to the next
    /// chunk when its header does not read), times, messages and topics from the chunk info.
    std::vector<LostSpan> skippedSpans() const {
        std::vector<LostSpan> spans;
        const auto skipped = merger_.skipped();
        if (skipped.empty()) return spans;
        auto file = mcap::FileInput::open(path_);
        for (const auto &s : skipped) {
            LostSpan span;
            span.file = path_;
            span.byte_begin = s.info.chunk_pos;
            span.byte_end = s.info.chunk_pos;
            FileRecord record;
            if (file && readRecordHeader(*file, s.info.chunk_pos, record).ok()) span.byte_end = record.end();
            span.start_time = s.info.start_time;
            span.end_time = s.info.end_time;
            std::uint64_t messages = 0;
            std::set<std::string> topics;
            for (const auto &[conn, count] : s.info.counts) {
                auto topic = topic_of_.find(conn);
                auto wanted = filter_.connections.find(conn);
                if (topic == topic_of_.end() || wanted == filter_.connections.end() || !wanted->second) continue;
                messages += count;
                if (count > 0) topics.insert(topics_[topic->second].name);
            }
            // The chunk info counts the whole chunk: a count only when the time range takes it all.
            if (s.info.start_time >= filter_.start_time && s.info.end_time <= filter_.end_time)
                span.messages = messages;
            span.topics.assign(topics.begin(), topics.end());
            span.reason = withoutPath(s.error.message, path_);
            spans.push_back(std::move(span));
        }
        std::stable_sort(spans.begin(), spans.end(),
                         [](const LostSpan &a, const LostSpan &b) { return a.byte_begin < b.byte_begin; });
        return spans;
    }

    std::string path_;
    std::vector<TopicInfo> topics_;
    std::unordered_map<std::uint32_t, std::size_t> topic_of_;  ///< connection id -> topic index
    ChunkMerger merger_;
    MergeFilter filter_;  ///< what the merger reads, for the counts of what it skips
    bool recover_ = false;
    bool ended_ = false;
    std::optional<ReadDamage> scan_damage_;  ///< what the walk of an unindexed bag could not read
    std::optional<ReadDamage> damage_;
};

// A recovering read of a bag whose index is missing (never closed) or unreadable: the index
// rebuilt by walking the chunks, and what the walk lost.
Result<BagIndex> scanForIndex(mcap::FileInput &file, const Error &index_error, const std::string &path,
                              std::optional<ReadDamage> &damage) {
    std::uint64_t header_end = 0;
    auto header = readBagHeader(file, header_end);
    if (!header) return index_error;
    BagScan scan = scanBagRecords(file, *header, header_end);
    const bool never_closed = header->index_pos == 0;
    std::string why = index_error.message;  // without the path, which the damage names anyway
    if (why.rfind(path + ": ", 0) == 0) why.erase(0, path.size() + 2);
    ReadDamage lost;
    lost.file = std::filesystem::path(path).filename().string();
    lost.truncated = never_closed || scan.truncated;
    lost.description = (never_closed ? std::string("the bag was never closed (bag header index_pos 0)")
                                     : "its index is unreadable (" + why + ")") +
                       ": its chunks were read in file order" + (scan.cut.empty() ? "" : "; " + scan.cut);
    lost.loss = scan.cut.empty() ? "the recording was not closed" : "the last chunk is cut";
    lost.spans = std::move(scan.lost);
    damage = std::move(lost);
    return std::move(scan.index);
}

}  // namespace

Result<std::unique_ptr<MessageSource>> openRos1(const std::string &path, const ReadOptions &options) {
    auto file = mcap::FileInput::open(path);
    if (!file) return file.error();
    auto index = readBagIndex(*file);
    std::optional<ReadDamage> scan_damage;
    if (!index && options.recover) index = scanForIndex(*file, index.error(), path, scan_damage);
    if (!index) return index.error();

    std::vector<TopicInfo> topics;
    std::vector<std::string> md5s;               // per topic, to catch one topic recorded with two types
    std::vector<std::set<std::string>> callers;  // per topic: the publishing nodes (one connection each)
    std::unordered_map<std::uint32_t, std::size_t> topic_of;
    MergeFilter filter;
    for (const Connection &c : index->connections) {
        auto it = std::find_if(topics.begin(), topics.end(), [&](const TopicInfo &t) { return t.name == c.topic; });
        if (it == topics.end()) {
            TopicInfo topic;
            topic.name = c.topic;
            topic.type = topicTypeName(c.type);
            topic.serialization_format = kSerializationFormat;
            topic.schema = Schema{topic.type, kSchemaEncoding, c.message_definition};
            topics.push_back(std::move(topic));
            md5s.push_back(c.md5sum);
            callers.emplace_back();
            it = topics.end() - 1;
        } else if (md5s[it - topics.begin()] != c.md5sum || it->type != topicTypeName(c.type)) {
            return Error{path + ": topic " + c.topic + " is recorded with two types, " + it->type + " and " +
                         topicTypeName(c.type) + " (connection " + std::to_string(c.id) + ")"};
        }
        std::set<std::string> &topic_callers = callers[static_cast<std::size_t>(it - topics.begin())];
        topic_callers.insert(c.callerid);
        it->publishers = static_cast<int>(topic_callers.size());
        if (topic_of.emplace(c.id, static_cast<std::size_t>(it - topics.begin())).second) {
            it->ros1_connections.push_back({c.callerid, c.latching            ? Ros1Latching::Latched
                                                        : c.latching_recorded ? Ros1Latching::NotLatched
                                                                              : Ros1Latching::NotRecorded});
        } else {
            // A repeated id must describe the same connection (rosbag may write it twice).
            if (topics[topic_of[c.id]].name != c.topic)
                return Error{path + ": connection " + std::to_string(c.id) + " is declared for two topics"};
        }
        const bool wanted = options.topics.empty() ||
                            std::find(options.topics.begin(), options.topics.end(), c.topic) != options.topics.end();
        filter.connections[c.id] = wanted;
    }
    for (const ChunkInfo &chunk : index->chunks)
        for (const auto &[conn, count] : chunk.counts)
            if (auto it = topic_of.find(conn); it != topic_of.end()) topics[it->second].message_count += count;
    if (options.start_time) filter.start_time = *options.start_time;
    if (options.end_time) filter.end_time = *options.end_time;

    ChunkMerger merger(std::move(*file), std::move(index->chunks), filter, options.recover);
    return std::unique_ptr<MessageSource>(std::make_unique<Ros1Source>(path, std::move(topics), std::move(topic_of),
                                                                       std::move(merger), std::move(filter),
                                                                       options.recover, std::move(scan_damage)));
}

Result<std::vector<std::string>> chunkCompressions(const std::string &path) {
    auto file = mcap::FileInput::open(path);
    if (!file) return file.error();
    auto index = readBagIndex(*file);
    if (!index) return index.error();
    std::vector<std::string> out;
    FileRecord record;
    for (const ChunkInfo &chunk : index->chunks) {
        ROBOMETRICS_TRY(readRecordHeader(*file, chunk.chunk_pos, record));
        auto fields = HeaderFields::parse(record.header);
        if (!fields) return file->error(chunk.chunk_pos, "Chunk header: " + fields.message());
        auto header = parseChunkHeader(*fields);
        if (!header) return file->error(chunk.chunk_pos, header.message());
        if (std::find(out.begin(), out.end(), header->compression) == out.end()) out.push_back(header->compression);
    }
    return out;
}

}  // namespace robometrics::bag::ros1
