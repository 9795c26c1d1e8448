// The built-in message definitions: the field lists of every type in Messages.hpp, plus
// rcl_interfaces/Log (talker bags store a stub of it), builtin_interfaces/Duration and
// geometry_msgs/PointStamped. Written from the field lists in bag-formats.md §4; comments are
// ours and short. Whole schema texts are assembled the way rosbag2 does: the root body, then
// every dependency once, depth-first in sorted order per level, each after a line of 80 '=' and
// "MSG: pkg/Type".

#include "robometrics/msgs/BuiltinSchemas.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

namespace {

struct BuiltinBody {
    std::string_view name;
    std::string_view body;
};

constexpr BuiltinBody kBodies[] = {
    {"builtin_interfaces/Time", R"(# Time since the epoch (or sim time).
int32 sec
uint32 nanosec
)"},
    {"builtin_interfaces/Duration", R"(# A signed span of time.
int32 sec
uint32 nanosec
)"},
    {"std_msgs/Header", R"(# Stamp and coordinate frame of stamped data.
builtin_interfaces/Time stamp
string frame_id
)"},
    {"std_msgs/String", R"(string data
)"},
    {"std_msgs/Empty", R"()"},
    {"std_msgs/MultiArrayDimension", R"(string label   # name of the dimension
uint32 size     # number of elements along it
uint32 stride   # elements spanned by one step of the enclosing dimension
)"},
    {"std_msgs/MultiArrayLayout", R"(MultiArrayDimension[] dim  # outermost first
uint32 data_offset         # padding elements before the data
)"},
    {"std_msgs/Float32MultiArray", R"(MultiArrayLayout layout
float32[] data
)"},
    {"geometry_msgs/Point", R"(float64 x
float64 y
float64 z
)"},
    {"geometry_msgs/Vector3", R"(float64 x
float64 y
float64 z
)"},
    {"geometry_msgs/Quaternion", R"(# Orientation as a unit quaternion; w comes last.
float64 x 0
float64 y 0
float64 z 0
float64 w 1
)"},
    {"geometry_msgs/Pose", R"(Point position
Quaternion orientation
)"},
    {"geometry_msgs/PoseStamped", R"(std_msgs/Header header
Pose pose
)"},
    {"geometry_msgs/PointStamped", R"(std_msgs/Header header
Point point
)"},
    {"geometry_msgs/PoseArray", R"(std_msgs/Header header
Pose[] poses
)"},
    {"geometry_msgs/PoseWithCovariance", R"(Pose pose
# Row-major 6x6 covariance over x, y, z, rotation about x, y, z.
float64[36] covariance
)"},
    {"geometry_msgs/PoseWithCovarianceStamped", R"(std_msgs/Header header
PoseWithCovariance pose
)"},
    {"geometry_msgs/Twist", R"(Vector3  linear
Vector3  angular
)"},
    {"geometry_msgs/TwistStamped", R"(std_msgs/Header header
Twist twist
)"},
    {"geometry_msgs/TwistWithCovariance", R"(Twist twist
# Row-major 6x6 covariance over the linear then angular components.
float64[36] covariance
)"},
    {"geometry_msgs/Transform", R"(Vector3 translation
Quaternion rotation
)"},
    {"geometry_msgs/TransformStamped", R"(# Pose of child_frame_id in header.frame_id.
std_msgs/Header header
string child_frame_id
Transform transform
)"},
    {"sensor_msgs/LaserScan", R"(# One sweep of a planar range finder; angles in rad, ranges in m.
std_msgs/Header header
float32 angle_min
float32 angle_max
float32 angle_increment
float32 time_increment   # s between measurements
float32 scan_time        # s between scans
float32 range_min
float32 range_max
float32[] ranges         # values outside [range_min, range_max] are invalid
float32[] intensities    # may be empty
)"},
    {"sensor_msgs/Imu", R"(# A covariance whose first element is -1 marks a quantity as not provided.
std_msgs/Header header
geometry_msgs/Quaternion orientation
float64[9] orientation_covariance
geometry_msgs/Vector3 angular_velocity
float64[9] angular_velocity_covariance
geometry_msgs/Vector3 linear_acceleration
float64[9] linear_acceleration_covariance
)"},
    {"sensor_msgs/PointField", R"(uint8 INT8    = 1
uint8 UINT8   = 2
uint8 INT16   = 3
uint8 UINT16  = 4
uint8 INT32   = 5
uint8 UINT32  = 6
uint8 FLOAT32 = 7
uint8 FLOAT64 = 8
string name      # field name
uint32 offset    # byte offset in the point
uint8  datatype  # one of the constants above
uint32 count     # elements in the field
)"},
    {"sensor_msgs/PointCloud2", R"(std_msgs/Header header
uint32 height
uint32 width
PointField[] fields
bool    is_bigendian
uint32  point_step   # bytes per point
uint32  row_step     # bytes per row
uint8[] data         # row_step * height bytes
bool is_dense        # true when no point is invalid
)"},
    {"sensor_msgs/Image", R"(# An uncompressed image; pixel (0, 0) is the top-left corner.
std_msgs/Header header
uint32 height          # rows
uint32 width           # columns
string encoding        # pixel layout: rgb8, bgr8, mono8, mono16, ...
uint8 is_bigendian     # byte order of multi-byte pixel values
uint32 step            # bytes per row
uint8[] data           # step * height bytes
)"},
    {"sensor_msgs/CompressedImage", R"(std_msgs/Header header
string format          # jpeg, png, or what the image transport writes
uint8[] data           # the encoded image file
)"},
    {"nav_msgs/Odometry", R"(# Pose in header.frame_id, twist in child_frame_id.
std_msgs/Header header
string child_frame_id
geometry_msgs/PoseWithCovariance pose
geometry_msgs/TwistWithCovariance twist
)"},
    {"nav_msgs/MapMetaData", R"(builtin_interfaces/Time map_load_time
float32 resolution   # m/cell
uint32 width         # cells
uint32 height        # cells
geometry_msgs/Pose origin  # pose of cell (0,0)
)"},
    {"nav_msgs/OccupancyGrid", R"(std_msgs/Header header
MapMetaData info
int8[] data   # row-major from the origin; 0..100 occupancy, -1 unknown
)"},
    {"nav_msgs/Path", R"(std_msgs/Header header
geometry_msgs/PoseStamped[] poses
)"},
    {"rosgraph_msgs/Clock", R"(# The simulated time, published on /clock when use_sim_time is set.
builtin_interfaces/Time clock
)"},
    {"unique_identifier_msgs/UUID", R"(uint8[16] uuid
)"},
    {"action_msgs/GoalInfo", R"(unique_identifier_msgs/UUID goal_id
builtin_interfaces/Time stamp   # when the server accepted the goal
)"},
    {"action_msgs/GoalStatus", R"(int8 STATUS_UNKNOWN   = 0
int8 STATUS_ACCEPTED  = 1
int8 STATUS_EXECUTING = 2
int8 STATUS_CANCELING = 3
int8 STATUS_SUCCEEDED = 4
int8 STATUS_CANCELED  = 5
int8 STATUS_ABORTED   = 6
GoalInfo goal_info
int8 status
)"},
    {"action_msgs/GoalStatusArray", R"(GoalStatus[] status_list
)"},
    {"tf2_msgs/TFMessage", R"(geometry_msgs/TransformStamped[] transforms
)"},
    {"grid_map_msgs/GridMapInfo", R"(float64 resolution        # m/cell
float64 length_x          # m
float64 length_y          # m
geometry_msgs/Pose pose   # map centre in header.frame_id
)"},
    {"grid_map_msgs/GridMap", R"(std_msgs/Header header
GridMapInfo info
string[] layers
string[] basic_layers
std_msgs/Float32MultiArray[] data   # one per layer, column-major
uint16 outer_start_index            # circular buffer start (row)
uint16 inner_start_index            # circular buffer start (column)
)"},
    {"statistics_msgs/StatisticDataPoint", R"(uint8 data_type   # a StatisticDataType constant
float64 data
)"},
    {"statistics_msgs/MetricsMessage", R"(string measurement_source_name
string metrics_source
string unit
builtin_interfaces/Time window_start
builtin_interfaces/Time window_stop
StatisticDataPoint[] statistics
)"},
    // diagnostic_msgs: what /diagnostics carries (diagnostic_aggregator, rqt_robot_monitor).
    {"diagnostic_msgs/KeyValue", R"(string key    # what the value is
string value  # the value, as text
)"},
    {"diagnostic_msgs/DiagnosticStatus", R"(byte OK=0
byte WARN=1
byte ERROR=2
byte STALE=3
byte level           # one of the levels above
string name          # what is checked
string message       # its state, in words
string hardware_id   # which device or stream
KeyValue[] values
)"},
    {"diagnostic_msgs/DiagnosticArray", R"(std_msgs/Header header
DiagnosticStatus[] status
)"},
    {"rcl_interfaces/Log", R"(byte DEBUG=10
byte INFO=20
byte WARN=30
byte ERROR=40
byte FATAL=50
builtin_interfaces/Time stamp
uint8 level
string name       # logger name
string msg
string file
string function
uint32 line
)"},
    // rcl_interfaces/ParameterEvent: every `ros2 bag record -a` has /parameter_events. Field lists
    // from rcl_interfaces (msg/ParameterEvent, Parameter, ParameterValue).
    {"rcl_interfaces/ParameterEvent", R"(# What changed in the parameters of one node.
builtin_interfaces/Time stamp
string node                    # fully qualified node name
Parameter[] new_parameters
Parameter[] changed_parameters
Parameter[] deleted_parameters
)"},
    {"rcl_interfaces/Parameter", R"(string name
ParameterValue value
)"},
    {"rcl_interfaces/ParameterValue", R"(# `type` (a ParameterType constant) says which one field holds the value.
uint8 type
bool bool_value
int64 integer_value
float64 double_value
string string_value
byte[] byte_array_value
bool[] bool_array_value
int64[] integer_array_value
float64[] double_array_value
string[] string_array_value
)"},
    // The head of every service event (service introspection, Iron and later; ServiceEventSchema).
    {"service_msgs/ServiceEventInfo", R"(uint8 REQUEST_SENT = 0
uint8 REQUEST_RECEIVED = 1
uint8 RESPONSE_SENT = 2
uint8 RESPONSE_RECEIVED = 3
uint8 event_type               # one of the constants above
builtin_interfaces/Time stamp  # when the event happened
char[16] client_gid            # the client's id, unique within the session
int64 sequence_number          # with client_gid: the request this event belongs to
)"},
};

const BuiltinBody *findBody(std::string_view normalised) {
    for (const BuiltinBody &entry : kBodies) {
        if (entry.name == normalised) return &entry;
    }
    return nullptr;
}

/// Sorted complex types a body refers to (the built-in bodies always parse).
std::set<std::string> dependenciesOf(std::string_view body, std::string_view package) {
    std::set<std::string> deps;
    auto fields = parseMsgFields(body, package);
    if (!fields.ok()) return deps;
    for (const MsgField &field : *fields) {
        if (field.primitive == MsgPrimitive::Complex) deps.insert(field.type_name);
    }
    return deps;
}

}  // namespace

