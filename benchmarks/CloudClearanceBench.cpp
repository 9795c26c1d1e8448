// Point clouds per second through traversal::CloudClearance (what `evaluate` runs on every cloud
// of a 3-D range sensor), against baselines measured in the same run. The input is one organized
// cloud laid out as the Ouster ROS 2 driver publishes an OS1-128 (128 rows of 1024 points, 48
// bytes a point: x, y, z, intensity, t, reflectivity, ring, ambient, range; 131 072 points,
// 6.3 MB), a rover's surroundings: walls 2-12 m away, the ground below the band, 5 % no returns.
//   SumX        a plain pass reading each point's x and summing it (the baseline: touching the bytes)
//   DecodeCloud msgs::decodeCdr of the cloud (what the pipeline pays for every cloud anyway)
//   CopyCloud   a copy of the decoded cloud (what a cloud placed through /tf pays to wait for its
//               sample in evaluate::CloudSensors; one fixed to the robot is not copied)
//   Circle      the clearance of the default 0.1 m circle
//   Polygon     the clearance of a 4-vertex footprint (the distance to the polygon only for
//               points that may beat the nearest so far)
// Each carries `x_sumx`, its clouds/s divided by SumX's; a lidar at 10-20 Hz needs 20 clouds/s.
// Rates use process CPU time so that other load on a shared machine does not distort the ratios.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <string>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/traversal/CloudClearance.hpp"

namespace {

using namespace robometrics;

constexpr std::uint32_t kRows = 128, kColumns = 1024, kStep = 48;

msgs::PointCloud2 ousterCloud() {
    using F = msgs::PointField;
    msgs::PointCloud2 c;
    c.header.frame_id = "os_sensor";
    c.height = kRows;
    c.width = kColumns;
    c.point_step = kStep;
    c.row_step = kStep * kColumns;
    c.fields = {{"x", 0, F::FLOAT32, 1},          {"y", 4, F::FLOAT32, 1},       {"z", 8, F::FLOAT32, 1},
                {"intensity", 16, F::FLOAT32, 1}, {"t", 20, F::UINT32, 1},       {"reflectivity", 24, F::UINT16, 1},
                {"ring", 26, F::UINT16, 1},       {"ambient", 28, F::UINT16, 1}, {"range", 32, F::UINT32, 1}};
    c.data.assign(std::size_t{c.row_step} * kRows, 0);
    for (std::uint32_t row = 0; row < kRows; ++row) {
        const double elevation = (22.5 - 45.0 * row / (kRows - 1)) * M_PI / 180;
        for (std::uint32_t col = 0; col < kColumns; ++col) {
            const double azimuth = 2 * M_PI * col / kColumns;
            // A wall 2-12 m away, cut short by the ground 0.6 m below the sensor.
            double range = 7 + 5 * std::sin(3 * azimuth);
            if (elevation < 0) range = std::min(range, 0.6 / std::sin(-elevation));
            float xyz[3] = {static_cast<float>(range * std::cos(elevation) * std::cos(azimuth)),
                            static_cast<float>(range * std::cos(elevation) * std::sin(azimuth)),
                            static_cast<float>(range * std::sin(elevation))};
            if ((row * 31 + col * 7) % 20 == 0) xyz[0] = xyz[1] = xyz[2] = 0;  // no return
            std::memcpy(c.data.data() + row * c.row_step + col * kStep, xyz, sizeof xyz);
        }
    }
    return c;
}

const msgs::PointCloud2 &cloud() {
    static const msgs::PointCloud2 c = ousterCloud();
    return c;
}

Eigen::Isometry3d mast() {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.translation() = Eigen::Vector3d(0.1, 0, 0.6);
    return t;
}

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::map<std::string, double> g_rates;  // clouds per CPU second, by benchmark

void record(benchmark::State &state, const std::string &name, double cpu_s, std::uint64_t clouds) {
    state.SetItemsProcessed(static_cast<std::int64_t>(clouds) * kRows * kColumns);
    const double rate = cpu_s > 0 ? static_cast<double>(clouds) / cpu_s : 0.0;
    g_rates[name] = rate;
    state.counters["clouds_per_s"] = rate;
    auto base = g_rates.find("SumX");
    if (name != "SumX" && base != g_rates.end() && base->second > 0) state.counters["x_sumx"] = rate / base->second;
}

void SumX(benchmark::State &state) {
    const msgs::PointCloud2 &c = cloud();
    std::uint64_t clouds = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        double sum = 0;
        for (std::size_t at = 0; at + kStep <= c.data.size(); at += kStep) {
            float x;
            std::memcpy(&x, c.data.data() + at, sizeof x);
            sum += x;
        }
        benchmark::DoNotOptimize(sum);
        ++clouds;
    }
    record(state, "SumX", cpuSeconds() - start, clouds);
}

