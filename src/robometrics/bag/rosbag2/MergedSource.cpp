#include "robometrics/bag/rosbag2/MergedSource.hpp"

#include <algorithm>
#include <initializer_list>
#include <queue>
#include <unordered_map>

#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/TopicMemo.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/bag/rosbag2/SqliteDamage.hpp"
#include "robometrics/bag/rosbag2/SqliteSource.hpp"
#include "robometrics/bag/rosbag2/Zstd.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

struct Child {
    std::unique_ptr<MessageSource> source;
    std::string path;     ///< where it is read (a temporary copy for a FILE-compressed one)
    std::string display;  ///< the file's name in messages (as metadata.yaml lists it)
    Message current;
    TopicMemo<std::size_t> topic_cache;     ///< child topic -> merged index
    std::vector<std::uint8_t> zstd_topics;  ///< per merged topic: ZstdTopic, as first seen in this file
    bool loading_ahead = false;             ///< its chunks are loaded on threads of their own
};

/// Whether a topic's messages in one file are zstd frames (rosbag2's MESSAGE compression).
enum ZstdTopic : std::uint8_t { kNotSeen = 0, kPlain, kFrames };

class MergedSource final : public MessageSource {
public:
    MergedSource(std::string description, const ReadOptions &options)
        : description_(std::move(description)), options_(options) {}

    Status addFile(const StorageFile &file) {
        std::string path = file.path;
        if (file.zstd_file) {
            auto temp = decompressFileToTemp(file.path, file.format == StorageFormat::Mcap ? ".mcap" : ".db3");
            if (!temp) return temp.error();
            path = (*temp)->path();
            temps_.push_back(std::move(*temp));
        }
        // A recovering read of a .db3 cut short reads a copy grown to its declared size: sqlite
        // refuses the file itself at the first query.
        std::string original;
        if (options_.recover && file.format == StorageFormat::Sqlite3 && sqliteCut(path)) {
            if (auto padded = paddedSqliteCopy(path)) {
                original = path;
                path = (*padded)->path();
                temps_.push_back(std::move(*padded));
            }
        }
        Result<std::unique_ptr<MessageSource>> source = file.format == StorageFormat::Mcap ? openMcap(path, options_)
                                                        : file.format == StorageFormat::Ros1
                                                            ? ros1::openRos1(path, options_)
                                                            : openSqliteFile(path, file.display, options_, original);
        if (!source) {
            // Errors about the temporary copy should still name the file the user has.
            Error error =
                file.zstd_file ? Error{file.display + " (decompressed): " + source.message()} : source.error();
            // A recovering read keeps the other files of a split bag: this one adds nothing.
            if (options_.recover) {
                if (!first_open_error_) first_open_error_ = error;
                noteDamage(ReadDamage{file.display, withoutFileName(error.message, {path, file.path, file.display}),
                                      "the file cannot be read", isCut(error.message)});
                return Status::Ok();
            }
            return error;
        }
        children_.push_back(Child{std::move(*source), path, file.display, {}, {}, {}, false});
        return Status::Ok();
    }

    /// A listed file that is not on disk: what metadata.yaml says it held is a lost span.
    void addMissingFile(const MissingFile &missing) {
        LostSpan span;
        span.file = missing.display;
        if (missing.entry) {
            span.start_time = missing.entry->starting_time;
            span.end_time = missing.entry->starting_time + missing.entry->duration;
            if (options_.topics.empty() && !options_.start_time && !options_.end_time)
                span.messages = missing.entry->message_count;
        }
        span.reason = "the file is missing";
        ReadDamage damage;
        damage.file = missing.display;
        damage.read_to_end = true;
        damage.spans.push_back(std::move(span));
        damage.description = "the file is missing";
        damage.loss = "the file is missing";
        noteDamage(std::move(damage));
    }

