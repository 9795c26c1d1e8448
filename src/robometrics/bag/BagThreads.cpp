#include "robometrics/bag/BagThreads.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace robometrics::bag {

std::size_t bagThreadsFor(const char *value) {
    if (value == nullptr || *value == '\0') return kDefaultBagThreads;
    std::size_t threads = 0;
    const char *end = value + std::strlen(value);
    auto [ptr, ec] = std::from_chars(value, end, threads);
    if (ec != std::errc() || ptr != end || threads == 0) return kDefaultBagThreads;
    return threads == 1 ? 0 : std::min(threads, kMostBagThreads);
}

std::size_t chunkLoaders() {
    static const std::size_t loaders = bagThreadsFor(std::getenv("ROBOMETRICS_READ_THREADS"));
    return loaders;
}

std::size_t chunkCompressors() {
    static const std::size_t compressors = bagThreadsFor(std::getenv("ROBOMETRICS_WRITE_THREADS"));
    return compressors;
}

}  // namespace robometrics::bag
