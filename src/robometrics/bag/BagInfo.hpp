#pragma once
// What `robometrics info` shows about a bag: its storage, compression, files and size, its time
// span, and per topic the message count, type and rate. Counts and times come from reading the
// messages themselves (not from metadata.yaml, which a crashed recording may lack or get wrong),
// so they are exact for every kind of bag.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

struct TopicSummary {
    std::string name;
    std::string type;
    std::string serialization_format;
    std::uint64_t message_count = 0;
    TimeNs first_ns = 0;  ///< log time of the first message (0 without messages)
    TimeNs last_ns = 0;
    /// (message_count - 1) / (last - first): the mean rate between the topic's first and last
    /// message; 0 with fewer than two messages or a zero span.
    double rate_hz = 0.0;
};

struct BagInfo {
    std::string path;
    std::string storage;                         ///< "sqlite3", "mcap" or "ros1"
    std::string compression;                     ///< rosbag2 compression format: "none" or "zstd"
    std::string compression_mode;                ///< "NONE", "FILE" or "MESSAGE"
    std::vector<std::string> chunk_compression;  ///< MCAP chunk compressions seen in the summary; ROS 1: of the chunks
    std::vector<std::string> files;              ///< storage files in reading order
    std::uint64_t size_bytes = 0;                ///< storage files plus metadata.yaml
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    double duration_s = 0.0;
    std::uint64_t message_count = 0;
    std::vector<TopicSummary> topics;  ///< in the order the bag declares them
    bool complete = true;              ///< false when reading stopped at damage (recover mode)
    std::string error;                 ///< why reading stopped, when !complete: "FILE: what"
    std::optional<ReadDamage> damage;  ///< the same, as the reader gives it (recover mode)
};

/// Reads the whole bag at `path`. Without `recover` any damage is an Error; with `recover`
/// (ReadOptions::recover) the messages read before the damage are summarised and the damage is
/// kept in `BagInfo::error` and `damage` (a bag that is not recognised is still an Error).
Result<BagInfo> describeBag(const std::string &path, bool recover = false);

}  // namespace robometrics::bag
