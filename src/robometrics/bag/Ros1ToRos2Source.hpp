#pragma once
// A ROS 1 bag seen as a ROS 2 one, for `robometrics convert --to ros2` (docs/convert.md): every
// topic with cdr payloads (msgs::Ros1ToCdr) and a ros2msg schema named pkg/msg/Type (the
// built-in definition when robometrics knows the type, else one generated from the ROS 1
// message_definition), and offered_qos_profiles with one profile per ROS 1 connection.
// Topics that cannot be translated are left out and reported, with their message counts.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

/// A topic that `--to ros2` left out, and why.
struct SkippedTopic {
    std::string topic;
    std::string type;
    std::uint64_t messages = 0;  ///< read and left out (counted while reading)
    std::string reason;
};

/// What a translation left out; filled while the source is read.
struct Ros2Translation {
    std::vector<SkippedTopic> skipped;
};

/// Wraps `ros1` (topics with serialization_format "ros1"; others pass unchanged). `report`
/// must outlive the returned source. A payload that does not match its definition fails next()
/// with the topic, type and log time.
std::unique_ptr<MessageSource> translateRos1ToRos2(std::unique_ptr<MessageSource> ros1, Ros2Translation &report);

}  // namespace robometrics::bag
