#pragma once
// Loads a reader's chunks (read from the file and decompressed) on threads of their own, ahead of
// the reader and in the order it takes them: decompression, most of a bare read's time, runs
// beside the parsing and merging of the chunks already loaded, and with two loaders two chunks
// are decompressed at once. The reader gets the same chunks, in the same order, with the same
// error at the same chunk as when it loads them itself; only when the work is done changes.
// At most kAheadPerLoader chunks per loader are loaded or loading and not yet taken, so memory
// stays bounded. Chunks are shared, as in ChunkHeap: with every take the reader hands back a
// chunk it has finished, if any (ChunkHeap::finished(), taken on the reader's thread, where pins are dropped)
// whose buffers a loader reuses, one it loaded itself where it can (bag/LoaderSpares.hpp). Every
// hand-over goes through the mutex, so a chunk's bytes are written before they are read.

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "robometrics/bag/LoaderSpares.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag {

template <class Chunk>
class ChunkLoadAhead {
public:
    /// Per loader: one being decompressed while one waits, so a slow chunk does not stall the
    /// reader; more would only hold more memory.
    static constexpr std::size_t kAheadPerLoader = 2;
    /// Loads chunk `i` (0 .. count-1) into `chunk` (fresh or reused) on loader `loader`'s thread;
    /// each loader needs its own file handle and decompressor.
    using Load = std::function<Status(std::size_t loader, std::size_t i, Chunk &chunk)>;

    /// Starts loading at once, with `loaders` threads (at least one). With `past_errors` (a reader
    /// that skips damaged chunks) the chunks after one that fails are loaded too.
    ChunkLoadAhead(std::size_t count, std::size_t loaders, Load load, bool past_errors = false)
        : count_(count),
          ahead_(kAheadPerLoader * std::max<std::size_t>(loaders, 1)),
          load_(std::move(load)),
          past_errors_(past_errors),
          spares_(ahead_ / kAheadPerLoader) {
        for (std::size_t k = 0; k < ahead_ / kAheadPerLoader; ++k) threads_.emplace_back([this, k] { run(k); });
    }
    ~ChunkLoadAhead() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        changed_.notify_all();
        for (std::thread &t : threads_) t.join();
    }
    ChunkLoadAhead(const ChunkLoadAhead &) = delete;
    ChunkLoadAhead &operator=(const ChunkLoadAhead &) = delete;

    /// The next chunk in order once it is loaded (waits for it), or the error of its load, after
    /// which nothing more is to be taken (unless `past_errors`). `spare`, if any, is a chunk nobody else holds, to load
    /// into. No more than `count` calls.
    Result<std::shared_ptr<Chunk>> take(std::shared_ptr<Chunk> spare) {
        std::unique_lock<std::mutex> lock(mutex_);
        if (spare) spares_.giveBack(std::move(spare));
        changed_.wait(lock, [this] { return !pending_.empty() && pending_.front().has_value(); });
        Result<std::shared_ptr<Chunk>> chunk = std::move(*pending_.front());
        pending_.pop_front();
        lock.unlock();
        changed_.notify_all();
        return chunk;
    }

private:
    void run(std::size_t loader) {
        for (;;) {
            std::size_t i = 0;
            std::shared_ptr<Chunk> chunk;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                changed_.wait(lock,
                              [this] { return stop_ || failed_ || claimed_ >= count_ || pending_.size() < ahead_; });
                if (stop_ || failed_ || claimed_ >= count_) return;
                i = claimed_++;
                pending_.emplace_back();  // chunk i's place: pending_ holds claimed_ - taken chunks
                chunk = spares_.take(loader);  // an empty new chunk is cheap to make here
            }
            const Status status = load_(loader, i, *chunk);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                // Chunk i's place: the last claimed is claimed_ - 1, at the back.
                auto &slot = pending_[pending_.size() - (claimed_ - i)];
                if (status.ok()) {
                    slot.emplace(std::move(chunk));
                } else {
                    slot.emplace(status.error());
                    // Chunks before this one still arrive; none after it is claimed, unless the
                    // reader skips it.
                    failed_ = !past_errors_;
                }
            }
            changed_.notify_all();
        }
    }

    const std::size_t count_;
    const std::size_t ahead_;
    const Load load_;
    const bool past_errors_;
    std::mutex mutex_;
    std::condition_variable changed_;
    /// The chunks claimed and not yet taken, in order; a chunk's place is empty while it loads.
    std::deque<std::optional<Result<std::shared_ptr<Chunk>>>> pending_;
    std::size_t claimed_ = 0;
    LoaderSpares<Chunk> spares_;
    bool failed_ = false;
    bool stop_ = false;
    std::vector<std::thread> threads_;  ///< last: they start once every member above is made
};

/// The loaders for `threads` loading threads (at least one): `first` and copies of it, each with a
/// file handle of its own (`Loader::another()`); fewer when the file cannot be opened again, which
/// gives the same chunks more slowly.
template <class Loader>
void addLoaders(std::vector<std::unique_ptr<Loader>> &loaders, std::size_t threads) {
    while (!loaders.empty() && loaders.size() < threads) {
        auto another = loaders.front()->another();
        if (!another) return;
        loaders.push_back(std::move(another.value()));
    }
}

}  // namespace robometrics::bag
