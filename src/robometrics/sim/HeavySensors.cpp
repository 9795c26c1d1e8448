#include "robometrics/sim/HeavySensors.hpp"

#include <algorithm>

#include "robometrics/sim/Lidar3d.hpp"
#include "robometrics/sim/StoredPng.hpp"
#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

namespace {

constexpr std::int64_t kLidarEvery = 10;  // ticks: 10 Hz
constexpr std::int64_t kCameraHz = 30;

/// The lidar sits where the rover's lidar_link already is, so one frame serves both clouds.
SpinningLidarConfig mastLidar() {
    SpinningLidarConfig config;
    config.mount_height = Lidar3dConfig{}.mount_height;
    return config;
}

}  // namespace

HeavySensors::HeavySensors(const Rng &root) : lidar_(root.fork(7), mastLidar()), camera_(root.fork(8)) {}

std::vector<SimTopic> HeavySensors::topics() const {
    return {
        {"/lidar/points", "sensor_msgs/msg/PointCloud2", 10, false, 1, "periodic"},
        {"/camera/image_raw", "sensor_msgs/msg/Image", kCameraHz, false, 1, "periodic"},
        {"/camera/image_raw/compressed", "sensor_msgs/msg/CompressedImage", kCameraHz, false, 1,
         "periodic, with each raw frame"},
    };
}

void HeavySensors::addStaticFrames(TimeNs t, std::vector<SimOutput> &out) const {
    const CameraConfig &camera = camera_.config();
    // camera_link looks along x; its optical frame has z forward, x right, y down.
    const std::vector<msgs::TransformStamped> mast = {
        transformStamped("base_link", "lidar_link", t, {0, 0, lidar_.config().mount_height}, {}),
        transformStamped("base_link", "camera_link", t, {camera.mount_x, 0, camera.mount_z}, {}),
        transformStamped("camera_link", "camera_optical_frame", t, {0, 0, 0},
                         quaternionFromRpy(-kPi / 2, 0, -kPi / 2))};
    auto robot = std::find_if(out.begin(), out.end(), [](const SimOutput &o) {
        return std::string_view(o.topic) == "/tf_static" && std::holds_alternative<msgs::TFMessage>(o.message);
    });
    if (robot == out.end()) {
        out.push_back({"/tf_static", t, true, msgs::TFMessage{mast}});
        return;
    }
    auto &frames = std::get<msgs::TFMessage>(robot->message).transforms;
    for (const msgs::TransformStamped &tf : mast) {
        const bool known = std::any_of(frames.begin(), frames.end(), [&](const msgs::TransformStamped &f) {
            return f.child_frame_id == tf.child_frame_id;
        });
        if (!known) frames.push_back(tf);
    }
}

void HeavySensors::emit(const Vehicle &vehicle, std::vector<SimOutput> &out) {
    const std::int64_t tick = vehicle.tick();
    const TimeNs t = vehicle.stamp();
    if (tick == 0) addStaticFrames(t, out);
    const World &world = vehicle.spec().world;
    if (tick % kLidarEvery == 0) {
        msgs::PointCloud2 cloud = lidar_.scan(world, vehicle.body());
        cloud.header.stamp = msgs::Time::fromNs(t);
        out.push_back({"/lidar/points", t, false, std::move(cloud)});
    }
    // 30 Hz is off the 10 ms grid: the frame is stamped at its exact instant within the tick.
    if (const TimeNs offset = dueInTick(tick, kCameraHz); offset >= 0) {
        const TimeNs at = vehicle.simStart() + offset;
        msgs::Image frame = camera_.render(world, vehicle.body());
        frame.header.stamp = msgs::Time::fromNs(at);
        const msgs::Image half = CameraModel::halfSize(frame);
        msgs::CompressedImage png;
        png.header = frame.header;
        png.format = "png";
        png.data = encodeStoredPng(half.width, half.height, 3, half.data);
        out.push_back({"/camera/image_raw", at, false, std::move(frame)});
        out.push_back({"/camera/image_raw/compressed", at, false, std::move(png)});
    }
}

}  // namespace robometrics::sim
