#pragma once
// How ROS 2 names travel on DDS (rmw_fastrtps / rmw_cyclonedds conventions): topic "/scan" is the
// DDS topic "rt/scan"; type "sensor_msgs/msg/LaserScan" is the DDS type
// "sensor_msgs::msg::dds_::LaserScan_". The demangling functions return nullopt for DDS names
// that ROS 2 itself would not show (no "rt/" prefix, no "dds_" segment or trailing '_').

#include <optional>
#include <string>
#include <string_view>

namespace robometrics::live {

/// "/scan" or "scan" -> "rt/scan".
std::string ddsTopicName(std::string_view ros_topic);
/// "rt/scan" -> "/scan"; nullopt for other prefixes (rq/, rr/, ros_discovery_info, ...).
std::optional<std::string> rosTopicName(std::string_view dds_topic);

/// "sensor_msgs/msg/LaserScan" (or "sensor_msgs/LaserScan") -> "sensor_msgs::msg::dds_::LaserScan_".
std::string ddsTypeName(std::string_view ros_type);
/// "sensor_msgs::msg::dds_::LaserScan_" -> "sensor_msgs/msg/LaserScan"; nullopt when not a ROS type.
std::optional<std::string> rosTypeName(std::string_view dds_type);

}  // namespace robometrics::live