void appendBuiltinDependencies(std::string_view body, std::string_view package, std::set<std::string> &seen,
                               std::string &text) {
    for (const std::string &dep : dependenciesOf(body, package)) {
        if (!seen.insert(dep).second) continue;
        const BuiltinBody *entry = findBody(dep);
        if (entry == nullptr) continue;
        if (!text.empty() && text.back() != '\n') text += '\n';
        text += std::string(80, '=') + "\nMSG: " + dep + "\n";
        text += entry->body;
        appendBuiltinDependencies(entry->body, packageOf(entry->name), seen, text);
    }
}

namespace {

const std::map<std::string, std::string, std::less<>> &schemaTexts() {
    static const std::map<std::string, std::string, std::less<>> texts = [] {
        std::map<std::string, std::string, std::less<>> out;
        for (const BuiltinBody &entry : kBodies) {
            std::string text(entry.body);
            std::set<std::string> seen{std::string(entry.name)};
            appendBuiltinDependencies(entry.body, packageOf(entry.name), seen, text);
            out.emplace(std::string(entry.name), std::move(text));
        }
        return out;
    }();
    return texts;
}

}  // namespace

std::optional<std::string_view> builtinMsgBody(std::string_view type_name) {
    const BuiltinBody *entry = findBody(normaliseTypeName(type_name));
    if (entry == nullptr) return std::nullopt;
    return entry->body;
}

std::string_view builtinSchemaText(std::string_view type_name) {
    const auto &texts = schemaTexts();
    auto it = texts.find(normaliseTypeName(type_name));
    return it == texts.end() ? std::string_view{} : std::string_view(it->second);
}

}  // namespace robometrics::msgs
