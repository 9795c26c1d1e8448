#pragma once
// Reads a MessageSource ahead on a second thread for one or more consumers: reading and
// decompressing the bag overlaps decoding and analysing the messages already read, and several
// consumers (the pipeline's lanes, each on its own thread) can go through the same messages
// read once. Messages go into batches of about 1 MiB: where the source can pin a message's
// buffer (MessageSource::pinLast, an indexed MCAP's decompressed chunk) the batch keeps the
// buffer and points into it, else it copies the bytes. At most kBatchesAhead batches are held (a
// batch stays until every consumer is done with it), so memory stays bounded whatever the bag's
// size (a batch grows past 1 MiB only to hold one larger message; pinned chunks stay alive as long
// as a batch points into them). Each consumer sees exactly the messages, in exactly the order,
// the error, and the damage() of the wrapped source. A consumer given a topic filter sees only the
// messages on the topics it wants (and the same error and damage()): the reader thread marks each
// message with the consumers that want it, from a mask worked out once per topic, so a consumer
// passes over a message it does not want in a few instructions (issue 62: the costmap's lane
// wants a fifth of the messages).

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicMemo.hpp"

namespace robometrics::bag {

class ReadAheadConsumer;

class ReadAhead {
public:
    static constexpr std::size_t kBatchBytes = 1 << 20;
    static constexpr std::size_t kBatchesAhead = 4;
    /// The most consumers: each is one bit of a message's mask of readers.
    static constexpr std::size_t kMaxConsumers = 64;

    /// Whether a consumer wants the messages on a topic; an empty filter wants every topic.
    using TopicFilter = std::function<bool(const TopicInfo &)>;

    /// `source` must outlive this object; reading starts at the first consumer's first next().
    ReadAhead(MessageSource &source, std::size_t consumers = 1);
    /// One consumer per filter (at most kMaxConsumers). A filter is asked once per topic, here and
    /// on the reader thread.
    ReadAhead(MessageSource &source, std::vector<TopicFilter> filters);
    ~ReadAhead();
    ReadAhead(const ReadAhead &) = delete;
    ReadAhead &operator=(const ReadAhead &) = delete;

    /// Consumer `i`'s stream (one thread each). Its topics() are the source's as they were when
    /// this object was made; messages on topics the source adds later point to copies kept here,
    /// so a topic pointer never names another topic while this object lives.
    ReadAheadConsumer &consumer(std::size_t i);
    /// Consumer `i` reads no more (it stopped early): the batches it has not read are no longer
    /// kept for it. Reading its stream afterwards is an error.
    void release(std::size_t i);

private:
    friend class ReadAheadConsumer;
    using ConsumerMask = std::uint64_t;  ///< bit i: consumer i
    struct Entry {
        const TopicInfo *topic;
        ConsumerMask readers;  ///< the consumers that want it
        TimeNs log_time, publish_time;
        const std::uint8_t *pinned;  ///< the bytes in a pinned buffer, null when copied to `offset`
        std::size_t offset, size;
    };
    struct Batch {
        std::vector<std::uint8_t> bytes;                ///< copied messages
        std::vector<std::shared_ptr<const void>> pins;  ///< the buffers the pinned messages are in
        std::size_t pinned_bytes = 0;
        std::vector<Entry> entries;
        std::uint64_t first_index = 0;     ///< the index of entries[0] in the source's stream
        std::optional<Error> error;        ///< after the entries: the source failed there
        bool end = false;                  ///< after the entries: the source has no more messages
        std::optional<ReadDamage> damage;  ///< with `end`: what the (recovering) source lost
    };
    struct Slot {
        std::unique_ptr<Batch> batch;
        std::size_t unfinished;  ///< consumers that have not finished it yet
    };

