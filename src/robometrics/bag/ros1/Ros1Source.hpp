#pragma once
// MessageSource over one ROS 1 bag (format 2.0). Topics are named as recorded; several
// connections on one topic (several publishers) are one topic. Types are normalised to
// pkg/msg/Type like every other source, and tf/tfMessage (the ROS 1 tf package's message,
// identical to tf2_msgs/TFMessage on the wire: same md5sum) is reported as
// tf2_msgs/msg/TFMessage so TF readers take both. serialization_format is "ros1" and the schema
// is the connection's message_definition with encoding "ros1msg" (MCAP's names for them).

#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag::ros1 {

inline constexpr const char *kSerializationFormat = "ros1";
inline constexpr const char *kSchemaEncoding = "ros1msg";

/// "nav_msgs/Odometry" -> "nav_msgs/msg/Odometry"; "tf/tfMessage" -> "tf2_msgs/msg/TFMessage".
std::string topicTypeName(const std::string &ros1_type);

Result<std::unique_ptr<MessageSource>> openRos1(const std::string &path, const ReadOptions &options = {});

/// The compression of each chunk ("none", "bz2", "lz4"), each named once, in file order.
Result<std::vector<std::string>> chunkCompressions(const std::string &path);

}  // namespace robometrics::bag::ros1
