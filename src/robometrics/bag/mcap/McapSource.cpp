#include "robometrics/bag/mcap/McapSource.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>

#include "robometrics/bag/mcap/McapLostSpan.hpp"
#include "robometrics/bag/mcap/McapScan.hpp"
#include "robometrics/bag/mcap/IndexedReader.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/McapInfo.hpp"
#include "robometrics/bag/mcap/Summary.hpp"
#include "robometrics/msgs/ServiceEventSchema.hpp"

namespace robometrics::bag {

namespace {

using namespace mcap;

class McapSource final : public MessageSource {
public:
    McapSource(std::string path, const McapCatalog &catalog, const ReadOptions &options)
        : path_(std::move(path)), recover_(options.recover) {
        // One TopicInfo per topic name (a file may repeat a topic on several channels).
        std::map<std::string, std::size_t> by_name;
        for (const auto &[id, channel] : catalog.channels) {
            auto [it, added] = by_name.try_emplace(channel.topic, topics_.size());
            if (added) {
                TopicInfo topic;
                topic.name = channel.topic;
                topic.serialization_format = channel.message_encoding;
                if (auto qos = channel.metadata.find("offered_qos_profiles"); qos != channel.metadata.end()) {
                    topic.offered_qos_profiles = qos->second;
                }
                if (auto hash = channel.metadata.find("topic_type_hash"); hash != channel.metadata.end())
                    topic.type_hash = hash->second;
                if (auto s = catalog.schemas.find(channel.schema_id); s != catalog.schemas.end()) {
                    topic.type = normaliseTypeName(s->second.name);
                    // A service event's schema may be its .srv text (rosbag2's MCAP): made the event.
                    std::string text(s->second.data.begin(), s->second.data.end());
                    if (s->second.encoding == "ros2msg") text = msgs::eventSchemaFromStored(topic.type, text);
                    topic.schema = Schema{topic.type, s->second.encoding, std::move(text)};
                }
                topics_.push_back(std::move(topic));
            }
            if (auto n = catalog.counts.find(id); n != catalog.counts.end())
                topics_[it->second].message_count += n->second;
            channel_topic_[id] = static_cast<std::int32_t>(it->second);
        }
        if (options.start_time)
            filter_.start_time = static_cast<std::uint64_t>(std::max<TimeNs>(*options.start_time, 0));
        if (options.end_time) {
            filter_.end_time = *options.end_time < 0 ? 0 : static_cast<std::uint64_t>(*options.end_time);
            if (*options.end_time < 0) filter_.start_time = 1, filter_.end_time = 0;  // nothing can match
        }
        if (!options.topics.empty()) {
            for (const auto &[id, channel] : catalog.channels) {
                for (const std::string &name : options.topics) {
                    if (channel.topic == name) filter_.channels.insert(id);
                }
            }
            // Wanted topics that do not exist: keep the filter non-empty so that nothing matches.
            if (filter_.channels.empty()) nothing_ = true;
        }
    }

    // A recovering read skips a damaged chunk and goes on with the next one.
    void useIndex(FileInput file, std::vector<ChunkIndexRecord> chunks) {
        indexed_.emplace(std::move(file), std::move(chunks), filter_, true, recover_);
    }
    /// The indexed reader shows its chunks to the read's visitor, if it can promise their order.
    void visitChunks(const std::shared_ptr<LoadedChunkVisitor> &visitor) {
        if (visitor && indexed_ && indexed_->visitChunks(visitor)) visitor->accept();
    }
    void useLinear(LinearReader reader) { linear_.emplace(std::move(reader)); }

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    /// Damage the opening scan found (a recovering read): reported when next() reaches the end.
    void setScanDamage(std::optional<ReadDamage> damage) {
        scan_damage_ = std::move(damage);
        if (!scan_damage_) return;
        for (const LostSpan &span : scan_damage_->spans)
            if (span.byte_begin && span.byte_end) lost_.emplace_back(*span.byte_begin, *span.byte_end);
        std::sort(lost_.begin(), lost_.end());
    }