    void produce();
    void startReading();
    /// A topic as this object keeps it: a pointer valid while it lives, and who reads it.
    struct StableTopic {
        const TopicInfo *topic = nullptr;
        ConsumerMask readers = 0;
    };
    /// `topic`'s copy here and its readers (reader thread only).
    StableTopic stableTopic(const TopicInfo *topic);
    /// The consumers whose filter wants `topic`.
    ConsumerMask readersOf(const TopicInfo &topic) const;
    /// Hands a filled batch to the consumers; false when reading is to stop.
    bool publish(std::unique_ptr<Batch> batch);
    std::unique_ptr<Batch> freshBatch();
    /// The next batch for consumer `i` (its sequence number in `seq`); waits for the reader.
    const Batch *take(std::size_t i, std::size_t &seq);
    /// Consumer `i` is done with batch `seq`. Call with mutex_ held.
    void finishLocked(std::size_t seq);

    MessageSource &source_;
    std::vector<TopicInfo> topics_;
    std::string description_;
    std::deque<TopicInfo> added_topics_;   ///< reader thread: topics the source added while reading
    TopicMemo<StableTopic> stable_;        ///< reader thread: the source's topic -> its copy here
    std::vector<TopicFilter> filters_;     ///< per consumer

    std::mutex mutex_;
    /// Two conditions, so that a consumer finishing a batch wakes only the reader thread (room in
    /// the window) and a new batch only the consumers: one condition for both woke every waiting
    /// thread at each hand-over, most of them to wait again (issue 62: thread wake-ups).
    std::condition_variable room_;   ///< the reader thread waits for a free place in the window
    std::condition_variable ready_;  ///< consumers wait for their next batch
    std::deque<Slot> window_;                    ///< batches still held, oldest first
    std::size_t first_seq_ = 0;                  ///< sequence number of window_.front()
    std::vector<std::unique_ptr<Batch>> spare_;  ///< finished by every consumer, for reuse
    /// The pins of finished batches: dropped by the reader thread, after the consumers' reads
    /// (MessageSource::pinLast wants them released on the thread that reads the source).
    std::vector<std::shared_ptr<const void>> unpinned_;
    struct Cursor {
        std::size_t next_seq = 0;         ///< the batch it takes next
        std::optional<std::size_t> held;  ///< the batch it reads now
        bool released = false;
    };
    std::vector<Cursor> cursors_;
    /// Set under mutex_ (the waits check it there); the reader also polls it without the lock
    /// between messages, which costs no lock (shared with the consumers) per message.
    std::atomic<bool> stopping_{false};
    bool started_ = false;
    std::thread reader_;
    std::vector<std::unique_ptr<ReadAheadConsumer>> consumers_;
};

/// One consumer's stream over the batches of a ReadAhead.
class ReadAheadConsumer final : public MessageSource {
public:
    ReadAheadConsumer(ReadAhead &owner, std::size_t index)
        : owner_(owner), index_(index), bit_(ReadAhead::ConsumerMask{1} << index) {}

    const std::vector<TopicInfo> &topics() const override { return owner_.topics_; }
    std::string describe() const override { return owner_.description_; }
    Result<bool> next(Message &out) override;
    std::optional<ReadDamage> damage() const override { return damage_; }

    /// The index in the source's stream of the message next() gave last (the messages this
    /// consumer passed over count too), or, once next() gave the end or an error, the number of
    /// messages before it. With no filter it counts the messages read.
    std::uint64_t position() const { return position_; }
    /// Ends this stream early (next() gives the end) at a batch whose messages all come after the
    /// index in `*last` (lowered by another thread): a consumer told to stop there does not read
    /// on, to the end of the bag perhaps, for its next wanted message. None by default.
    void stopAfter(const std::atomic<std::uint64_t> *last) { stop_after_ = last; }

    std::atomic<bool> released{false};  ///< set by ReadAhead::release()

private:
    ReadAhead &owner_;
    std::optional<ReadDamage> damage_;  ///< the source's, copied at its end
    std::size_t index_;
    ReadAhead::ConsumerMask bit_;
    const ReadAhead::Batch *batch_ = nullptr;
    std::size_t seq_ = 0;
    std::size_t at_ = 0;  ///< the next entry of batch_
    std::uint64_t position_ = 0;
    const std::atomic<std::uint64_t> *stop_after_ = nullptr;
    bool finished_ = false;
};

}  // namespace robometrics::bag
