#include "robometrics/bag/rosbag2/SqliteSource.hpp"

#include <algorithm>
#include <unordered_map>

#include "robometrics/bag/rosbag2/SqliteDamage.hpp"
#include "robometrics/bag/rosbag2/SqliteFile.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

class SqliteSource final : public MessageSource {
public:
    SqliteSource(std::unique_ptr<SqliteFile> file, std::string path, bool recover)
        : file_(std::move(file)), path_(std::move(path)), recover_(recover) {
        for (const auto &topic : file_->topics()) {
            index_.emplace(topic.id, topics_.size());
            topics_.push_back(topic.info);
        }
        // Damaged pages in the middle are skipped; a file cut short is read up to the cut as it
        // was (its missing pages are zeros in a padded copy: nothing past them to find).
        if (recover_ && !sqliteCut(path_)) file_->skipDamagedPages();
    }

    Status start(const ReadOptions &options) {
        whole_table_ = options.topics.empty() && !options.start_time && !options.end_time;
        std::vector<std::int64_t> ids;
        for (const auto &topic : file_->topics())
            if (std::find(options.topics.begin(), options.topics.end(), topic.info.name) != options.topics.end())
                ids.push_back(topic.id);
        return file_->query(!options.topics.empty(), ids, options);
    }

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    Result<bool> next(Message &out) override {
        if (ended_) return false;
        SqliteRow row;
        auto more = file_->step(row);
        if (!more || !*more) return end(more);
        auto it = index_.find(row.topic_id);
        if (it == index_.end())
            return Error{file_->display() + ": a message refers to topic id " + std::to_string(row.topic_id) +
                         ", which is not in the topics table"};
        out.topic = &topics_[it->second];
        out.log_time = row.timestamp;
        out.publish_time = row.timestamp;  // rosbag2 sqlite3 stores only the receive time
        out.data = row.data;
        return true;
    }

    std::string describe() const override { return file_->display(); }

    std::optional<ReadDamage> damage() const override { return damage_; }

private:
    // The end of the rows, or the first error. A file shorter than its header says was cut short
    // (sqlite may not need the missing pages to give every row it still has): an error, or for a
    // recovering read the damage; a recovering read also notes rows left in a -wal or -journal
    // file beside the database.
    Result<bool> end(const Result<bool> &more) {
        ended_ = true;
        const std::optional<std::string> cut = sqliteCut(path_);
        std::string stopped;
        if (!more) {
            stopped = more.message();
            if (stopped.rfind(file_->display() + ": ", 0) == 0) stopped.erase(0, file_->display().size() + 2);
        }
        if (!recover_) {
            if (!cut) return more;
            return Error{file_->display() + ": truncated: " + *cut + "; the recording was cut short" +
                         (more ? "" : " (" + stopped + ")")};
        }
        if (cut) {
            damage_ = ReadDamage{file_->display(), *cut + (more ? "" : "; reading stopped at " + stopped),
                                 "the rows stored past the cut are lost", true};
        } else if (!more) {
            damage_ = ReadDamage{file_->display(), stopped, "damaged pages; the rest of the rows are not read"};
        } else if (auto left = sqliteLeftovers(path_)) {
            damage_ = ReadDamage{file_->display(), *left, "rows in the recorder's unfinished sqlite log are not read"};
        }
        addLostSpans(damage_, file_->display(), lostSpans());
        return false;
    }

    /// The rows skipped on damaged pages as lost spans: their ids and count, the log times of the
    /// rows read on either side (sqlite does not say which page, so no byte range).
    std::vector<LostSpan> lostSpans() const {
        std::vector<LostSpan> spans;
        for (const UnreadableRows &rows : file_->unreadableRows()) {
            LostSpan span;
            span.file = file_->display();
            span.start_time = rows.after_time;
            span.end_time = rows.before_time;
            // Counted by id over every topic and time: the count of this read when it reads all.
            if (whole_table_) span.messages = rows.count();
            const std::string from = rows.after_id ? std::to_string(*rows.after_id + 1) : "the first";
            const std::string to = rows.before_id ? std::to_string(*rows.before_id - 1) : "the last";
            span.reason = "rows " + from + " to " + to + " of the messages table are on damaged pages";
            spans.push_back(std::move(span));
        }
        return spans;
    }

    std::unique_ptr<SqliteFile> file_;
    std::string path_;
    bool recover_ = false;
    bool ended_ = false;
    bool whole_table_ = true;  ///< no topic or time filter
    std::optional<ReadDamage> damage_;
    std::vector<TopicInfo> topics_;
    std::unordered_map<std::int64_t, std::size_t> index_;
};

}  // namespace

Result<std::unique_ptr<MessageSource>> openSqliteFile(const std::string &path, const std::string &display,
                                                      const ReadOptions &options, const std::string &original) {
    // A file cut short may fail already here (its schema or index pages are missing): say so.
    auto cutShort = [&](const Error &error) -> Error {
        auto cut = sqliteCut(original.empty() ? path : original);
        if (!cut) return error;
        return Error{display + ": truncated: " + *cut + "; the recording was cut short (" + error.message + ")"};
    };
    auto file = SqliteFile::open(path, display);
    if (!file) return cutShort(file.error());
    auto source = std::make_unique<SqliteSource>(std::move(*file), original.empty() ? path : original, options.recover);
    if (Status s = source->start(options); !s.ok()) return cutShort(s.error());
    return std::unique_ptr<MessageSource>(std::move(source));
}

}  // namespace robometrics::bag::rosbag2
