#include "robometrics/bag/ReadAheadSource.hpp"

#include <algorithm>
#include <cstring>

namespace robometrics::bag {

ReadAheadSource::ReadAheadSource(MessageSource &source)
    : source_(source), topics_(source.topics()), description_(source.describe()) {
    for (std::size_t i = 0; i < topics_.size(); ++i) stable_[&source.topics()[i]] = &topics_[i];
}

ReadAheadSource::~ReadAheadSource() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (reader_.joinable()) reader_.join();
}

const TopicInfo *ReadAheadSource::stableTopic(const TopicInfo *topic) {
    // A source may move its topic list when it grows, so a cached pointer is checked by name.
    auto it = stable_.find(topic);
    if (it != stable_.end() && it->second->name == topic->name) return it->second;
    const TopicInfo *found = nullptr;
    for (const TopicInfo &t : topics_) {
        if (t.name == topic->name) found = &t;
    }
    for (const TopicInfo &t : added_topics_) {
        if (t.name == topic->name) found = &t;
    }
    if (!found) found = &added_topics_.emplace_back(*topic);
    stable_[topic] = found;
    return found;
}

std::unique_ptr<ReadAheadSource::Batch> ReadAheadSource::freshBatch() {
    std::unique_ptr<Batch> batch;
    {
        std::lock_guard lock(mutex_);
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
    batch->entries.clear();
    batch->error.reset();
    batch->end = false;
    return batch;
}

bool ReadAheadSource::publish(std::unique_ptr<Batch> batch) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopping_ || ready_.size() < kBatchesAhead; });
    if (stopping_) return false;
    ready_.push_back(std::move(batch));
    lock.unlock();
    changed_.notify_all();
    return true;
}

void ReadAheadSource::produce() {
    std::unique_ptr<Batch> batch = freshBatch();
    Message m;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
        }
        Result<bool> more = source_.next(m);
        if (!more || !*more) {
            if (more) {
                batch->end = true;
            } else {
                batch->error = more.error();
            }
            publish(std::move(batch));
            return;
        }
        const std::size_t offset = batch->bytes.size();
        batch->bytes.resize(offset + m.data.size());
        if (!m.data.empty()) std::memcpy(batch->bytes.data() + offset, m.data.data(), m.data.size());
        batch->entries.push_back(Entry{stableTopic(m.topic), m.log_time, m.publish_time, offset, m.data.size()});
        if (batch->bytes.size() >= kBatchBytes) {
            if (!publish(std::move(batch))) return;
            batch = freshBatch();
        }
    }
}

Result<bool> ReadAheadSource::next(Message &out) {
    if (finished_) return false;
    if (!reader_.joinable()) reader_ = std::thread([this] { produce(); });
    while (!current_ || position_ == current_->entries.size()) {
        if (current_) {
            // Every message of the batch was read: what follows it is the end or the error.
            if (current_->end || current_->error) {
                finished_ = true;
                if (current_->error) return *current_->error;
                return false;
            }
            std::lock_guard lock(mutex_);
            spare_.push_back(std::move(current_));
        }
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return !ready_.empty(); });
        current_ = std::move(ready_.front());
        ready_.pop_front();
        position_ = 0;
        lock.unlock();
        changed_.notify_all();
    }
    const Entry &e = current_->entries[position_++];
    out.topic = e.topic;
    out.log_time = e.log_time;
    out.publish_time = e.publish_time;
    out.data = std::span<const std::uint8_t>(current_->bytes.data() + e.offset, e.size);
    return true;
}

}  // namespace robometrics::bag
