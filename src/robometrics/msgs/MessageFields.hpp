#pragma once
// The field list of every message struct, written once and walked by every visitor (decode,
// encode, minimum wire size). `describe(v, msg)` calls `v("name", msg.field)` for each field in
// .msg order; `msg` may be const (encoding) or not (decoding). A message without fields calls
// `v.emptyStruct()` instead: CDR writes one dummy byte for it.

#include <concepts>
#include <type_traits>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::msgs {

#define ROBOMETRICS_DESCRIBE(Type)                      \
    template <class V, class M>                         \
    requires std::same_as<std::remove_const_t<M>, Type> \
    void describe(V &v, M &m)

ROBOMETRICS_DESCRIBE(Time) {
    v("sec", m.sec);
    v("nanosec", m.nanosec);
}

ROBOMETRICS_DESCRIBE(Header) {
    v("stamp", m.stamp);
    v("frame_id", m.frame_id);
}

ROBOMETRICS_DESCRIBE(String) { v("data", m.data); }

ROBOMETRICS_DESCRIBE(Empty) {
    (void)m;
    v.emptyStruct();
}

ROBOMETRICS_DESCRIBE(MultiArrayDimension) {
    v("label", m.label);
    v("size", m.size);
    v("stride", m.stride);
}

ROBOMETRICS_DESCRIBE(MultiArrayLayout) {
    v("dim", m.dim);
    v("data_offset", m.data_offset);
}

ROBOMETRICS_DESCRIBE(Float32MultiArray) {
    v("layout", m.layout);
    v("data", m.data);
}

ROBOMETRICS_DESCRIBE(Point) {
    v("x", m.x);
    v("y", m.y);
    v("z", m.z);
}

ROBOMETRICS_DESCRIBE(Vector3) {
    v("x", m.x);
    v("y", m.y);
    v("z", m.z);
}

ROBOMETRICS_DESCRIBE(Quaternion) {
    v("x", m.x);
    v("y", m.y);
    v("z", m.z);
    v("w", m.w);
}

ROBOMETRICS_DESCRIBE(Pose) {
    v("position", m.position);
    v("orientation", m.orientation);
}

ROBOMETRICS_DESCRIBE(PoseStamped) {
    v("header", m.header);
    v("pose", m.pose);
}

ROBOMETRICS_DESCRIBE(PoseArray) {
    v("header", m.header);
    v("poses", m.poses);
}

ROBOMETRICS_DESCRIBE(PoseWithCovariance) {
    v("pose", m.pose);
    v("covariance", m.covariance);
}

ROBOMETRICS_DESCRIBE(PoseWithCovarianceStamped) {
    v("header", m.header);
    v("pose", m.pose);
}

ROBOMETRICS_DESCRIBE(Twist) {
    v("linear", m.linear);
    v("angular", m.angular);
}

ROBOMETRICS_DESCRIBE(TwistStamped) {
    v("header", m.header);
    v("twist", m.twist);
}

ROBOMETRICS_DESCRIBE(TwistWithCovariance) {
    v("twist", m.twist);
    v("covariance", m.covariance);
}

ROBOMETRICS_DESCRIBE(Transform) {
    v("translation", m.translation);
    v("rotation", m.rotation);
}

ROBOMETRICS_DESCRIBE(TransformStamped) {
    v("header", m.header);
    v("child_frame_id", m.child_frame_id);
    v("transform", m.transform);
}

ROBOMETRICS_DESCRIBE(LaserScan) {
    v("header", m.header);
    v("angle_min", m.angle_min);
    v("angle_max", m.angle_max);
    v("angle_increment", m.angle_increment);
    v("time_increment", m.time_increment);
    v("scan_time", m.scan_time);
    v("range_min", m.range_min);
    v("range_max", m.range_max);
    v("ranges", m.ranges);
    v("intensities", m.intensities);
}

ROBOMETRICS_DESCRIBE(Imu) {
    v("header", m.header);
    v("orientation", m.orientation);
    v("orientation_covariance", m.orientation_covariance);
    v("angular_velocity", m.angular_velocity);
    v("angular_velocity_covariance", m.angular_velocity_covariance);
    v("linear_acceleration", m.linear_acceleration);
    v("linear_acceleration_covariance", m.linear_acceleration_covariance);
}

