#include "robometrics/bag/ReadAhead.hpp"

#include <atomic>
#include <stdexcept>

namespace robometrics::bag {

Result<bool> ReadAheadConsumer::next(Message &out) {
    if (released.load(std::memory_order_relaxed)) {
        return Error{owner_.description_ + ": read after the consumer was released"};
    }
    if (finished_) return false;
    for (;;) {
        while (!batch_ || at_ == batch_->entries.size()) {
            // Every message of the batch was read: what follows it is the end or the error.
            if (batch_ && (batch_->end || batch_->error)) {
                finished_ = true;
                position_ = batch_->first_index + batch_->entries.size();
                if (batch_->error) return *batch_->error;
                damage_ = batch_->damage;
                return false;
            }
            if (batch_ && stop_after_ && batch_->first_index + at_ > stop_after_->load(std::memory_order_relaxed)) {
                finished_ = true;  // what follows is past where the caller stops
                position_ = batch_->first_index + at_;
                return false;
            }
            batch_ = owner_.take(index_, seq_);
            if (!batch_) return Error{owner_.description_ + ": read after the consumer was released"};
            at_ = 0;
        }
        const ReadAhead::Entry &e = batch_->entries[at_++];
        if ((e.readers & bit_) == 0) continue;  // on a topic this consumer does not want
        position_ = batch_->first_index + at_ - 1;
        out.topic = e.topic;
        out.log_time = e.log_time;
        out.publish_time = e.publish_time;
        out.data = std::span<const std::uint8_t>(e.pinned ? e.pinned : batch_->bytes.data() + e.offset, e.size);
        return true;
    }
}

ReadAhead::ReadAhead(MessageSource &source, std::size_t consumers)
    : ReadAhead(source, std::vector<TopicFilter>(consumers)) {}

ReadAhead::ReadAhead(MessageSource &source, std::vector<TopicFilter> filters)
    : source_(source),
      topics_(source.topics()),
      description_(source.describe()),
      filters_(std::move(filters)),
      cursors_(filters_.size()) {
    if (filters_.size() > kMaxConsumers) throw std::invalid_argument("ReadAhead: more than 64 consumers");
    for (std::size_t i = 0; i < topics_.size(); ++i) {
        stable_.remember(&source.topics()[i], StableTopic{&topics_[i], readersOf(topics_[i])});
    }
    for (std::size_t i = 0; i < filters_.size(); ++i) consumers_.push_back(std::make_unique<ReadAheadConsumer>(*this, i));
}

ReadAheadConsumer &ReadAhead::consumer(std::size_t i) { return *consumers_.at(i); }

ReadAhead::ConsumerMask ReadAhead::readersOf(const TopicInfo &topic) const {
    ConsumerMask readers = 0;
    for (std::size_t i = 0; i < filters_.size(); ++i) {
        if (!filters_[i] || filters_[i](topic)) readers |= ConsumerMask{1} << i;
    }
    return readers;
}

ReadAhead::~ReadAhead() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    room_.notify_all();
    ready_.notify_all();
    if (reader_.joinable()) reader_.join();
}

ReadAhead::StableTopic ReadAhead::stableTopic(const TopicInfo *topic) {
    return stable_.get(topic, [this](const TopicInfo &t) -> StableTopic {
        const TopicInfo *found = nullptr;
        for (const TopicInfo &known : topics_) {
            if (known.name == t.name) found = &known;
        }
        for (const TopicInfo &added : added_topics_) {
            if (added.name == t.name) found = &added;
        }
        if (!found) found = &added_topics_.emplace_back(t);
        return {found, readersOf(*found)};
    });
}

std::unique_ptr<ReadAhead::Batch> ReadAhead::freshBatch() {
    std::unique_ptr<Batch> batch;
    std::vector<std::shared_ptr<const void>> unpinned;  // released here, on the reader thread
    {
        std::lock_guard lock(mutex_);
        unpinned.swap(unpinned_);
        if (!spare_.empty()) {
            batch = std::move(spare_.back());
            spare_.pop_back();
        }
    }
    if (!batch) {
        batch = std::make_unique<Batch>();
        batch->bytes.reserve(kBatchBytes);
    }
    batch->bytes.clear();
    batch->pins.clear();
    batch->pinned_bytes = 0;
    batch->entries.clear();
    batch->first_index = 0;
    batch->error.reset();
    batch->end = false;
    return batch;
}

