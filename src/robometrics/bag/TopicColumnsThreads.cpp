#include "robometrics/bag/TopicColumnsThreads.hpp"

#include <algorithm>

namespace robometrics::bag {

TopicColumnsThreads::TopicColumnsThreads(msgs::ColumnDecoder &decoder, std::size_t threads) : decoder_(decoder) {
    for (std::size_t k = 0; k < std::max<std::size_t>(threads, 1); ++k) threads_.emplace_back([this] { run(); });
}

TopicColumnsThreads::~TopicColumnsThreads() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    for (std::thread &t : threads_) t.join();
}

Status TopicColumnsThreads::add(std::span<const std::uint8_t> payload) {
    if (rows_ == decoder_.rowRoom()) {
        // The room moves: every row handed out is decoded and added first.
        submit();
        std::unique_lock<std::mutex> lock(mutex_);
        collect(lock, true);
        ROBOMETRICS_TRY(decoder_.ensureRows(rows_ + 1));
    }
    if (!filling_) {
        if (spares_.empty()) {
            filling_ = std::make_unique<Batch>();
            filling_->part = decoder_.part();
        } else {
            filling_ = std::move(spares_.back());
            spares_.pop_back();
        }
        filling_->first_row = rows_;
    }
    filling_->bytes.insert(filling_->bytes.end(), payload.begin(), payload.end());
    filling_->ends.push_back(filling_->bytes.size());
    ++rows_;
    if (filling_->ends.size() == kBatchRows || filling_->bytes.size() >= kBatchBytes) submit();
    return Status::Ok();
}

void TopicColumnsThreads::finish() {
    submit();
    std::unique_lock<std::mutex> lock(mutex_);
    collect(lock, true);
}

void TopicColumnsThreads::submit() {
    if (!filling_ || filling_->ends.empty()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    in_flight_.push_back(std::move(filling_));
    changed_.notify_all();
    collect(lock, false);
    // Too many batches waiting: this thread decodes until there is room.
    while (in_flight_.size() >= kBatchesInFlight) {
        helpOrWait(lock);
        collect(lock, false);
    }
}

void TopicColumnsThreads::decode(Batch &batch) const {
    std::size_t begin = 0;
    for (std::size_t i = 0; i < batch.ends.size(); ++i) {
        const std::span<const std::uint8_t> payload(batch.bytes.data() + begin, batch.ends[i] - begin);
        if (Status s = decoder_.decodeAt(payload, batch.first_row + i, batch.part); !s.ok()) {
            batch.failure = Failure{batch.first_row + i, s.error()};
            return;
        }
        begin = batch.ends[i];
    }
}

void TopicColumnsThreads::collect(std::unique_lock<std::mutex> &lock, bool all) {
    for (;;) {
        while (!in_flight_.empty() && in_flight_.front()->done) {
            std::unique_ptr<Batch> batch = std::move(in_flight_.front());
            in_flight_.pop_front();
            // After a failure nothing more is added: the read ends with its error.
            if (!failure_ && batch->failure) failure_ = std::move(batch->failure);
            if (!failure_) decoder_.addPart(std::move(batch->part));
            batch->bytes.clear();
            batch->ends.clear();
            batch->failure.reset();
            for (msgs::Column &column : batch->part.columns) {
                column.texts.clear();
                column.text_rows.clear();
                column.bytes.clear();
                column.ends.clear();
            }
            batch->part.rows = 0;
            batch->claimed = batch->done = false;
            spares_.push_back(std::move(batch));
        }
        if (!all || in_flight_.empty()) return;
        helpOrWait(lock);
    }
}

TopicColumnsThreads::Batch *TopicColumnsThreads::unclaimed() const {
    for (const auto &batch : in_flight_) {
        if (!batch->claimed) return batch.get();
    }
    return nullptr;
}

void TopicColumnsThreads::helpOrWait(std::unique_lock<std::mutex> &lock) {
    if (Batch *batch = unclaimed()) {
        batch->claimed = true;
        lock.unlock();
        decode(*batch);
        lock.lock();
        batch->done = true;
    } else {
        changed_.wait(lock, [this] { return in_flight_.front()->done; });
    }
}

void TopicColumnsThreads::run() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        Batch *batch = nullptr;
        changed_.wait(lock, [&] { return stop_ || (batch = unclaimed()) != nullptr; });
        if (stop_) return;
        batch->claimed = true;
        lock.unlock();
        decode(*batch);
        lock.lock();
        batch->done = true;
        changed_.notify_all();
    }
}

}  // namespace robometrics::bag