ROBOMETRICS_DESCRIBE(PointField) {
    v("name", m.name);
    v("offset", m.offset);
    v("datatype", m.datatype);
    v("count", m.count);
}

ROBOMETRICS_DESCRIBE(PointCloud2) {
    v("header", m.header);
    v("height", m.height);
    v("width", m.width);
    v("fields", m.fields);
    v("is_bigendian", m.is_bigendian);
    v("point_step", m.point_step);
    v("row_step", m.row_step);
    v("data", m.data);
    v("is_dense", m.is_dense);
}

ROBOMETRICS_DESCRIBE(Image) {
    v("header", m.header);
    v("height", m.height);
    v("width", m.width);
    v("encoding", m.encoding);
    v("is_bigendian", m.is_bigendian);
    v("step", m.step);
    v("data", m.data);
}

ROBOMETRICS_DESCRIBE(CompressedImage) {
    v("header", m.header);
    v("format", m.format);
    v("data", m.data);
}

ROBOMETRICS_DESCRIBE(Odometry) {
    v("header", m.header);
    v("child_frame_id", m.child_frame_id);
    v("pose", m.pose);
    v("twist", m.twist);
}

ROBOMETRICS_DESCRIBE(MapMetaData) {
    v("map_load_time", m.map_load_time);
    v("resolution", m.resolution);
    v("width", m.width);
    v("height", m.height);
    v("origin", m.origin);
}

ROBOMETRICS_DESCRIBE(OccupancyGrid) {
    v("header", m.header);
    v("info", m.info);
    v("data", m.data);
}

ROBOMETRICS_DESCRIBE(Path) {
    v("header", m.header);
    v("poses", m.poses);
}

ROBOMETRICS_DESCRIBE(Clock) { v("clock", m.clock); }

ROBOMETRICS_DESCRIBE(UUID) { v("uuid", m.uuid); }

ROBOMETRICS_DESCRIBE(GoalInfo) {
    v("goal_id", m.goal_id);
    v("stamp", m.stamp);
}

ROBOMETRICS_DESCRIBE(GoalStatus) {
    v("goal_info", m.goal_info);
    v("status", m.status);
}

ROBOMETRICS_DESCRIBE(GoalStatusArray) { v("status_list", m.status_list); }

ROBOMETRICS_DESCRIBE(TFMessage) { v("transforms", m.transforms); }

ROBOMETRICS_DESCRIBE(GridMapInfo) {
    v("resolution", m.resolution);
    v("length_x", m.length_x);
    v("length_y", m.length_y);
    v("pose", m.pose);
}

ROBOMETRICS_DESCRIBE(GridMap) {
    v("header", m.header);
    v("info", m.info);
    v("layers", m.layers);
    v("basic_layers", m.basic_layers);
    v("data", m.data);
    v("outer_start_index", m.outer_start_index);
    v("inner_start_index", m.inner_start_index);
}

ROBOMETRICS_DESCRIBE(StatisticDataPoint) {
    v("data_type", m.data_type);
    v("data", m.data);
}

ROBOMETRICS_DESCRIBE(MetricsMessage) {
    v("measurement_source_name", m.measurement_source_name);
    v("metrics_source", m.metrics_source);
    v("unit", m.unit);
    v("window_start", m.window_start);
    v("window_stop", m.window_stop);
    v("statistics", m.statistics);
}

ROBOMETRICS_DESCRIBE(KeyValue) {
    v("key", m.key);
    v("value", m.value);
}

ROBOMETRICS_DESCRIBE(DiagnosticStatus) {
    v("level", m.level);
    v("name", m.name);
    v("message", m.message);
    v("hardware_id", m.hardware_id);
    v("values", m.values);
}

ROBOMETRICS_DESCRIBE(DiagnosticArray) {
    v("header", m.header);
    v("status", m.status);
}

#undef ROBOMETRICS_DESCRIBE

}  // namespace robometrics::msgs