bool ReadAhead::publish(std::unique_ptr<Batch> batch) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [this] { return stopping_ || window_.size() < kBatchesAhead; });
    if (stopping_) return false;
    std::size_t readers = 0;
    for (const Cursor &c : cursors_) readers += c.released ? 0 : 1;
    if (readers == 0) return false;  // nobody reads any more
    window_.push_back(Slot{std::move(batch), readers});
    lock.unlock();
    ready_.notify_all();
    return true;
}

void ReadAhead::produce() {
    source_.loadAhead();  // the consumers' threads leave room on a second core
    std::unique_ptr<Batch> batch = freshBatch();
    Message m;
    std::shared_ptr<const void> keeper;  // the buffer the last message was pinned in
    std::uint64_t index = 0;             // of the next message in the source's stream
    for (;;) {
        if (stopping_.load(std::memory_order_relaxed)) return;
        Result<bool> more = source_.next(m);
        if (!more || !*more) {
            if (more) {
                batch->end = true;
                batch->damage = source_.damage();
            } else {
                batch->error = more.error();
            }
            publish(std::move(batch));
            return;
        }
        const std::uint8_t *pinned = nullptr;
        std::size_t offset = 0;
        if (source_.pinLast(keeper)) {
            if (batch->pins.empty() || batch->pins.back() != keeper) batch->pins.push_back(keeper);
            pinned = m.data.data();
            batch->pinned_bytes += m.data.size();
        } else {
            offset = batch->bytes.size();
            batch->bytes.insert(batch->bytes.end(), m.data.begin(), m.data.end());  // no zero fill first
        }
        const StableTopic topic = stableTopic(m.topic);
        batch->entries.push_back(Entry{topic.topic, topic.readers, m.log_time, m.publish_time, pinned, offset, m.data.size()});
        ++index;
        if (batch->bytes.size() + batch->pinned_bytes >= kBatchBytes) {
            if (!publish(std::move(batch))) return;
            batch = freshBatch();
            batch->first_index = index;
        }
    }
}

void ReadAhead::startReading() {
    std::lock_guard lock(mutex_);
    if (started_) return;
    started_ = true;
    reader_ = std::thread([this] { produce(); });
}

void ReadAhead::finishLocked(std::size_t seq) {
    --window_[seq - first_seq_].unfinished;
    bool freed = false;
    while (!window_.empty() && window_.front().unfinished == 0) {
        // The source may reuse those buffers once the reader thread drops the pins (freshBatch()).
        std::vector<std::shared_ptr<const void>> &pins = window_.front().batch->pins;
        unpinned_.insert(unpinned_.end(), std::make_move_iterator(pins.begin()), std::make_move_iterator(pins.end()));
        pins.clear();
        spare_.push_back(std::move(window_.front().batch));
        window_.pop_front();
        ++first_seq_;
        freed = true;
    }
    // Only the reader thread waits for room, and only with the window full: it is woken once half
    // the window is free, so that it reads two batches a wake-up instead of one (the lanes still
    // have two to read meanwhile).
    if (freed && window_.size() <= kBatchesAhead / 2) room_.notify_one();
}

const ReadAhead::Batch *ReadAhead::take(std::size_t i, std::size_t &seq) {
    startReading();
    std::unique_lock lock(mutex_);
    Cursor &cursor = cursors_[i];
    if (cursor.released) return nullptr;
    if (cursor.held) {
        finishLocked(*cursor.held);
        cursor.held.reset();
    }
    ready_.wait(lock, [&] { return cursor.next_seq < first_seq_ + window_.size(); });
    seq = cursor.next_seq++;
    cursor.held = seq;
    return window_[seq - first_seq_].batch.get();
}

void ReadAhead::release(std::size_t i) {
    std::lock_guard lock(mutex_);
    Cursor &cursor = cursors_.at(i);
    if (cursor.released) return;
    cursor.released = true;
    consumers_[i]->released = true;
    // Every batch held for it, the one it reads included, no longer waits for it.
    // (first_seq_ + window_.size() stays the same while finishLocked() frees the oldest.)
    const std::size_t end = first_seq_ + window_.size();
    for (std::size_t seq = cursor.held ? *cursor.held : cursor.next_seq; seq < end; ++seq) finishLocked(seq);
    cursor.held.reset();
    room_.notify_one();  // the reader may stop: nobody reads any more
}

}  // namespace robometrics::bag
