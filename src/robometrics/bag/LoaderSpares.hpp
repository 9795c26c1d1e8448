#pragma once
// The finished chunks that loading threads load into again (bag/ChunkLoadAhead.hpp), kept per
// loader: a loader is given back a chunk it made itself when it has one, another loader's only
// when it has none, and a new chunk only when no loader has a spare (so no more chunks are made
// than with one shared list).
// Why per loader: a chunk's buffers were last written on the core of the loader that filled them,
// and most of their lines are still in that core's cache. Another loader overwriting them on
// another core pays for every line to be taken from there. On the 2-vCPU machines of
// docs/evaluate.md the shared list made zstd's stores into the decompression buffer stall, and a
// whole-bag read (`info`) took 22 % more CPU and wall time than with this one.
// Not thread-safe: ChunkLoadAhead calls it under its mutex.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace robometrics::bag {

template <class Chunk>
class LoaderSpares {
public:
    explicit LoaderSpares(std::size_t loaders) : spares_(loaders == 0 ? 1 : loaders) {}

    /// A chunk `loader` made is given back: it is that loader's spare. One made elsewhere (as by
    /// the reader before loading ahead began) counts as loader 0's.
    void giveBack(std::shared_ptr<Chunk> chunk) {
        const std::size_t loader = madeBy(chunk.get());
        spares_[loader].push_back(std::move(chunk));
    }

    /// A chunk for `loader` to load into: its own spare if it has one, else another loader's,
    /// else a new chunk, which counts as made by `loader`.
    std::shared_ptr<Chunk> take(std::size_t loader) {
        const std::size_t n = spares_.size();
        for (std::size_t k = 0; k < n; ++k) {
            std::vector<std::shared_ptr<Chunk>> &spares = spares_[(loader + k) % n];
            if (spares.empty()) continue;
            std::shared_ptr<Chunk> chunk = std::move(spares.back());
            spares.pop_back();
            return chunk;
        }
        auto chunk = std::make_shared<Chunk>();
        // A chunk dropped elsewhere may have had this address: its entry is this chunk's now.
        auto entry = std::find_if(made_by_.begin(), made_by_.end(), [&](const auto &e) { return e.first == chunk.get(); });
        if (entry == made_by_.end())
            made_by_.emplace_back(chunk.get(), loader % n);
        else
            entry->second = loader % n;
        return chunk;
    }

    /// How many chunks take() has made (at distinct addresses).
    std::size_t made() const { return made_by_.size(); }

private:
    std::size_t madeBy(const Chunk *chunk) const {
        for (const auto &[made, loader] : made_by_)
            if (made == chunk) return loader;
        return 0;
    }

    std::vector<std::vector<std::shared_ptr<Chunk>>> spares_;  ///< per loader
    /// Every chunk made here and its loader: a few, since a chunk is made only when no loader has
    /// a spare, and chunks are kept (as spares or pinned) while loading ahead lasts.
    std::vector<std::pair<const Chunk *, std::size_t>> made_by_;
};

}  // namespace robometrics::bag
