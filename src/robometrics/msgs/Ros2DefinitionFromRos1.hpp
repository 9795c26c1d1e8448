#pragma once
// The ros2msg schema text of a ROS 1 type, generated from its connection's message_definition,
// for `robometrics convert --to ros2` when robometrics has no built-in ROS 2 definition of the
// type. The renames follow rosbags (the Python library behind rosbags-convert): `time` and
// `duration` become builtin_interfaces/Time and Duration, `byte` stays `byte` (octet), `char`
// becomes `uint8`, std_msgs/Header loses `seq`, bare names get their package.

#include <string>
#include <string_view>

#include "robometrics/core/Result.hpp"

namespace robometrics::msgs {

/// The root block, then one "====…" (80 '=') + "MSG: pkg/Type" block per dependency in the order
/// of first use (builtin_interfaces/Time and Duration included, as rosbag2 writes them). Only
/// fields are written: comments and constants do not change the wire format and are dropped.
/// Fails, naming the type, when the definition does not parse or lacks a dependency.
Result<std::string> ros2DefinitionFromRos1(std::string_view type_name, std::string_view ros1_definition);

}  // namespace robometrics::msgs
