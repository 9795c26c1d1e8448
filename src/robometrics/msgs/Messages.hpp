#pragma once
// Plain C++ mirrors of the ROS 2 message types robometrics reads and writes. Field names and
// order follow the upstream .msg files exactly (the CDR codec walks them in this order).
// No ROS type ever enters the analyzers: they see only these structs.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace robometrics::msgs {

// builtin_interfaces/msg/Time
struct Time {
    std::int32_t sec = 0;
    std::uint32_t nanosec = 0;

    std::int64_t toNs() const { return std::int64_t{sec} * 1'000'000'000 + nanosec; }
    static Time fromNs(std::int64_t ns) {
        std::int64_t s = ns / 1'000'000'000;
        std::int64_t rem = ns % 1'000'000'000;
        if (rem < 0) {
            rem += 1'000'000'000;
            --s;
        }
        return Time{static_cast<std::int32_t>(s), static_cast<std::uint32_t>(rem)};
    }
    bool operator==(const Time &) const = default;
};

// std_msgs/msg/Header
struct Header {
    Time stamp;
    std::string frame_id;
    bool operator==(const Header &) const = default;
};

// std_msgs/msg/String
struct String {
    std::string data;
    bool operator==(const String &) const = default;
};

// std_msgs/msg/Empty (serialized as one dummy byte)
struct Empty {
    bool operator==(const Empty &) const = default;
};

// std_msgs/msg/MultiArrayDimension
struct MultiArrayDimension {
    std::string label;
    std::uint32_t size = 0;
    std::uint32_t stride = 0;
    bool operator==(const MultiArrayDimension &) const = default;
};

// std_msgs/msg/MultiArrayLayout
struct MultiArrayLayout {
    std::vector<MultiArrayDimension> dim;
    std::uint32_t data_offset = 0;
    bool operator==(const MultiArrayLayout &) const = default;
};

// std_msgs/msg/Float32MultiArray
struct Float32MultiArray {
    MultiArrayLayout layout;
    std::vector<float> data;
    bool operator==(const Float32MultiArray &) const = default;
};

// geometry_msgs/msg/Point
struct Point {
    double x = 0, y = 0, z = 0;
    bool operator==(const Point &) const = default;
};

// geometry_msgs/msg/Vector3
struct Vector3 {
    double x = 0, y = 0, z = 0;
    bool operator==(const Vector3 &) const = default;
};

// geometry_msgs/msg/Quaternion
struct Quaternion {
    double x = 0, y = 0, z = 0, w = 1;
    bool operator==(const Quaternion &) const = default;
};

// geometry_msgs/msg/Pose
struct Pose {
    Point position;
    Quaternion orientation;
    bool operator==(const Pose &) const = default;
};

// geometry_msgs/msg/PoseStamped
struct PoseStamped {
    Header header;
    Pose pose;
    bool operator==(const PoseStamped &) const = default;
};

// geometry_msgs/msg/PoseArray
struct PoseArray {
    Header header;
    std::vector<Pose> poses;
    bool operator==(const PoseArray &) const = default;
};

// geometry_msgs/msg/PoseWithCovariance (covariance row-major 6x6: x, y, z, rot x, rot y, rot z)
struct PoseWithCovariance {
    Pose pose;
    std::array<double, 36> covariance{};
    bool operator==(const PoseWithCovariance &) const = default;
};

// geometry_msgs/msg/PoseWithCovarianceStamped
struct PoseWithCovarianceStamped {
    Header header;
    PoseWithCovariance pose;
    bool operator==(const PoseWithCovarianceStamped &) const = default;
};

// geometry_msgs/msg/Twist
struct Twist {
    Vector3 linear;
    Vector3 angular;
    bool operator==(const Twist &) const = default;
};

// geometry_msgs/msg/TwistStamped (cmd_vel of ros2_control's diff_drive_controller since Jazzy)
struct TwistStamped {
    Header header;
    Twist twist;
    bool operator==(const TwistStamped &) const = default;
};

// geometry_msgs/msg/TwistWithCovariance
struct TwistWithCovariance {
    Twist twist;
    std::array<double, 36> covariance{};
    bool operator==(const TwistWithCovariance &) const = default;
};

// geometry_msgs/msg/Transform
struct Transform {
    Vector3 translation;
    Quaternion rotation;
    bool operator==(const Transform &) const = default;
};

// geometry_msgs/msg/TransformStamped
struct TransformStamped {
    Header header;
    std::string child_frame_id;
    Transform transform;
    bool operator==(const TransformStamped &) const = default;
};

// sensor_msgs/msg/LaserScan
struct LaserScan {
    Header header;
    float angle_min = 0;
    float angle_max = 0;
    float angle_increment = 0;
    float time_increment = 0;
    float scan_time = 0;
    float range_min = 0;
    float range_max = 0;
    std::vector<float> ranges;
    std::vector<float> intensities;
    bool operator==(const LaserScan &) const = default;
};

// sensor_msgs/msg/Imu
struct Imu {
    Header header;
    Quaternion orientation;
    std::array<double, 9> orientation_covariance{};
    Vector3 angular_velocity;
    std::array<double, 9> angular_velocity_covariance{};
    Vector3 linear_acceleration;
    std::array<double, 9> linear_acceleration_covariance{};
    bool operator==(const Imu &) const = default;
};

// sensor_msgs/msg/PointField
struct PointField {
    enum DataType : std::uint8_t {
        INT8 = 1,
        UINT8 = 2,
        INT16 = 3,
        UINT16 = 4,
        INT32 = 5,
        UINT32 = 6,
        FLOAT32 = 7,
        FLOAT64 = 8
    };
    std::string name;
    std::uint32_t offset = 0;
    std::uint8_t datatype = 0;
    std::uint32_t count = 0;
    bool operator==(const PointField &) const = default;
};

// sensor_msgs/msg/PointCloud2
struct PointCloud2 {
    Header header;
    std::uint32_t height = 0;
    std::uint32_t width = 0;
    std::vector<PointField> fields;
    bool is_bigendian = false;
    std::uint32_t point_step = 0;
    std::uint32_t row_step = 0;
    std::vector<std::uint8_t> data;
    bool is_dense = false;
    bool operator==(const PointCloud2 &) const = default;
};

// sensor_msgs/msg/Image: `height` rows of `step` bytes, top row first; `encoding` names the
// pixel layout ("rgb8", "mono16", ...). is_bigendian is a uint8 here, not a bool.
struct Image {
    Header header;
    std::uint32_t height = 0;
    std::uint32_t width = 0;
    std::string encoding;
    std::uint8_t is_bigendian = 0;
    std::uint32_t step = 0;
    std::vector<std::uint8_t> data;
    bool operator==(const Image &) const = default;
};

// sensor_msgs/msg/CompressedImage (format: "jpeg", "png", or image_transport's longer form)
struct CompressedImage {
    Header header;
    std::string format;
    std::vector<std::uint8_t> data;
    bool operator==(const CompressedImage &) const = default;
};

// nav_msgs/msg/Odometry
struct Odometry {
    Header header;
    std::string child_frame_id;
    PoseWithCovariance pose;
    TwistWithCovariance twist;
    bool operator==(const Odometry &) const = default;
};

// nav_msgs/msg/MapMetaData
struct MapMetaData {
    Time map_load_time;
    float resolution = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    Pose origin;
    bool operator==(const MapMetaData &) const = default;
};

// nav_msgs/msg/OccupancyGrid (data row-major from the origin, -1 unknown, 0..100 occupancy)
struct OccupancyGrid {
    Header header;
    MapMetaData info;
    std::vector<std::int8_t> data;
    bool operator==(const OccupancyGrid &) const = default;
};

// nav_msgs/msg/Path
struct Path {
    Header header;
    std::vector<PoseStamped> poses;
    bool operator==(const Path &) const = default;
};

// rosgraph_msgs/msg/Clock: the simulated time a simulator publishes on /clock
struct Clock {
    Time clock;
    bool operator==(const Clock &) const = default;
};

// unique_identifier_msgs/msg/UUID
struct UUID {
    std::array<std::uint8_t, 16> uuid{};
    bool operator==(const UUID &) const = default;
};

// action_msgs/msg/GoalInfo
struct GoalInfo {
    UUID goal_id;
    Time stamp;
    bool operator==(const GoalInfo &) const = default;
};

// action_msgs/msg/GoalStatus (status: 0 unknown, 1 accepted, 2 executing, 3 canceling,
// 4 succeeded, 5 canceled, 6 aborted)
struct GoalStatus {
    static constexpr std::int8_t kUnknown = 0, kAccepted = 1, kExecuting = 2, kCanceling = 3, kSucceeded = 4,
                                 kCanceled = 5, kAborted = 6;
    GoalInfo goal_info;
    std::int8_t status = 0;
    bool operator==(const GoalStatus &) const = default;
};

// action_msgs/msg/GoalStatusArray: what an action server publishes on <action>/_action/status
struct GoalStatusArray {
    std::vector<GoalStatus> status_list;
    bool operator==(const GoalStatusArray &) const = default;
};

// tf2_msgs/msg/TFMessage
struct TFMessage {
    std::vector<TransformStamped> transforms;
    bool operator==(const TFMessage &) const = default;
};

// grid_map_msgs/msg/GridMapInfo (ROS 2 layout: no header here)
struct GridMapInfo {
    double resolution = 0;
    double length_x = 0;
    double length_y = 0;
    Pose pose;
    bool operator==(const GridMapInfo &) const = default;
};

// grid_map_msgs/msg/GridMap (ROS 2 layout)
struct GridMap {
    Header header;
    GridMapInfo info;
    std::vector<std::string> layers;
    std::vector<std::string> basic_layers;
    std::vector<Float32MultiArray> data;
    std::uint16_t outer_start_index = 0;
    std::uint16_t inner_start_index = 0;
    bool operator==(const GridMap &) const = default;
};

// statistics_msgs/msg/StatisticDataPoint
struct StatisticDataPoint {
    enum DataType : std::uint8_t {
        UNINITIALIZED = 0,
        AVERAGE = 1,
        MINIMUM = 2,
        MAXIMUM = 3,
        STDDEV = 4,
        SAMPLE_COUNT = 5
    };
    std::uint8_t data_type = 0;
    double data = 0;
    bool operator==(const StatisticDataPoint &) const = default;
};

// statistics_msgs/msg/MetricsMessage
struct MetricsMessage {
    std::string measurement_source_name;
    std::string metrics_source;
    std::string unit;
    Time window_start;
    Time window_stop;
    std::vector<StatisticDataPoint> statistics;
    bool operator==(const MetricsMessage &) const = default;
};

// diagnostic_msgs/msg/KeyValue
struct KeyValue {
    std::string key;
    std::string value;
    bool operator==(const KeyValue &) const = default;
};

// diagnostic_msgs/msg/DiagnosticStatus
struct DiagnosticStatus {
    enum Level : std::uint8_t { OK = 0, WARN = 1, ERROR = 2, STALE = 3 };
    std::uint8_t level = OK;
    std::string name;
    std::string message;
    std::string hardware_id;
    std::vector<KeyValue> values;
    bool operator==(const DiagnosticStatus &) const = default;
};

/// Where ROS diagnostics are published (diagnostic_updater, diagnostic_aggregator, rqt_robot_monitor).
inline constexpr const char *kDiagnosticsTopic = "/diagnostics";

// diagnostic_msgs/msg/DiagnosticArray
struct DiagnosticArray {
    Header header;
    std::vector<DiagnosticStatus> status;
    bool operator==(const DiagnosticArray &) const = default;
};

}  // namespace robometrics::msgs
