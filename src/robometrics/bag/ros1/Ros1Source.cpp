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
               ChunkMerger merger, bool recover, std::optional<ReadDamage> scan_damage)
        : path_(std::move(path)),
          topics_(std::move(topics)),
          topic_of_(std::move(topic_of)),
          merger_(std::move(merger)),
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
    std::string path_;
    std::vector<TopicInfo> topics_;
    std::unordered_map<std::uint32_t, std::size_t> topic_of_;  ///< connection id -> topic index
    ChunkMerger merger_;
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
            it->ros1_connections.push_back(
                {c.callerid, c.latching            ? Ros1Latching::Latched
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

    ChunkMerger merger(std::move(*file), std::move(index->chunks), std::move(filter));
    return std::unique_ptr<MessageSource>(std::make_unique<Ros1Source>(
        path, std::move(topics), std::move(topic_of), std::move(merger), options.recover, std::move(scan_damage)));
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
