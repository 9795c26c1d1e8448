#include "robometrics/bag/TopicColumnsOnLoad.hpp"

namespace robometrics::bag {

void TopicColumnsOnLoad::accept() {
    std::lock_guard<std::mutex> lock(mutex_);
    accepted_ = true;
}

bool TopicColumnsOnLoad::accepted() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return accepted_;
}

void TopicColumnsOnLoad::loaded(std::size_t number, std::span<const LoadedMessage> messages) {
    auto made = std::make_unique<Chunk>();
    made->payloads.reserve(messages.size());
    for (const LoadedMessage &m : messages) made->payloads.push_back(m.data);
    Chunk &chunk = *made;

    std::unique_lock<std::mutex> lock(mutex_);
    if (chunks_.size() <= number) chunks_.resize(number + 1);
    chunks_[number] = std::move(made);
    // A chunk's first row is known once every chunk before it has said how many messages it holds.
    while (placed_ < chunks_.size() && chunks_[placed_]) {
        chunks_[placed_]->first_row = placed_rows_;
        placed_rows_ += chunks_[placed_]->payloads.size();
        ++placed_;
    }
    changed_.notify_all();
    changed_.wait(lock, [&] { return placed_ > number; });
    if (!decoder_ || messages.empty() || chunk.first_row + messages.size() > decoder_->rowRoom()) {
        chunk.done = true;  // the reading thread decodes it, or starts again when it has no room
        return;
    }
    const msgs::ColumnDecoder &decoder = *decoder_;
    ++decoding_;
    lock.unlock();

    msgs::ColumnDecoder::Part part = decoder.part();
    for (std::size_t i = 0; i < messages.size(); ++i) {
        if (Status s = decoder.decodeAt(messages[i].data, chunk.first_row + i, part); !s.ok()) {
            chunk.failure.emplace(chunk.first_row + i, s.error());
            break;
        }
    }

    lock.lock();
    chunk.part = std::move(part);
    chunk.decoded = chunk.done = true;
    --decoding_;
    changed_.notify_all();
}

void TopicColumnsOnLoad::bind(msgs::ColumnDecoder &decoder) {
    std::lock_guard<std::mutex> lock(mutex_);
    decoder_ = &decoder;
}

void TopicColumnsOnLoad::unbind() {
    std::unique_lock<std::mutex> lock(mutex_);
    decoder_ = nullptr;
    changed_.wait(lock, [this] { return decoding_ == 0; });
}

std::unique_ptr<TopicColumnsOnLoad::Chunk> TopicColumnsOnLoad::nextChunk() {
    std::lock_guard<std::mutex> lock(mutex_);
    while (next_chunk_ < placed_ && chunks_[next_chunk_]->done) {
        std::unique_ptr<Chunk> chunk = std::move(chunks_[next_chunk_++]);
        if (!chunk->payloads.empty()) return chunk;
    }
    return nullptr;
}

void TopicColumnsOnLoad::addCurrent() {
    if (!current_) return;
    decoder_->addPart(std::move(current_->part));
    current_.reset();
}

TopicColumnsOnLoad::Row TopicColumnsOnLoad::fail(Error error) {
    failure_ = std::move(error);
    return Row::Failed;
}

TopicColumnsOnLoad::Row TopicColumnsOnLoad::take(std::size_t row, std::span<const std::uint8_t> payload) {
    if (!current_ || row == current_->first_row + current_->payloads.size()) {
        addCurrent();
        current_ = nextChunk();
        // The chunk that should hold this row has not loaded: the message came from another.
        if (!current_ || current_->first_row != row) return Row::Unexpected;
        if (!current_->decoded) {
            if (row + current_->payloads.size() > decoder_->rowRoom()) return Row::Unexpected;
            current_->part = decoder_->part();
        }
    }
    const std::span<const std::uint8_t> expected = current_->payloads[row - current_->first_row];
    if (payload.data() != expected.data() || payload.size() != expected.size()) return Row::Unexpected;
    if (!current_->decoded) {
        if (Status s = decoder_->decodeAt(payload, row, current_->part); !s.ok()) return fail(s.error());
        return Row::Decoded;
    }
    if (current_->failure && current_->failure->first == row) return fail(current_->failure->second);
    return Row::Decoded;
}

bool TopicColumnsOnLoad::finish(std::size_t rows) {
    if (current_ && rows != current_->first_row + current_->payloads.size()) return false;
    addCurrent();
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t n = next_chunk_; n < chunks_.size(); ++n) {
        if (chunks_[n] && !chunks_[n]->payloads.empty()) return false;
    }
    return true;
}

}  // namespace robometrics::bag
