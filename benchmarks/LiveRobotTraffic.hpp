#pragma once
// A typical ground robot's topics, published over DDS the way its drivers would (rt/ names, ROS
// type names, reliable writers), for the live-node benchmark (LiveNodesBench.cpp) and its smoke
// test. Rates, on a 5 ms base tick:
//   /imu/data 200 Hz, /tf 100 Hz (odom -> base_link), /odometry/wheels 50 Hz,
//   /rover/pose_array 50 Hz (the traversal node's distance input, the seed's 0.02 s timer),
//   /scan 10 Hz (360 beams), /groundgrid/filtered_cloud 10 Hz (30 000 points, x y z intensity),
//   /groundgrid/grid_map 10 Hz (GroundGrid's 20 m map at 0.3 m, as the seed's fork runs it),
//   /tf_static once (base_link -> lidar, latched).
// The robot drives a 5 m circle at 0.5 m/s. Every sample's stamp and DDS source timestamp is the
// simulated time of its tick, so a run can go at the real pace or as fast as the nodes keep up.

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/live/RosNames.hpp"
#include "robometrics/live/Transport.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/sim/GroundGridMap.hpp"

namespace robometrics::benchsupport {

class RobotTraffic {
public:
    static constexpr TimeNs kTickNs = 5'000'000;  ///< 200 Hz, the fastest topic
    static constexpr int kCloudPoints = 30'000;
    static constexpr int kScanBeams = 360;

    /// One topic: its writer and how many samples were written.
    struct Topic {
        std::string name;
        std::unique_ptr<live::Writer> writer;
        std::uint64_t written = 0;
    };

    /// `depth`, `large_depth`: the writers' KEEP_LAST depth for small messages and for the cloud
    /// and the map (reliable writers repair a lost datagram only from what their history keeps).
    RobotTraffic(live::Transport &transport, int depth, int large_depth) {
        live::Qos qos = live::Qos::rosDefault(), large = qos;
        qos.depth = depth;
        large.depth = large_depth;
        add<msgs::Imu>(transport, "/imu/data", qos);
        add<msgs::TFMessage>(transport, "/tf", qos);
        add<msgs::Odometry>(transport, "/odometry/wheels", qos);
        add<msgs::PoseArray>(transport, "/rover/pose_array", qos);
        add<msgs::LaserScan>(transport, "/scan", qos);
        add<msgs::PointCloud2>(transport, "/groundgrid/filtered_cloud", large);
        add<msgs::GridMap>(transport, "/groundgrid/grid_map", large);
        add<msgs::TFMessage>(transport, "/tf_static", live::Qos::latched());
        buildCloud();
    }

    std::vector<Topic> &topics() { return topics_; }
    const std::string &error() const { return error_; }
    /// Tick 0's simulated time (ns since the epoch); set before the first tick.
    void start(TimeNs t) { start_ = t; }
    TimeNs simTime(std::int64_t tick) const { return start_ + tick * kTickNs; }
    std::uint64_t mapsWritten() const { return topics_[6].written; }

    /// Every topic's writer has matched at least `readers[name]` readers (missing names: 0).
    template <class Map>
    bool matched(const Map &readers) const {
        for (const Topic &t : topics_) {
            auto it = readers.find(t.name);
            if (t.writer && it != readers.end() && t.writer->matched() < it->second) return false;
        }
        return true;
    }

    /// Writes every sample due at `tick`; false (with error()) when a write fails.
    bool publishTick(std::int64_t tick) {
        const TimeNs t = simTime(tick);
        const double s = static_cast<double>(tick * kTickNs) * 1e-9;
        pose_ = poseAt(s);
        if (tick == 0) write(7, staticTf(t), t);
        write(0, imu(t, s), t);
        if (tick % 2 == 0) write(1, tf(t), t);
        if (tick % 4 == 0) write(2, odometry(t), t);
        if (tick % 4 == 0) write(3, poseArray(t), t);
        if (tick % 20 == 0) write(4, scan(t, tick / 20), t);
        if (tick % 20 == 0) write(5, cloud(t), t);
        if (tick % 20 == 0) write(6, gridMap(t), t);
        return error_.empty();
    }

    /// Waits until every reliable reader has acknowledged every sample written.
    bool acknowledged(std::chrono::milliseconds timeout) {
        for (Topic &t : topics_) {
            if (t.writer && !t.writer->waitForAcknowledgments(timeout)) return false;
        }
        return true;
    }

private:
    struct Pose2 {
        double x = 0, y = 0, yaw = 0;
    };
    static constexpr double kRadius = 5.0, kOmega = 0.1;  // 0.5 m/s

    template <class T>
    void add(live::Transport &transport, const std::string &name, const live::Qos &qos) {
        Topic topic{name, nullptr, 0};
        auto w = transport.createWriter(live::ddsTopicName(name), live::ddsTypeName(msgs::TypeInfo<T>::name), qos);
        if (w) {
            topic.writer = std::move(*w);
        } else if (error_.empty()) {
            error_ = name + ": " + w.message();
        }
        topics_.push_back(std::move(topic));
    }

    template <class T>
    void write(std::size_t index, const T &msg, TimeNs t) {
        Topic &topic = topics_[index];
        if (!topic.writer) return;
        msgs::encodeCdr(msg, buffer_);
        Status s = topic.writer->write(buffer_, t);
        if (!s.ok() && error_.empty()) error_ = topic.name + ": " + s.message();
        ++topic.written;
    }

    static Pose2 poseAt(double s) {
        const double a = kOmega * s;
        return {kRadius * std::cos(a), kRadius * std::sin(a), a + M_PI / 2};
    }
    static msgs::Quaternion yawQuaternion(double yaw) { return {0, 0, std::sin(yaw / 2), std::cos(yaw / 2)}; }
    static msgs::Header header(TimeNs t, const char *frame) { return {msgs::Time::fromNs(t), frame}; }

