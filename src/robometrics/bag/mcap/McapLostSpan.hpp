#pragma once
// What a skipped MCAP chunk takes with it (bag/ReadDamage.hpp, LostSpan): its bytes and time range
// from its chunk index, its messages and their topics from its message indexes when those read
// back whole (they sit outside the chunk, so a damaged chunk usually leaves them intact).

#include <cstdint>
#include <functional>
#include <string>

#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/mcap/IndexedReader.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag {

/// The span of the chunk `chunk` skipped for `error`: the messages `filter` wants, counted from
/// the message indexes, or no count when they do not read back; `topic_of` names a channel.
LostSpan lostChunkSpan(mcap::FileInput &file, const mcap::ChunkIndexRecord &chunk, const Error &error,
                       const mcap::MessageFilter &filter, const std::function<std::string(std::uint16_t)> &topic_of);

/// The span of `chunk` (of the file at `path`) skipped for `error`, from its chunk index alone:
/// bytes and time range, no message count.
LostSpan chunkIndexSpan(const std::string &path, const mcap::ChunkIndexRecord &chunk, const Error &error);

}  // namespace robometrics::bag
