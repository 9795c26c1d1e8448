#pragma once
// Any bag (rosbag2 directory, .db3, .mcap, ROS 1 .bag) rewritten as one chunked MCAP file with the
// ros2 profile, for `robometrics convert` (docs/convert.md).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/bag/Ros1ToRos2Source.hpp"
#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag {

/// The part of a bag to keep (`convert --start/--end/--topics/--exclude-topics`).
struct ConvertSelection {
    /// Only this window, with the state from before it that openWindow() reads first (static TF,
    /// the last message of each latched topic, the last 5 s of /tf), at their own log times.
    std::optional<LogWindow> window;
    std::vector<std::string> topics;          ///< names or glob patterns (`*`, `?`, `[..]`); empty: all
    std::vector<std::string> exclude_topics;  ///< names or patterns left out (after `topics`)
    bool empty() const { return !window && topics.empty() && exclude_topics.empty(); }
};

/// Whether `selection` keeps `topic`: it matches one of `topics` (or there are none) and none
/// of `exclude_topics`. Patterns are shell globs over the whole name, `*` crossing `/`.
bool keepsTopic(const ConvertSelection &selection, const std::string &topic);

/// Copies every message of `input` into a new MCAP at `output`, payloads byte for byte: one
/// channel per topic (topics, QoS metadata, log and publish times kept) and one schema per type;
/// topics without a stored definition get the built-in one when robometrics knows the type.
/// The file takes its name only when complete (McapWriter), so an error leaves no partial
/// output. Returns the number of messages written. With `to_ros2`, a ROS 1 bag is translated to
/// the ros2 profile (translateRos1ToRos2) and the topics left out are reported there. With
/// `damage`, a recording cut short is read with ReadOptions::recover: the output holds what was
/// readable and `damage` says what was lost (none for a whole bag). With `progress`, a line on
/// stderr (when it is a terminal) over the bytes of `input` (core/ByteProgress.hpp). With a
/// `selection`, only its topics (their channels alone) and window are read and written; an
/// error when no topic is kept.
Result<std::uint64_t> convertToMcap(const std::string &input, const std::string &output, Compression compression,
                                    Ros2Translation *to_ros2 = nullptr, std::optional<ReadDamage> *damage = nullptr,
                                    bool progress = false, const ConvertSelection &selection = {});

}  // namespace robometrics::bag
