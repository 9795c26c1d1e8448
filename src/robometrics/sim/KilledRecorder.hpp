#pragma once
// A recorder killed with SIGKILL (`simulate --kill-recorder-at`): an MCAP writer buffers a
// chunk in memory and writes it whole, so a kill while a chunk is being written leaves the file
// ending in the middle of that chunk, with no summary, no footer and no closing magic. Given a
// finished bag, cuts it there and says what is left: the messages of the complete chunks before
// the cut, and the log time of the last of them.

#include <cstdint>
#include <map>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::sim {

struct RecorderKill {
    TimeNs kill_time = 0;            ///< log time of the kill
    std::uint64_t bytes_before = 0;  ///< the complete bag's size
    std::uint64_t cut_offset = 0;    ///< the cut file's size: half way through the chunk below
    std::uint64_t chunk_offset = 0;  ///< file offset of the chunk being written at the kill
    std::uint64_t chunk_length = 0;  ///< its whole record, prefix included
    std::uint64_t messages_written = 0;
    std::uint64_t messages_left = 0;  ///< in the complete chunks before the cut
    TimeNs last_message_time = 0;     ///< log time of the last message left; 0 when none is
    std::map<std::string, std::uint64_t> messages_left_per_topic;
};

/// Cuts the MCAP file at `path` in place (written aside and renamed) in the middle of the chunk
/// that holds `kill_time`: the first chunk whose last message is logged at or after it. An error
/// when no chunk ends that late (the recorder had finished) or the file cannot be read.
Result<RecorderKill> killRecorder(const std::string &path, TimeNs kill_time);

}  // namespace robometrics::sim
