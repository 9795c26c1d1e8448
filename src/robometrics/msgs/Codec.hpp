#pragma once
// Typed CDR (XCDR1) decode and encode of the message structs in Messages.hpp.
// decodeCdr() accepts the whole serialized payload including the 4-byte encapsulation header
// (little or big endian), tolerates trailing padding, and reports a payload that is shorter than
// its type needs as an Error naming the field and byte offset. encodeCdr() writes little-endian
// CDR with the header, byte-identical to what a ROS 2 middleware writes (padding aside).

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::msgs {

/// The ROS 2 type name of a message struct ("sensor_msgs/msg/LaserScan").
template <class T>
struct TypeInfo;

#define ROBOMETRICS_MESSAGE_TYPE(Struct, Name)            \
    template <>                                          \
    struct TypeInfo<Struct> {                            \
        static constexpr std::string_view name = Name;   \
    };
ROBOMETRICS_MESSAGE_TYPE(Time, "builtin_interfaces/msg/Time")
ROBOMETRICS_MESSAGE_TYPE(Header, "std_msgs/msg/Header")
ROBOMETRICS_MESSAGE_TYPE(String, "std_msgs/msg/String")
ROBOMETRICS_MESSAGE_TYPE(Empty, "std_msgs/msg/Empty")
ROBOMETRICS_MESSAGE_TYPE(MultiArrayDimension, "std_msgs/msg/MultiArrayDimension")
ROBOMETRICS_MESSAGE_TYPE(MultiArrayLayout, "std_msgs/msg/MultiArrayLayout")
ROBOMETRICS_MESSAGE_TYPE(Float32MultiArray, "std_msgs/msg/Float32MultiArray")
ROBOMETRICS_MESSAGE_TYPE(Point, "geometry_msgs/msg/Point")
ROBOMETRICS_MESSAGE_TYPE(Vector3, "geometry_msgs/msg/Vector3")
ROBOMETRICS_MESSAGE_TYPE(Quaternion, "geometry_msgs/msg/Quaternion")
ROBOMETRICS_MESSAGE_TYPE(Pose, "geometry_msgs/msg/Pose")
ROBOMETRICS_MESSAGE_TYPE(PoseStamped, "geometry_msgs/msg/PoseStamped")
ROBOMETRICS_MESSAGE_TYPE(PoseArray, "geometry_msgs/msg/PoseArray")
ROBOMETRICS_MESSAGE_TYPE(PoseWithCovariance, "geometry_msgs/msg/PoseWithCovariance")
ROBOMETRICS_MESSAGE_TYPE(PoseWithCovarianceStamped, "geometry_msgs/msg/PoseWithCovarianceStamped")
ROBOMETRICS_MESSAGE_TYPE(Twist, "geometry_msgs/msg/Twist")
ROBOMETRICS_MESSAGE_TYPE(TwistWithCovariance, "geometry_msgs/msg/TwistWithCovariance")
ROBOMETRICS_MESSAGE_TYPE(Transform, "geometry_msgs/msg/Transform")
ROBOMETRICS_MESSAGE_TYPE(TransformStamped, "geometry_msgs/msg/TransformStamped")
ROBOMETRICS_MESSAGE_TYPE(LaserScan, "sensor_msgs/msg/LaserScan")
ROBOMETRICS_MESSAGE_TYPE(Imu, "sensor_msgs/msg/Imu")
ROBOMETRICS_MESSAGE_TYPE(PointField, "sensor_msgs/msg/PointField")
ROBOMETRICS_MESSAGE_TYPE(PointCloud2, "sensor_msgs/msg/PointCloud2")
ROBOMETRICS_MESSAGE_TYPE(Odometry, "nav_msgs/msg/Odometry")
ROBOMETRICS_MESSAGE_TYPE(MapMetaData, "nav_msgs/msg/MapMetaData")
ROBOMETRICS_MESSAGE_TYPE(OccupancyGrid, "nav_msgs/msg/OccupancyGrid")
ROBOMETRICS_MESSAGE_TYPE(Path, "nav_msgs/msg/Path")
ROBOMETRICS_MESSAGE_TYPE(TFMessage, "tf2_msgs/msg/TFMessage")
ROBOMETRICS_MESSAGE_TYPE(GridMapInfo, "grid_map_msgs/msg/GridMapInfo")
ROBOMETRICS_MESSAGE_TYPE(GridMap, "grid_map_msgs/msg/GridMap")
ROBOMETRICS_MESSAGE_TYPE(StatisticDataPoint, "statistics_msgs/msg/StatisticDataPoint")
ROBOMETRICS_MESSAGE_TYPE(MetricsMessage, "statistics_msgs/msg/MetricsMessage")
#undef ROBOMETRICS_MESSAGE_TYPE

/// Decodes a whole CDR payload (encapsulation header included) into `out`.
/// `out` is reused: its vectors keep their capacity, so decoding in a loop does not allocate.
template <class T>
Status decodeCdr(std::span<const std::uint8_t> payload, T &out);

/// Encodes `msg` as little-endian CDR with the 4-byte encapsulation header.
template <class T>
std::vector<std::uint8_t> encodeCdr(const T &msg);

/// Convenience: decode into a fresh value.
template <class T>
Result<T> decodeCdr(std::span<const std::uint8_t> payload) {
    T out;
    Status status = decodeCdr(payload, out);
    if (!status.ok()) return status.error();
    return out;
}

/// The built-in `ros2msg` schema text of a type (root .msg, then each dependency after a line of
/// 80 '=' and "MSG: pkg/Type"), as rosbag2 stores it. Used by writers and for bags that carry no
/// definitions. Accepts "pkg/msg/Type" or "pkg/Type"; returns an empty view for unknown types.
std::string_view builtinSchemaText(std::string_view type_name);

/// The built-in schema text of a typed message.
template <class T>
std::string_view schemaText() {
    return builtinSchemaText(TypeInfo<T>::name);
}

}  // namespace robometrics::msgs
