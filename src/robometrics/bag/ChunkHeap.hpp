#pragma once
// The time-ordered merge of loaded chunks that the MCAP indexed reader and the ROS 1 reader share:
// a min-heap of chunks on their next message, the chunk of the message last returned (it owns
// that message's bytes until the next call), and finished chunks kept so their buffers are reused.
// Chunks are shared: a reader that pins a message's chunk (MessageSource::pinLast) keeps it from
// being reused until it lets go of it, which it does on the reading thread (or in an order
// synchronised with it, as a joined thread): only then does a use count of 1 mean the reader's
// reads of the chunk are done before the chunk is loaded again.
// Chunk needs `messages` (a vector) and `cursor` (the index of its next message); `Later(a, b)`
// on two chunk pointers says a's next message comes after b's (time, then file order).

#include <algorithm>
#include <memory>
#include <vector>

namespace robometrics::bag {

template <class Chunk>
class ChunkHeap {
public:
    /// A chunk to load into: a finished one nobody pins any more (its buffers kept) or a new one.
    std::shared_ptr<Chunk> spare() {
        std::shared_ptr<Chunk> chunk = finished();
        return chunk ? chunk : std::make_shared<Chunk>();
    }
    /// A finished chunk nobody pins any more (its buffers kept), or null when there is none: what
    /// the loading threads are handed back, so they make a new chunk only when they have no spare
    /// of their own (a new, empty chunk handed to them would be loaded first and its buffers
    /// made afresh while a spare one with buffers waits).
    std::shared_ptr<Chunk> finished() {
        for (auto it = spare_.rbegin(); it != spare_.rend(); ++it) {
            if (it->use_count() != 1) continue;  // pinned
            std::shared_ptr<Chunk> chunk = std::move(*it);
            spare_.erase(std::next(it).base());
            return chunk;
        }
        return nullptr;
    }

    /// A chunk with its cursor set: into the heap while it has messages, else back to the spares.
    template <class Later>
    void add(std::shared_ptr<Chunk> chunk) {
        if (chunk->cursor >= chunk->messages.size()) {
            spare_.push_back(std::move(chunk));
            return;
        }
        heap_.push_back(std::move(chunk));
        std::push_heap(heap_.begin(), heap_.end(), Later{});
    }

    /// The message returned last is done with: its chunk goes back (heap or spares).
    template <class Later>
    void releaseCurrent() {
        if (current_) add<Later>(std::move(current_));
    }

    bool empty() const { return heap_.empty(); }
    /// The chunk holding the earliest pending message (not empty()).
    const Chunk &earliest() const { return *heap_.front(); }

    /// Takes the chunk of the earliest pending message; it stays current (owning the message's
    /// bytes) until releaseCurrent(). Not empty().
    template <class Later>
    Chunk &popEarliest() {
        std::pop_heap(heap_.begin(), heap_.end(), Later{});
        current_ = std::move(heap_.back());
        heap_.pop_back();
        return *current_;
    }

    /// The chunk of the message returned last (null before the first and after releaseCurrent()).
    const std::shared_ptr<Chunk> &current() const { return current_; }

private:
    std::vector<std::shared_ptr<Chunk>> heap_;
    std::vector<std::shared_ptr<Chunk>> spare_;  ///< finished; some may still be pinned
    std::shared_ptr<Chunk> current_;
};

}  // namespace robometrics::bag
