#pragma once
// Work a reader lets run on its chunks as they load, on the thread that loads each one (a loading
// thread after MessageSource::loadAhead(), else the reading thread): Bag.to_dataframe() decodes a
// chunk's messages there, while the chunk is still in the cache (bag/TopicColumnsOnLoad.hpp).
// A reader takes a visitor only where its index says that its chunks' messages come one chunk
// after the other (an indexed MCAP whose chunks do not overlap in time); the visitor does not
// trust that: it checks every message next() gives against what it was shown.

#include <cstddef>
#include <cstdint>
#include <span>

#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

/// A message of a loaded chunk: its bytes stay where they are until next() has given it.
struct LoadedMessage {
    TimeNs log_time = 0;
    std::span<const std::uint8_t> data;
};

class LoadedChunkVisitor {
public:
    virtual ~LoadedChunkVisitor() = default;
    /// Called once by a reader that will show every chunk it loads to loaded(), numbered 0, 1, ...
    /// in the order their messages should come from next(). Without this call, loaded() is never called.
    virtual void accept() = 0;
    /// Chunk `chunk`'s wanted messages in the order next() gives them (none when it failed to
    /// load), on the thread that loaded it, before next() gives any of them. Chunks load on
    /// several threads at once, each chunk once.
    virtual void loaded(std::size_t chunk, std::span<const LoadedMessage> messages) = 0;
};

}  // namespace robometrics::bag