    // Declares the topics: those of metadata.yaml first (their counts win, they cover the whole
    // bag), then any other topic found in the files, with counts summed over the files.
    void collectTopics(const std::optional<BagMetadata> &metadata) {
        message_mode_ = metadata && metadata->compression_mode == CompressionMode::Message;
        std::size_t capacity = 64;
        for (const auto &child : children_) capacity += child.source->topics().size();
        if (metadata) capacity += metadata->topics.size();
        topics_.reserve(capacity);
        bool counts_from_metadata = metadata && !metadata->topics.empty();
        if (metadata)
            for (const auto &topic : metadata->topics) topics_[mergedIndex(topic)].message_count += topic.message_count;
        for (const auto &child : children_)
            for (const auto &topic : child.source->topics()) {
                std::size_t index = mergedIndex(topic);
                TopicInfo &merged = topics_[index];
                if (!counts_from_metadata) merged.message_count += topic.message_count;
                if (merged.schema.text.empty() && !topic.schema.text.empty()) {
                    merged.schema = topic.schema;
                    merged.schema.name = normalizeTypeName(merged.schema.name);
                }
                if (merged.offered_qos_profiles.empty()) merged.offered_qos_profiles = topic.offered_qos_profiles;
                if (merged.serialization_format.empty()) merged.serialization_format = topic.serialization_format;
                if (merged.type_hash.empty()) merged.type_hash = topic.type_hash;
            }
        for (auto &topic : topics_)
            if (topic.schema.name.empty()) topic.schema.name = topic.type;
    }

    Status prime() {
        for (std::size_t i = 0; i < children_.size(); ++i) ROBOMETRICS_TRY(advance(i));
        return Status::Ok();
    }

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    Result<bool> next(Message &out) override {
        for (;;) {
            if (last_ != kNone) {
                std::size_t child = last_;
                last_ = kNone;
                ROBOMETRICS_TRY(advance(child));
            }
            if (heap_.empty()) return false;
            std::size_t child = heap_.top().second;
            heap_.pop();
            last_ = child;
            if (load_ahead_) startLoadingAhead(children_[child]);
            Message &current = children_[child].current;
            if (!current.topic)
                return stopAt(child, Error{children_[child].source->describe() + ": a message without a topic"});
            std::size_t index = topicOf(children_[child], current.topic);
            if (!wanted(index, current.log_time)) continue;
            out.topic = &topics_[index];
            out.log_time = current.log_time;
            out.publish_time = current.publish_time;
            out.data = current.data;
            last_decompressed_ = false;
            if (mayBeZstdFrame(children_[child], index) && isZstdFrame(out.data)) {
                auto plain =
                    zstd_.decompress(out.data, children_[child].source->describe() + ": message on " + out.topic->name +
                                                   " at log time " + std::to_string(out.log_time));
                if (!plain) return stopAt(child, plain.error());
                out.data = *plain;
                last_decompressed_ = true;  // in zstd_'s buffer, reused by the next call
            }
            ++read_;
            if (!first_time_) first_time_ = current.log_time;
            last_time_ = current.log_time;
            return true;
        }
    }

    std::string describe() const override { return description_; }

    // The child that gave the last message is advanced only by the next call: its last message
    // is still the one this source gave.
    bool pinLast(std::shared_ptr<const void> &keeper) override {
        return last_ != kNone && !last_decompressed_ && children_[last_].source->pinLast(keeper);
    }

    // A split bag's files are all open at once; loading every one ahead from the start would
    // give each its threads and chunks. So a file starts loading ahead when the merge first
    // takes a message from it, at most kMostFilesLoadingAhead files at once, and a file read to
    // its end is closed (advance()): a bag split in time order loads one file ahead at a time,
    // whatever its number of files, and two files that overlap in time both load ahead.
    void loadAhead() override { load_ahead_ = true; }

    /// A recovering read of a bag none of whose files opens: the first file's error (there is
    /// nothing to read; a bag with one readable file is read).
    std::optional<Error> nothingOpened() const {
        if (children_.empty() && first_open_error_) return first_open_error_;
        return std::nullopt;
    }

