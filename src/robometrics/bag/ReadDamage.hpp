#pragma once
// What a recovering read (ReadOptions::recover) of a recording cut short could not read, and the
// one-line warning the commands print about it (docs/bags.md, Recordings cut short).

#include <cstdint>
#include <optional>
#include <string>

#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

struct ReadDamage {
    std::string file;  ///< the damaged storage file, as errors name it (the path given, or as metadata.yaml lists it)
    /// Where and what, in plain words: "the file ends inside a Chunk record at byte 1234 (declares
    /// 5000 content bytes, 800 remain): the last chunk is cut".
    std::string description;
    std::string loss;                      ///< what was lost, short: "the last chunk is cut"
    bool truncated = false;                ///< the file was cut short (else: bytes that are not what the writer wrote)
    std::uint64_t messages_read = 0;       ///< messages next() gave before it ended
    std::optional<TimeNs> first_log_time;  ///< of the first message read; none when none was
    std::optional<TimeNs> last_log_time;   ///< of the last message read
    int other_damaged_files = 0;           ///< further damaged files of a split bag
};

/// "run.mcap: the recording ends abruptly at 48.6 s (the last chunk is cut); 12 899 messages read":
/// the time is that of the last message read, in seconds after the first one.
std::string damageWarning(const ReadDamage &damage);

/// "12 899": a count with a space between groups of three digits.
std::string groupedCount(std::uint64_t n);

}  // namespace robometrics::bag