    Result<bool> next(Message &out) override {
        if (ended_) return false;
        auto more = read(out);
        if (more && *more) return true;
        ended_ = true;
        if (more) {
            damage_ = scan_damage_;
            addSkippedChunks();
            return false;
        }
        if (!recover_) return more;
        // A recovering read skips damaged chunks (the indexed reader); what else ends it (damage
        // met by the linear reader) ends it there, the messages before it given.
        if (scan_damage_)
            damage_ = scan_damage_;
        else if (linear_)
            damage_ = linearDamage(*linear_, more.error(), path_);
        else
            damage_ = ReadDamage{describe(), more.message(), "damaged bytes; the rest of the file is not read"};
        addSkippedChunks();
        return false;
    }

    std::optional<ReadDamage> damage() const override { return damage_; }

    std::string describe() const override { return std::filesystem::path(path_).filename().string(); }

    // The linear reader (a bag without a usable index) reuses one buffer: its messages are copied.
    bool pinLast(std::shared_ptr<const void> &keeper) override { return indexed_ && indexed_->pinLast(keeper); }
    // The linear reader reads records as they come: nothing to split.
    void loadAhead() override {
        if (indexed_) indexed_->loadAhead();
    }

private:
    /// The chunks the indexed reader skipped, as lost spans of the damage (in file order, with
    /// those the opening scan skipped).
    void addSkippedChunks() {
        if (!indexed_) return;
        const auto skipped = indexed_->skipped();
        if (skipped.empty()) return;
        std::vector<LostSpan> spans;
        auto file = FileInput::open(path_);
        for (const auto &s : skipped) {
            if (!file) {
                spans.push_back(chunkIndexSpan(path_, s.index, s.error));
                continue;
            }
            spans.push_back(lostChunkSpan(*file, s.index, s.error, filter_, [this](std::uint16_t channel) {
                const std::int32_t topic = channel_topic_[channel];
                return topic < 0 ? std::string() : topics_[static_cast<std::size_t>(topic)].name;
            }));
        }
        if (damage_) {
            spans.insert(spans.end(), damage_->spans.begin(), damage_->spans.end());
            damage_->spans.clear();
        }
        std::stable_sort(spans.begin(), spans.end(),
                         [](const LostSpan &a, const LostSpan &b) { return a.byte_begin < b.byte_begin; });
        addLostSpans(damage_, describe(), std::move(spans));
    }

    Result<bool> read(Message &out) {
        if (nothing_) return false;
        MessageRecord m;
        if (indexed_) {
            for (;;) {
                auto more = indexed_->next(m);
                if (!more || !more.value()) return more;
                if (fill(m, out)) return true;
            }
        }
        RecordEntry entry;
        for (;;) {
            const std::uint64_t before = linear_->position();
            auto more = linear_->next(entry);
            if (!more) {
                // A recovering read goes on past a stretch the opening scan found damaged, where
                // the scan went on.
                const std::uint64_t at = linear_->failedInChunk() ? entry.offset : before;
                const auto span = std::find_if(lost_.begin(), lost_.end(),
                                               [&](const auto &s) { return s.first <= at && at < s.second; });
                if (span == lost_.end()) return more;
                linear_->resumeAt(span->second);
                continue;
            }
            if (!more.value()) return more;
            if (const std::optional<std::uint64_t> end = lostSpanEnd(entry.offset)) {
                linear_->resumeAt(*end);  // where the scan went on
                continue;
            }
            if (std::holds_alternative<DataEndRecord>(entry.record)) return false;
            if (auto *msg = std::get_if<MessageRecord>(&entry.record)) {
                if (filter_.wants(msg->channel_id, msg->log_time) && fill(*msg, out)) return true;
            }
        }
    }

    /// The end of the stretch the scan skipped that `offset` (of a record read in file order)
    /// lies in: a record there may be the damaged one, or one of a damaged chunk.
    std::optional<std::uint64_t> lostSpanEnd(std::uint64_t offset) {
        while (next_lost_ < lost_.size() && lost_[next_lost_].second <= offset) ++next_lost_;
        if (next_lost_ < lost_.size() && lost_[next_lost_].first <= offset) return lost_[next_lost_].second;
        return std::nullopt;
    }

    bool fill(const MessageRecord &m, Message &out) const {
        const std::int32_t index = channel_topic_[m.channel_id];
        if (index < 0) return false;  // a message on an undeclared channel: skipped
        out.topic = &topics_[static_cast<std::size_t>(index)];
        out.log_time = static_cast<TimeNs>(m.log_time);
        out.publish_time = static_cast<TimeNs>(m.publish_time);
        out.data = m.data;
        return true;
    }