void DecodeCloud(benchmark::State &state) {
    const std::vector<std::uint8_t> bytes = msgs::encodeCdr(cloud());
    msgs::PointCloud2 decoded;
    std::uint64_t clouds = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        if (!msgs::decodeCdr(bytes, decoded).ok()) state.SkipWithError("decode failed");
        benchmark::DoNotOptimize(decoded.data.data());
        ++clouds;
    }
    record(state, "DecodeCloud", cpuSeconds() - start, clouds);
}

void CopyCloud(benchmark::State &state) {
    const msgs::PointCloud2 &c = cloud();
    std::uint64_t clouds = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto copy = std::make_shared<msgs::PointCloud2>(c);
        benchmark::DoNotOptimize(copy->data.data());
        ++clouds;
    }
    record(state, "CopyCloud", cpuSeconds() - start, clouds);
}

void clearanceOf(benchmark::State &state, const char *name, const traversal::CloudFootprint &shape) {
    const msgs::PointCloud2 &c = cloud();
    const Eigen::Isometry3d base_T_sensor = mast();
    std::uint64_t clouds = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto result = traversal::cloudClearance(c, base_T_sensor, shape);
        if (!result || !result->clearance) state.SkipWithError("no clearance");
        benchmark::DoNotOptimize(result->clearance);
        ++clouds;
    }
    record(state, name, cpuSeconds() - start, clouds);
}

void Circle(benchmark::State &state) { clearanceOf(state, "Circle", traversal::CloudFootprint{}); }

void Polygon(benchmark::State &state) {
    traversal::CloudFootprint shape;
    shape.footprint = {{0.5, 0.35}, {0.5, -0.35}, {-0.5, -0.35}, {-0.5, 0.35}};
    clearanceOf(state, "Polygon", shape);
}

// Registration order is run order: SumX first, so the others can state their ratio to it.
BENCHMARK(SumX)->Unit(benchmark::kMicrosecond);
BENCHMARK(DecodeCloud)->Unit(benchmark::kMicrosecond);
BENCHMARK(CopyCloud)->Unit(benchmark::kMicrosecond);
BENCHMARK(Circle)->Unit(benchmark::kMicrosecond);
BENCHMARK(Polygon)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    std::printf("cloud: %u x %u points of %u bytes (an OS1-128 frame)\n", kRows, kColumns, kStep);
    benchmark::RunSpecifiedBenchmarks();
    const double base = g_rates.count("SumX") ? g_rates["SumX"] : 0.0;
    std::printf("\n%-12s %12s %10s\n", "benchmark", "clouds/s", "vs SumX");
    for (const char *name : {"SumX", "DecodeCloud", "CopyCloud", "Circle", "Polygon"}) {
        auto it = g_rates.find(name);
        if (it == g_rates.end()) continue;
        std::printf("%-12s %12.1f %9.3fx\n", name, it->second, base > 0 ? it->second / base : 0.0);
    }
    benchmark::Shutdown();
    return 0;
}
