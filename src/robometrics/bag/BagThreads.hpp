#pragma once
// How many threads a whole-bag read loads chunks on (read, CRC-check, decompress) beside the
// thread that reads its messages, and how many threads `convert` compresses its output chunks on
// beside the thread that writes them: decided here once, from the environment, so that a user or
// a test can force either onto one thread and compare the outputs.
//
//   ROBOMETRICS_READ_THREADS=1    no loading thread: the reading thread loads every chunk
//   ROBOMETRICS_READ_THREADS=N    N loading threads (N >= 2, at most kMostBagThreads)
//   ROBOMETRICS_WRITE_THREADS=1   no compressing thread: the writing thread compresses every chunk
//   ROBOMETRICS_WRITE_THREADS=N   N compressing threads
//   unset, empty or not a count   the default, kDefaultBagThreads
//
// The messages, their order, every error and every output byte are the same whatever the numbers.

#include <cstddef>

namespace robometrics::bag {

inline constexpr std::size_t kDefaultBagThreads = 2;
inline constexpr std::size_t kMostBagThreads = 8;

/// The loading threads a reader that loads ahead starts (MessageSource::loadAhead); 0: none.
/// ROBOMETRICS_READ_THREADS, read on the first call.
std::size_t chunkLoaders();

/// The compressing threads of a writer that compresses in parallel (McapWriterOptions::
/// compression_threads); 0: none. ROBOMETRICS_WRITE_THREADS, read on the first call.
std::size_t chunkCompressors();

/// What the value of either variable means (null: unset).
std::size_t bagThreadsFor(const char *value);

}  // namespace robometrics::bag
