#pragma once
// How many threads load a bag's chunks (read, CRC-check, decompress) beside the thread that
// reads its messages, for every reader that loads ahead (MessageSource::loadAhead): decided here
// once, so that a test or a user can force the whole read onto one thread and compare outputs.
//
//   ROBOMETRICS_READ_THREADS=1   no loading thread: every chunk is loaded by the reading thread
//   ROBOMETRICS_READ_THREADS=N   N loading threads (N >= 2; at most kMostChunkLoaders)
//   unset, empty or not a number the default, kDefaultChunkLoaders
//
// The messages, their order and every error are the same whatever the number.

#include <cstddef>

namespace robometrics::bag {

inline constexpr std::size_t kDefaultChunkLoaders = 2;
inline constexpr std::size_t kMostChunkLoaders = 8;

/// The number of loading threads a reader that loads ahead starts; 0 means none (load on the
/// reading thread). Read from the environment on the first call.
std::size_t chunkLoaders();

/// What `ROBOMETRICS_READ_THREADS=value` means (null: unset), as chunkLoaders() reads it.
std::size_t chunkLoadersFor(const char *value);

}  // namespace robometrics::bag
