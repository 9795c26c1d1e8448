#include "robometrics/bag/rosbag2/SqliteSource.hpp"

#include <algorithm>
#include <unordered_map>

#include "robometrics/bag/rosbag2/SqliteFile.hpp"

namespace robometrics::bag::rosbag2 {

namespace {

class SqliteSource final : public MessageSource {
public:
    explicit SqliteSource(std::unique_ptr<SqliteFile> file) : file_(std::move(file)) {
        for (const auto &topic : file_->topics()) {
            index_.emplace(topic.id, topics_.size());
            topics_.push_back(topic.info);
        }
    }

    Status start(const ReadOptions &options) {
        std::vector<std::int64_t> ids;
        for (const auto &topic : file_->topics())
            if (std::find(options.topics.begin(), options.topics.end(), topic.info.name) != options.topics.end())
                ids.push_back(topic.id);
        return file_->query(!options.topics.empty(), ids, options);
    }

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    Result<bool> next(Message &out) override {
        SqliteRow row;
        auto more = file_->step(row);
        if (!more || !*more) return more;
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

private:
    std::unique_ptr<SqliteFile> file_;
    std::vector<TopicInfo> topics_;
    std::unordered_map<std::int64_t, std::size_t> index_;
};

}  // namespace

Result<std::unique_ptr<MessageSource>> openSqliteFile(const std::string &path, const std::string &display,
                                                      const ReadOptions &options) {
    auto file = SqliteFile::open(path, display);
    if (!file) return file.error();
    auto source = std::make_unique<SqliteSource>(std::move(*file));
    ROBOMETRICS_TRY(source->start(options));
    return std::unique_ptr<MessageSource>(std::move(source));
}

}  // namespace robometrics::bag::rosbag2