    // The first damage met (in merge order, so the same whatever loads ahead), with what this
    // source gave before its end.
    std::optional<ReadDamage> damage() const override {
        if (!damage_ || !heap_.empty()) return std::nullopt;
        ReadDamage out = *damage_;
        out.messages_read = read_;
        out.first_log_time = first_time_;
        out.last_log_time = last_time_;
        return out;
    }

private:
    // A message the merge cannot pass on: an error, or for a recovering read the end, with the
    // damage (the later messages of every file are not given: they would come after a gap).
    Result<bool> stopAt(std::size_t child, const Error &error) {
        if (!options_.recover) return error;
        noteDamage(ReadDamage{children_[child].display,
                              withoutFileName(error.message, {children_[child].path, children_[child].display}),
                              "a damaged message; the rest of the bag is not read"});
        heap_ = {};
        last_ = kNone;
        return false;
    }

    // Every file's lost spans are kept; the first damage that ended a file's read is the one
    // described (a file read to its end past skipped spans gives way to it).
    void noteDamage(ReadDamage damage) {
        if (!damage_) {
            damage_ = std::move(damage);
            return;
        }
        ++damage_->other_damaged_files;
        std::vector<LostSpan> spans = std::move(damage.spans);
        if (damage_->read_to_end && !damage.read_to_end) {
            damage.spans = std::move(damage_->spans);
            damage.other_damaged_files = damage_->other_damaged_files;
            damage_ = std::move(damage);
        }
        const std::string file = damage_->file;
        addLostSpans(damage_, file, std::move(spans));
    }

    /// The readers say "truncated: " where a file ends before its records do.
    static bool isCut(const std::string &message) { return message.find("truncated: ") != std::string::npos; }

    /// An error message without the leading "FILE: " the damage names anyway.
    static std::string withoutFileName(const std::string &message, std::initializer_list<std::string> names) {
        for (const std::string &name : names) {
            if (message.rfind(name + ": ", 0) == 0) return message.substr(name.size() + 2);
        }
        return message;
    }

    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    using Entry = std::pair<TimeNs, std::size_t>;  // (log time, child); smallest first

    static constexpr std::size_t kMostFilesLoadingAhead = 2;

    void startLoadingAhead(Child &child) {
        if (child.loading_ahead || files_loading_ahead_ >= kMostFilesLoadingAhead) return;
        child.loading_ahead = true;
        ++files_loading_ahead_;
        child.source->loadAhead();
    }

    // A file read to its end is closed: its handle, its chunks and its loading threads are
    // released now, not when the whole bag is (its last message was used before this call; a
    // message pinned by ReadAhead keeps its own chunk).
    Status advance(std::size_t child) {
        Child &c = children_[child];
        auto more = c.source->next(c.current);
        if (!more && !options_.recover) return more.error();
        if (more && *more) {
            heap_.emplace(c.current.log_time, child);
            return Status::Ok();
        }
        // The file's end, or (recovering) its damage: a source that recovers says what it lost;
        // an error of one that does not is the damage itself. The other files go on.
        if (!more) {
            noteDamage(ReadDamage{c.display, withoutFileName(more.message(), {c.path, c.display}),
                                  "damaged bytes; the rest of the file is not read", isCut(more.message())});
        } else if (auto lost = c.source->damage()) {
            lost->file = c.display;
            for (LostSpan &span : lost->spans) span.file = c.display;
            noteDamage(std::move(*lost));
        }
        if (c.loading_ahead) --files_loading_ahead_;
        c.loading_ahead = false;
        c.current = Message{};
        c.source.reset();
        return Status::Ok();
    }

    std::size_t mergedIndex(const TopicInfo &topic) {
        auto it = by_name_.find(topic.name);
        if (it != by_name_.end()) return it->second;
        TopicInfo merged = topic;
        merged.type = normalizeTypeName(merged.type);
        merged.schema.name = normalizeTypeName(merged.schema.name);
        merged.message_count = 0;
        topics_.push_back(std::move(merged));
        wanted_.push_back(options_.topics.empty() || std::find(options_.topics.begin(), options_.topics.end(),
                                                               topic.name) != options_.topics.end());
        by_name_.emplace(topic.name, topics_.size() - 1);
        return topics_.size() - 1;
    }

