#include "robometrics/bag/ReadThreads.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace robometrics::bag {

std::size_t chunkLoadersFor(const char *value) {
    if (value == nullptr || *value == '\0') return kDefaultChunkLoaders;
    std::size_t threads = 0;
    const char *end = value + std::strlen(value);
    auto [ptr, ec] = std::from_chars(value, end, threads);
    if (ec != std::errc() || ptr != end || threads == 0) return kDefaultChunkLoaders;
    return threads == 1 ? 0 : std::min(threads, kMostChunkLoaders);
}

std::size_t chunkLoaders() {
    static const std::size_t loaders = chunkLoadersFor(std::getenv("ROBOMETRICS_READ_THREADS"));
    return loaders;
}

}  // namespace robometrics::bag
