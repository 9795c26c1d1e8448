#pragma once
// What a recovering read (ReadOptions::recover) of a recording cut short could not read, and the
// one-line warning the commands print about it (docs/bags.md, Recordings cut short).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

/// One stretch of a recording that a recovering read skipped (a damaged chunk, unreadable rows)
/// while it read on past it: what the index says it held, none where the index does not say.
struct LostSpan {
    std::string file;                       ///< the damaged storage file, as errors name it
    /// First byte skipped and one past the last; none where the storage does not say (sqlite
    /// reports a damaged page without its number).
    std::optional<std::uint64_t> byte_begin, byte_end;
    std::optional<TimeNs> start_time;       ///< earliest log time in it, from the index
    std::optional<TimeNs> end_time;         ///< latest log time in it
    std::optional<std::uint64_t> messages;  ///< messages in it, when the index counts them
    std::vector<std::string> topics;        ///< topics of those messages, when the index says
    std::string reason;                     ///< what is wrong with it ("chunk CRC mismatch ...")
};

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
    /// The stretches skipped in the middle, reading going on after each (file order); the
    /// damage that ended the read, if any, is the description above.
    std::vector<LostSpan> spans;
    /// True when the read ended at the real end of the data (every loss is one of `spans`).
    bool read_to_end = false;
};

/// "40.0-42.1 s, 312 messages (/imu, /scan), bytes 1000-2000" (no bytes when unknown): a lost span in words, times in
/// seconds after `origin` (the first message read; the span's own start when none).
std::string describeSpan(const LostSpan &span, std::optional<TimeNs> origin);

/// "run.mcap: the recording ends abruptly at 48.6 s (the last chunk is cut); 12 899 messages read":
/// the time is that of the last message read, in seconds after the first one.
std::string damageWarning(const ReadDamage &damage);

/// Adds `spans` (skipped in `file`, reading going on after each) to `damage`, which is made when
/// there is none yet: a read to the end of the data that lost only these spans.
void addLostSpans(std::optional<ReadDamage> &damage, const std::string &file, std::vector<LostSpan> spans);

/// `message` without a leading "PATH: " (a span or damage names its file anyway).
std::string withoutPath(const std::string &message, const std::string &path);

/// "12 899": a count with a space between groups of three digits.
std::string groupedCount(std::uint64_t n);

}  // namespace robometrics::bag