    // Child topic pointers are cached, but checked by name (TopicMemo): a streaming child may
    // have grown (and moved) its topic list since.
    std::size_t topicOf(Child &child, const TopicInfo *topic) {
        return child.topic_cache.get(topic, [this](const TopicInfo &t) { return mergedIndex(t); });
    }

    // rosbag2 compresses every message of a bag (MESSAGE mode, named in metadata.yaml) or none,
    // and a CDR payload never starts with the zstd magic (its first byte is 0). So without that
    // metadata the first message of each topic in each file decides for the topic in that file:
    // the reading thread need not touch every message's first bytes, a cache miss per message
    // that cost ~7 % of `evaluate`'s CPU. ROS 1 payloads may start with any bytes: never frames.
    bool mayBeZstdFrame(Child &child, std::size_t index) {
        if (topics_[index].serialization_format == ros1::kSerializationFormat) return false;
        if (message_mode_) return true;
        if (child.zstd_topics.size() <= index) child.zstd_topics.resize(index + 1, kNotSeen);
        std::uint8_t &seen = child.zstd_topics[index];
        if (seen == kNotSeen) seen = isZstdFrame(child.current.data) ? kFrames : kPlain;
        return seen == kFrames;
    }

    bool wanted(std::size_t index, TimeNs t) const {
        if (!wanted_[index]) return false;
        if (options_.start_time && t < *options_.start_time) return false;
        if (options_.end_time && t > *options_.end_time) return false;
        return true;
    }

    std::string description_;
    ReadOptions options_;
    std::vector<std::unique_ptr<TempFile>> temps_;  // declared before children_: removed after them
    std::vector<Child> children_;
    std::vector<TopicInfo> topics_;
    std::vector<bool> wanted_;
    std::unordered_map<std::string, std::size_t> by_name_;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap_;
    std::size_t last_ = kNone;
    bool last_decompressed_ = false;  ///< the last message's bytes are zstd_'s output
    bool message_mode_ = false;       ///< metadata.yaml says MESSAGE compression: check every message
    bool load_ahead_ = false;         ///< loadAhead() was called
    std::size_t files_loading_ahead_ = 0;
    ZstdMessageDecompressor zstd_;
    std::optional<ReadDamage> damage_;       ///< the first damage met (recovering read)
    std::optional<Error> first_open_error_;  ///< of the first file that did not open (recovering read)
    std::uint64_t read_ = 0;                 ///< messages given
    std::optional<TimeNs> first_time_, last_time_;
};

}  // namespace

Result<std::unique_ptr<MessageSource>> openLayout(const BagLayout &layout, const ReadOptions &options) {
    std::string description = layout.directory
                                  ? "rosbag2 dir " + layout.path + " with " + std::to_string(layout.files.size()) +
                                        " file" + (layout.files.size() == 1 ? "" : "s")
                                  : layout.path;
    // A file of a split bag that is not there: a strict read refuses the bag, a recovering one
    // loses that file's span only.
    if (!layout.missing.empty() && !options.recover) return Error{layout.missing.front().error};
    // A visitor of the chunks as they load sees one file's chunks: with several files their
    // messages interleave, and with MESSAGE compression they are not the bytes given.
    ReadOptions files_options = options;
    if (layout.files.size() != 1 || layout.compressionMode() == CompressionMode::Message)
        files_options.chunk_visitor.reset();
    auto source = std::make_unique<MergedSource>(std::move(description), files_options);
    for (const auto &missing : layout.missing) source->addMissingFile(missing);
    for (const auto &file : layout.files) ROBOMETRICS_TRY(source->addFile(file));
    if (auto error = source->nothingOpened()) return *error;
    source->collectTopics(layout.metadata);
    ROBOMETRICS_TRY(source->prime());
    return std::unique_ptr<MessageSource>(std::move(source));
}

}  // namespace robometrics::bag::rosbag2