    std::string path_;
    std::vector<TopicInfo> topics_;
    std::vector<std::int32_t> channel_topic_ = std::vector<std::int32_t>(65536, -1);  ///< channel id -> topic, -1 none
    MessageFilter filter_;
    bool nothing_ = false;
    std::optional<IndexedReader> indexed_;
    std::optional<LinearReader> linear_;
    bool recover_ = false;
    bool ended_ = false;
    std::optional<ReadDamage> scan_damage_;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> lost_;  ///< the scan's lost spans (bytes), in file order
    std::size_t next_lost_ = 0;                                  ///< the first of lost_ not behind the linear reader
    std::optional<ReadDamage> damage_;
};

/// A single lost span the scan could not count, in a file whose summary counts the messages of
/// each channel: what the summary counts and the scan did not find is in it. With more spans the
/// loss is not shared out among them.
void countLost(const StatisticsRecord &statistics, const McapCatalog &catalog, ReadDamage &damage) {
    if (damage.spans.size() != 1 || damage.spans[0].messages) return;
    LostSpan &span = damage.spans[0];
    std::uint64_t lost = 0;
    std::vector<std::string> topics;
    for (const auto &[id, stored] : statistics.channel_message_counts) {
        const auto read = catalog.counts.find(id);
        const std::uint64_t found = read == catalog.counts.end() ? 0 : read->second;
        if (found > stored) return;  // the summary does not describe what was read
        if (found == stored) continue;
        lost += stored - found;
        if (auto channel = catalog.channels.find(id); channel != catalog.channels.end())
            topics.push_back(channel->second.topic);
    }
    std::sort(topics.begin(), topics.end());
    topics.erase(std::unique(topics.begin(), topics.end()), topics.end());
    span.messages = lost;
    span.topics = std::move(topics);
}

}  // namespace

Result<std::unique_ptr<MessageSource>> openMcap(const std::string &path, const ReadOptions &options) {
    auto file = FileInput::open(path);
    if (!file) return file.error();
    auto summary = readSummary(file.value());
    McapCatalog catalog;
    if (summary && summary->has_summary && !summary->chunk_indexes.empty()) {
        // Indexed when the summary names every channel its chunks use.
        bool complete = true;
        for (const ChunkIndexRecord &c : summary->chunk_indexes) {
            for (const auto &kv : c.message_index_offsets) complete = complete && summary->channels.count(kv.first);
        }
        if (summary->statistics) {
            for (const auto &kv : summary->statistics->channel_message_counts) {
                complete = complete && summary->channels.count(kv.first);
            }
        }
        if (complete && !summary->channels.empty()) {
            catalog.schemas = summary->schemas;
            catalog.channels = summary->channels;
            if (summary->statistics) catalog.counts = summary->statistics->channel_message_counts;
            auto source = std::make_unique<McapSource>(path, catalog, options);
            source->useIndex(std::move(file.value()), std::move(summary->chunk_indexes));
            // Only an index the file's summary gives: one a scan rebuilt (a file cut short) is
            // read as it always was.
            source->visitChunks(options.chunk_visitor);
            return std::unique_ptr<MessageSource>(std::move(source));
        }
    }
    // No usable index: scan once for channels and chunks, then merge the chunks by time, or read
    // in file order when some messages sit outside chunks. A recovering read keeps what the scan
    // found before the damage.
    std::optional<ReadDamage> damage;
    ROBOMETRICS_TRY(scanMcapCatalog(path, catalog, options.recover ? &damage : nullptr));
    // The data section is whole but the end of the file is damaged (bad summary CRC, bad Footer):
    // an error too, since some bytes of the file are not what the writer wrote.
    if (!summary && !options.recover) return summary.error();
    if (!summary && !damage) {
        damage = ReadDamage{std::filesystem::path(path).filename().string(), summary.message(),
                            "the summary is damaged; every message was read"};
    }
    if (damage && summary && summary->statistics) countLost(*summary->statistics, catalog, *damage);
    auto source = std::make_unique<McapSource>(path, catalog, options);
    source->setScanDamage(std::move(damage));
    if (!catalog.loose_messages) {
        source->useIndex(std::move(file.value()), std::move(catalog.chunks));
    } else {
        auto reader = LinearReader::open(path);
        if (!reader) return reader.error();
        source->useLinear(std::move(reader.value()));
    }
    return std::unique_ptr<MessageSource>(std::move(source));
}

}  // namespace robometrics::bag
