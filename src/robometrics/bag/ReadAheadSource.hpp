#pragma once
// Reads a MessageSource ahead on a second thread: reading and decompressing the bag overlaps
// decoding and analysing the messages already read. Messages are copied into batches of about
// 1 MiB; at most kBatchesAhead batches wait, so memory stays bounded whatever the bag's size
// (a batch grows past 1 MiB only to hold one larger message). The consumer sees exactly the
// messages, in exactly the order, and the error, of the wrapped source.

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

class ReadAheadSource final : public MessageSource {
public:
    static constexpr std::size_t kBatchBytes = 1 << 20;
    static constexpr std::size_t kBatchesAhead = 4;

    /// `source` must outlive this object; reading starts at the first next().
    explicit ReadAheadSource(MessageSource &source);
    ~ReadAheadSource() override;

    /// The wrapped source's topics as they were when this object was made (the reading thread
    /// may add topics to the source later: their messages point to copies owned here).
    const std::vector<TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(Message &out) override;
    std::string describe() const override { return description_; }

private:
    struct Entry {
        const TopicInfo *topic;
        TimeNs log_time, publish_time;
        std::size_t offset, size;
    };
    struct Batch {
        std::vector<std::uint8_t> bytes;
        std::vector<Entry> entries;
        std::optional<Error> error;  ///< after the entries: the source failed there
        bool end = false;            ///< after the entries: the source has no more messages
    };

    void produce();
    /// A topic pointer that stays valid while this object lives (reader thread only).
    const TopicInfo *stableTopic(const TopicInfo *topic);
    /// Hands a filled batch to the consumer; false when the consumer has gone.
    bool publish(std::unique_ptr<Batch> batch);
    std::unique_ptr<Batch> freshBatch();

    MessageSource &source_;
    std::vector<TopicInfo> topics_;
    std::string description_;
    std::deque<TopicInfo> added_topics_;  ///< reader thread: topics the source added while reading
    std::unordered_map<const TopicInfo *, const TopicInfo *> stable_;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::unique_ptr<Batch>> ready_;   ///< filled, oldest first
    std::vector<std::unique_ptr<Batch>> spare_;  ///< consumed, for reuse
    bool stopping_ = false;

    std::unique_ptr<Batch> current_;  ///< consumer: the batch being read
    std::size_t position_ = 0;
    bool finished_ = false;
    std::thread reader_;
};

}  // namespace robometrics::bag
