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
#include "robometrics/msgs/CdrReader.hpp"
#include "robometrics/msgs/Messages.hpp"

/// Every message struct with its ROS 2 type name: X(Struct, "pkg/msg/Type"). New types go at the
/// end: the TypedCodec fuzz corpus names a type by its place in this list.
#define ROBOMETRICS_FOR_EACH_MESSAGE(X)                                         \
    X(Time, "builtin_interfaces/msg/Time")                                      \
    X(Header, "std_msgs/msg/Header")                                            \
    X(String, "std_msgs/msg/String")                                            \
    X(Empty, "std_msgs/msg/Empty")                                              \
    X(MultiArrayDimension, "std_msgs/msg/MultiArrayDimension")                  \
    X(MultiArrayLayout, "std_msgs/msg/MultiArrayLayout")                        \
    X(Float32MultiArray, "std_msgs/msg/Float32MultiArray")                      \
    X(Point, "geometry_msgs/msg/Point")                                         \
    X(Vector3, "geometry_msgs/msg/Vector3")                                     \
    X(Quaternion, "geometry_msgs/msg/Quaternion")                               \
    X(Pose, "geometry_msgs/msg/Pose")                                           \
    X(PoseStamped, "geometry_msgs/msg/PoseStamped")                             \
    X(PoseArray, "geometry_msgs/msg/PoseArray")                                 \
    X(PoseWithCovariance, "geometry_msgs/msg/PoseWithCovariance")               \
    X(PoseWithCovarianceStamped, "geometry_msgs/msg/PoseWithCovarianceStamped") \
    X(Twist, "geometry_msgs/msg/Twist")                                         \
    X(TwistStamped, "geometry_msgs/msg/TwistStamped")                           \
    X(TwistWithCovariance, "geometry_msgs/msg/TwistWithCovariance")             \
    X(Transform, "geometry_msgs/msg/Transform")                                 \
    X(TransformStamped, "geometry_msgs/msg/TransformStamped")                   \
    X(LaserScan, "sensor_msgs/msg/LaserScan")                                   \
    X(Imu, "sensor_msgs/msg/Imu")                                               \
    X(PointField, "sensor_msgs/msg/PointField")                                 \
    X(PointCloud2, "sensor_msgs/msg/PointCloud2")                               \
    X(Odometry, "nav_msgs/msg/Odometry")                                        \
    X(MapMetaData, "nav_msgs/msg/MapMetaData")                                  \
    X(OccupancyGrid, "nav_msgs/msg/OccupancyGrid")                              \
    X(Path, "nav_msgs/msg/Path")                                                \
    X(Clock, "rosgraph_msgs/msg/Clock")                                         \
    X(UUID, "unique_identifier_msgs/msg/UUID")                                  \
    X(GoalInfo, "action_msgs/msg/GoalInfo")                                     \
    X(GoalStatus, "action_msgs/msg/GoalStatus")                                 \
    X(GoalStatusArray, "action_msgs/msg/GoalStatusArray")                       \
    X(TFMessage, "tf2_msgs/msg/TFMessage")                                      \
    X(GridMapInfo, "grid_map_msgs/msg/GridMapInfo")                             \
    X(GridMap, "grid_map_msgs/msg/GridMap")                                     \
    X(StatisticDataPoint, "statistics_msgs/msg/StatisticDataPoint")             \
    X(MetricsMessage, "statistics_msgs/msg/MetricsMessage")                     \
    X(KeyValue, "diagnostic_msgs/msg/KeyValue")                                 \
    X(DiagnosticStatus, "diagnostic_msgs/msg/DiagnosticStatus")                 \
    X(DiagnosticArray, "diagnostic_msgs/msg/DiagnosticArray")                   \
    X(Image, "sensor_msgs/msg/Image")                                           \
    X(CompressedImage, "sensor_msgs/msg/CompressedImage")

namespace robometrics::msgs {

/// The ROS 2 type name of a message struct ("sensor_msgs/msg/LaserScan").
template <class T>
struct TypeInfo;

#define ROBOMETRICS_MESSAGE_TYPE(Struct, Name)         \
    template <>                                        \
    struct TypeInfo<Struct> {                          \
        static constexpr std::string_view name = Name; \
    };
ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_MESSAGE_TYPE)
#undef ROBOMETRICS_MESSAGE_TYPE

/// Decodes a whole CDR payload (encapsulation header included) into `out`.
/// `out` is reused: its vectors keep their capacity, so decoding in a loop does not allocate.
template <class T>
Status decodeCdr(std::span<const std::uint8_t> payload, T &out);

/// Decodes a ROS 1 serialized payload (from a ROS 1 bag) into `out`: the same struct as from CDR,
/// with std_msgs/Header's seq dropped. grid_map_msgs (a different layout in ROS 1) fail.
template <class T>
Status decodeRos1(std::span<const std::uint8_t> payload, T &out);

/// How a topic's payloads are serialized, from TopicInfo::serialization_format.
enum class WireFormat : std::uint8_t { Cdr, Ros1 };

/// "ros1" -> Ros1; anything else ("cdr", "") -> Cdr.
inline WireFormat wireFormatOf(std::string_view serialization_format) {
    return serialization_format == "ros1" ? WireFormat::Ros1 : WireFormat::Cdr;
}

/// decodeCdr or decodeRos1, as `format` says.
template <class T>
Status decode(std::span<const std::uint8_t> payload, T &out, WireFormat format) {
    return format == WireFormat::Ros1 ? decodeRos1(payload, out) : decodeCdr(payload, out);
}

/// Encodes `msg` as little-endian CDR with the 4-byte encapsulation header, zero-padded to a
/// multiple of 4 bytes like Fast-CDR.
template <class T>
std::vector<std::uint8_t> encodeCdr(const T &msg);

/// Encodes `msg` into `out` (cleared first, capacity kept) in the given byte order.
template <class T>
void encodeCdr(const T &msg, std::vector<std::uint8_t> &out, CdrByteOrder order = CdrByteOrder::Little);

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
