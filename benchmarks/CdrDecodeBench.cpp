// CDR decode throughput of the typed codec and the dynamic (schema-driven JSON) decoder, next to
// a memcpy of the same bytes as the baseline measured in the same run. Compare the MB/s columns:
// typed / memcpy and dynamic / memcpy are the figures worth reporting.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace {

using namespace robometrics::msgs;

LaserScan makeScan() {
    LaserScan scan;
    scan.header.frame_id = "base_scan";
    scan.angle_min = -2.35F;
    scan.angle_max = 2.35F;
    scan.angle_increment = 4.7F / 1080;
    scan.range_max = 30.0F;
    for (int i = 0; i < 1080; ++i) {
        scan.ranges.push_back(1.0F + 0.01F * static_cast<float>(i % 400));
        scan.intensities.push_back(static_cast<float>(i % 255));
    }
    return scan;
}

Imu makeImu() {
    Imu imu;
    imu.header.frame_id = "imu_link";
    imu.angular_velocity = Vector3{0.0, 0.0, 0.1};
    imu.linear_acceleration = Vector3{0.0, 0.0, 9.81};
    return imu;
}

// Messages made mostly of small structs of doubles (a pose, a quaternion, a vector), which decode
// with one copy per struct (msgs::detail::FlatProbe).
Odometry makeOdometry() {
    Odometry odom;
    odom.header.frame_id = "odom";
    odom.child_frame_id = "base_link";
    odom.pose.pose.position = Point{1.5, -2.25, 0.0};
    odom.pose.pose.orientation = Quaternion{0.0, 0.0, 0.38268343236508978, 0.92387953251128674};
    odom.twist.twist.linear = Vector3{0.4, 0.0, 0.0};
    return odom;
}

TFMessage makeTf() {
    TFMessage tf;
    for (const char *child : {"odom", "base_link"}) {
        TransformStamped t;
        t.header.frame_id = tf.transforms.empty() ? "map" : "odom";
        t.child_frame_id = child;
        t.transform.translation = Vector3{0.1, 0.2, 0.0};
        t.transform.rotation = Quaternion{0.0, 0.0, 0.0, 1.0};
        tf.transforms.push_back(t);
    }
    return tf;
}

PoseArray makePoseArray() {
    PoseArray poses;
    poses.header.frame_id = "map";
    poses.poses.resize(100);  // an AMCL particle cloud, thinned
    for (std::size_t i = 0; i < poses.poses.size(); ++i) poses.poses[i].position.x = static_cast<double>(i);
    return poses;
}

PointCloud2 makeCloud() {
    PointCloud2 cloud;
    cloud.header.frame_id = "lidar";
    cloud.height = 1;
    cloud.width = 10000;
    for (const char *name : {"x", "y", "z", "intensity"}) {
        cloud.fields.push_back(
            PointField{name, static_cast<std::uint32_t>(4 * cloud.fields.size()), PointField::FLOAT32, 1});
    }
    cloud.point_step = 16;
    cloud.row_step = cloud.point_step * cloud.width;
    cloud.data.resize(cloud.row_step);
    for (std::size_t i = 0; i < cloud.data.size(); ++i) cloud.data[i] = static_cast<std::uint8_t>(i * 7);
    cloud.is_dense = true;
    return cloud;
}

OccupancyGrid makeGrid() {
    OccupancyGrid grid;
    grid.header.frame_id = "map";
    grid.info.resolution = 0.05F;
    grid.info.width = 1000;
    grid.info.height = 1000;
    grid.data.resize(1000 * 1000);
    for (std::size_t i = 0; i < grid.data.size(); ++i)
        grid.data[i] = static_cast<std::int8_t>(i % 3 == 0 ? -1 : i % 101);
    return grid;
}

template <class T>
const std::vector<std::uint8_t> &payload() {
    static const std::vector<std::uint8_t> bytes = [] {
        if constexpr (std::is_same_v<T, LaserScan>) return encodeCdr(makeScan());
        if constexpr (std::is_same_v<T, Imu>) return encodeCdr(makeImu());
        if constexpr (std::is_same_v<T, PointCloud2>) return encodeCdr(makeCloud());
        if constexpr (std::is_same_v<T, OccupancyGrid>) return encodeCdr(makeGrid());
        if constexpr (std::is_same_v<T, Odometry>) return encodeCdr(makeOdometry());
        if constexpr (std::is_same_v<T, TFMessage>) return encodeCdr(makeTf());
        if constexpr (std::is_same_v<T, PoseArray>) return encodeCdr(makePoseArray());
    }();
    return bytes;
}

void setThroughput(benchmark::State &state, std::size_t bytes) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

template <class T>
void BM_Memcpy(benchmark::State &state) {
    const auto &bytes = payload<T>();
    std::vector<std::uint8_t> copy(bytes.size());
    for (auto _ : state) {
        std::memcpy(copy.data(), bytes.data(), bytes.size());
        benchmark::DoNotOptimize(copy.data());
        benchmark::ClobberMemory();
    }
    setThroughput(state, bytes.size());
}

template <class T>
void BM_TypedDecode(benchmark::State &state) {
    const auto &bytes = payload<T>();
    T out;
    for (auto _ : state) {
        auto status = decodeCdr(bytes, out);
        benchmark::DoNotOptimize(status);
        benchmark::DoNotOptimize(out);
    }
    setThroughput(state, bytes.size());
}

template <class T>
void BM_DynamicDecode(benchmark::State &state) {
    const auto &bytes = payload<T>();
    auto decoder = DynamicDecoder::create(std::string(TypeInfo<T>::name), "");
    if (!decoder.ok()) {
        state.SkipWithError(decoder.message().c_str());
        return;
    }
    for (auto _ : state) {
        auto json = decoder->decode(bytes);
        benchmark::DoNotOptimize(json);
    }
    setThroughput(state, bytes.size());
}

/// Encoding the decoded message again into a kept buffer, as TypedWriter writes every message of
/// `simulate`, `convert` and evaluation.mcap.
template <class T>
void BM_TypedEncode(benchmark::State &state) {
    const auto &bytes = payload<T>();
    T message;
    if (!decodeCdr(bytes, message).ok()) {
        state.SkipWithError("the payload does not decode");
        return;
    }
    std::vector<std::uint8_t> out;
    for (auto _ : state) {
        encodeCdr(message, out);
        benchmark::DoNotOptimize(out.data());
    }
    if (out != bytes) state.SkipWithError("encoding differs from the payload");
    setThroughput(state, bytes.size());
}

#define ROBOMETRICS_CDR_BENCH(Type)           \
    BENCHMARK_TEMPLATE(BM_Memcpy, Type);      \
    BENCHMARK_TEMPLATE(BM_TypedDecode, Type); \
    BENCHMARK_TEMPLATE(BM_TypedEncode, Type); \
    BENCHMARK_TEMPLATE(BM_DynamicDecode, Type)->Unit(benchmark::kMicrosecond);
ROBOMETRICS_CDR_BENCH(LaserScan)
ROBOMETRICS_CDR_BENCH(Imu)
ROBOMETRICS_CDR_BENCH(PointCloud2)
ROBOMETRICS_CDR_BENCH(OccupancyGrid)
ROBOMETRICS_CDR_BENCH(Odometry)
ROBOMETRICS_CDR_BENCH(TFMessage)
ROBOMETRICS_CDR_BENCH(PoseArray)
#undef ROBOMETRICS_CDR_BENCH

}  // namespace

BENCHMARK_MAIN();