    msgs::Imu imu(TimeNs t, double s) const {
        msgs::Imu m;
        m.header = header(t, "imu_link");
        m.orientation = yawQuaternion(pose_.yaw);
        m.angular_velocity = {0.002 * std::sin(40 * s), 0.002 * std::cos(37 * s), kOmega};
        m.linear_acceleration = {0.05 * std::sin(31 * s), kRadius * kOmega * kOmega, 9.81 + 0.2 * std::sin(29 * s)};
        return m;
    }
    msgs::TFMessage tf(TimeNs t) const {
        msgs::TransformStamped ts;
        ts.header = header(t, "odom");
        ts.child_frame_id = "base_link";
        ts.transform.translation = {pose_.x, pose_.y, 0};
        ts.transform.rotation = yawQuaternion(pose_.yaw);
        return {{ts}};
    }
    static msgs::TFMessage staticTf(TimeNs t) {
        msgs::TransformStamped ts;
        ts.header = header(t, "base_link");
        ts.child_frame_id = "lidar";
        ts.transform.translation = {0.1, 0, 0.5};
        return {{ts}};
    }
    msgs::Odometry odometry(TimeNs t) const {
        msgs::Odometry m;
        m.header = header(t, "odom");
        m.child_frame_id = "base_link";
        m.pose.pose.position = {pose_.x, pose_.y, 0};
        m.pose.pose.orientation = yawQuaternion(pose_.yaw);
        m.twist.twist.linear = {kRadius * kOmega, 0, 0};
        m.twist.twist.angular = {0, 0, kOmega};
        return m;
    }
    msgs::PoseArray poseArray(TimeNs t) const {
        msgs::PoseArray m;
        m.header = header(t, "world");
        m.poses.push_back({{pose_.x, pose_.y, 0}, yawQuaternion(pose_.yaw)});
        return m;
    }
    static msgs::LaserScan scan(TimeNs t, std::int64_t n) {
        msgs::LaserScan m;
        m.header = header(t, "laser");
        m.angle_min = static_cast<float>(-M_PI);
        m.angle_max = static_cast<float>(M_PI);
        m.angle_increment = static_cast<float>(2 * M_PI / kScanBeams);
        m.scan_time = 0.1f;
        m.range_min = 0.1f;
        m.range_max = 30.0f;
        m.ranges.resize(kScanBeams);
        for (int k = 0; k < kScanBeams; ++k) m.ranges[k] = 1.5f + static_cast<float>((k * 7 + n) % 80) * 0.1f;
        return m;
    }
    /// 30 000 points in the lidar frame, half ground (intensity 49) on rings, half obstacles (99).
    void buildCloud() {
        cloud_.header.frame_id = "lidar";
        cloud_.height = 1;
        cloud_.width = kCloudPoints;
        for (std::uint32_t i = 0; i < 4; ++i) {
            cloud_.fields.push_back({std::string(1, "xyzi"[i]), 4 * i, msgs::PointField::FLOAT32, 1});
        }
        cloud_.fields[3].name = "intensity";
        cloud_.point_step = 16;
        cloud_.row_step = 16 * kCloudPoints;
        cloud_.is_dense = true;
        cloud_.data.resize(cloud_.row_step);
        std::vector<float> p(4 * kCloudPoints);
        for (int i = 0; i < kCloudPoints; ++i) {
            const bool ground = i % 2 == 0;
            const double r = 1.0 + 0.3 * (i % 30), a = 2 * M_PI * ((i * 37) % 1000) / 1000.0;
            p[4 * i] = static_cast<float>(r * std::cos(a));
            p[4 * i + 1] = static_cast<float>(r * std::sin(a));
            p[4 * i + 2] = static_cast<float>(ground ? -0.5 + 0.02 * std::sin(3 * a) : 0.2 + 0.001 * (i % 500));
            p[4 * i + 3] = ground ? 49.0f : 99.0f;
            if (i % 60 < 2) {  // a few ground points shaped for the map below
                grid_points_.emplace_back(p[4 * i], p[4 * i + 1], p[4 * i + 2]);
                grid_ground_.push_back(ground);
            }
        }
        std::memcpy(cloud_.data.data(), p.data(), cloud_.data.size());
    }
    const msgs::PointCloud2 &cloud(TimeNs t) {
        cloud_.header.stamp = msgs::Time::fromNs(t);
        return cloud_;
    }
    /// GroundGrid's map around the robot, updated with a sample of the cloud's points.
    msgs::GridMap gridMap(TimeNs t) {
        const double c = std::cos(pose_.yaw), s = std::sin(pose_.yaw);
        std::vector<Eigen::Vector3d> points;
        points.reserve(grid_points_.size());
        for (const auto &q : grid_points_) {
            points.emplace_back(pose_.x + c * q.x() - s * q.y(), pose_.y + s * q.x() + c * q.y(), q.z() + 0.5);
        }
        grid_.update(points, grid_ground_, {pose_.x, pose_.y, 0});
        msgs::GridMap m = grid_.message();
        m.header.stamp = msgs::Time::fromNs(t);
        return m;
    }

    TimeNs start_ = 0;
    std::vector<Topic> topics_;
    std::string error_;
    Pose2 pose_;
    std::vector<std::uint8_t> buffer_;
    msgs::PointCloud2 cloud_;
    std::vector<Eigen::Vector3d> grid_points_;
    std::vector<bool> grid_ground_;
    sim::GroundGridMap grid_{sim::GroundGridConfig{0.3, 66}};
};

}  // namespace robometrics::benchsupport
