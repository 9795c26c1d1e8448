// Messages per second through traversal::TraversalMetrics, next to the cost of decoding the same
// messages, measured in the same run. The input is a synthetic rover mix, pre-encoded once:
// LaserScan (1080 ranges) at 10 Hz, Imu at 100 Hz, PoseArray at 20 Hz, Odometry at 50 Hz, ten
// seconds of it (1800 messages) in time order, replayed with the clock moving on each pass.
//   Decode         msgs::decodeCdr of every message (the baseline: what the pipeline pays anyway)
//   Analyze        the already-decoded messages through onScan/onImu/onPose/onOdometry
//   DecodeAnalyze  both, as the `traversal` command does per message after reading the bag
//   CsvRows        an hour of the CSV's rows formatted (TraversalCsv::row), apart from the rest
//   DecodeScans    msgs::decodeCdr of the mix's scans only (the baseline of the next)
//   ScanCollisions the decoded scans through traversal::ScanCollisions, which `evaluate` runs
//                  once per LaserScan topic beside the metrics; `x_decode` against DecodeScans
// Each later benchmark carries a counter `x_decode` = its messages/s divided by Decode's: above 1
// means the analyzer is faster than decoding, so it is not the bottleneck. Rates use process CPU
// time so that other load on a shared machine does not distort the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/traversal/ScanCollisions.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace {

using namespace robometrics;

constexpr TimeNs kSpan = 10 * kNsPerSecond;  // one pass over the recorded sequence
constexpr TimeNs kStart = 1'700'000'000'000'000'000;

enum class Kind { Scan, Imu, Pose, Odometry };

struct Encoded {
    Kind kind;
    TimeNs t;  // offset from the start of the pass
    std::vector<std::uint8_t> bytes;
};

using Decoded = std::variant<msgs::LaserScan, msgs::Imu, msgs::PoseArray, msgs::Odometry>;

msgs::LaserScan makeScan(int i) {
    msgs::LaserScan scan;
    scan.header.frame_id = "laser";
    scan.angle_min = -2.35F;
    scan.angle_max = 2.35F;
    scan.angle_increment = 4.7F / 1080;
    scan.range_min = 0.1F;
    scan.range_max = 30.0F;
    for (int k = 0; k < 1080; ++k) {
        // A corridor drifting past, with a close obstacle now and then and a few invalid returns.
        float r = 2.0F + 1.5F * std::sin(0.01F * static_cast<float>(k + 7 * i));
        if ((k + i) % 97 == 0) r = 0.15F;
        if (k % 211 == 0) r = INFINITY;
        scan.ranges.push_back(r);
        scan.intensities.push_back(static_cast<float>((k * 31 + i) % 200));
    }
    return scan;
}

msgs::Imu makeImu(int i) {
    msgs::Imu imu;
    imu.header.frame_id = "imu_link";
    imu.orientation.w = 1.0;
    imu.angular_velocity = msgs::Vector3{0.02 * std::sin(i * 0.1), 0.01, 0.1};
    // Gravity plus bumps; every 40th reading is rough.
    imu.linear_acceleration = msgs::Vector3{0.3 * std::cos(i * 0.05), 0.1, 9.81 + (i % 40 == 0 ? 8.0 : 0.2)};
    return imu;
}

msgs::PoseArray makePoses(int i) {
    msgs::PoseArray poses;
    poses.header.frame_id = "map";
    msgs::Pose pose;
    pose.position = msgs::Point{0.05 * i, 0.01 * i, 0.0};
    pose.orientation.w = 1.0;
    poses.poses.push_back(pose);
    return poses;
}

msgs::Odometry makeOdometry(int i) {
    msgs::Odometry odom;
    odom.header.frame_id = "odom";
    odom.child_frame_id = "base_link";
    odom.pose.pose.position = msgs::Point{0.02 * i, 0.0, 0.0};
    odom.pose.pose.orientation.w = 1.0;
    odom.twist.twist.linear = msgs::Vector3{1.0 + 0.1 * std::sin(i * 0.2), 0.0, 0.0};
    return odom;
}

template <class T>
void addStream(std::vector<Encoded> &out, Kind kind, int hz, T (*make)(int)) {
    const TimeNs period = kNsPerSecond / hz;
    for (int i = 0; i < 10 * hz; ++i) {
        T msg = make(i);
        const TimeNs t = period * i;
        msg.header.stamp = msgs::Time::fromNs(kStart + t);
        out.push_back(Encoded{kind, t, msgs::encodeCdr(msg)});
    }
}

const std::vector<Encoded> &encodedMix() {
    static const std::vector<Encoded> mix = [] {
        std::vector<Encoded> out;
        addStream(out, Kind::Scan, 10, &makeScan);
        addStream(out, Kind::Imu, 100, &makeImu);
        addStream(out, Kind::Pose, 20, &makePoses);
        addStream(out, Kind::Odometry, 50, &makeOdometry);
        std::stable_sort(out.begin(), out.end(), [](const Encoded &a, const Encoded &b) { return a.t < b.t; });
        return out;
    }();
    return mix;
}

template <class T>
Status decodeInto(const Encoded &m, Decoded &slot) {
    if (!std::holds_alternative<T>(slot)) slot.emplace<T>();
    return msgs::decodeCdr(m.bytes, std::get<T>(slot));
}

Status decode(const Encoded &m, Decoded &slot) {
    switch (m.kind) {
        case Kind::Scan: return decodeInto<msgs::LaserScan>(m, slot);
        case Kind::Imu: return decodeInto<msgs::Imu>(m, slot);
        case Kind::Pose: return decodeInto<msgs::PoseArray>(m, slot);
        case Kind::Odometry: return decodeInto<msgs::Odometry>(m, slot);
    }
    return Status{};
}

void feed(traversal::TraversalMetrics &metrics, const Decoded &msg, TimeNs t) {
    std::visit(
        [&](const auto &m) {
            using T = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<T, msgs::LaserScan>) metrics.onScan(m, t);
            if constexpr (std::is_same_v<T, msgs::Imu>) metrics.onImu(m, t);
            if constexpr (std::is_same_v<T, msgs::PoseArray>) metrics.onPose(m, t);
            if constexpr (std::is_same_v<T, msgs::Odometry>) metrics.onOdometry(m, t);
        },
        msg);
}

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::map<std::string, double> g_rates;  // messages per CPU second, by benchmark

void record(benchmark::State &state, const std::string &name, double cpu_s, std::uint64_t messages) {
    state.SetItemsProcessed(static_cast<std::int64_t>(messages));
    const double rate = cpu_s > 0 ? static_cast<double>(messages) / cpu_s : 0.0;
    g_rates[name] = rate;
    auto base = g_rates.find("Decode");
    if (name != "Decode" && base != g_rates.end() && base->second > 0) state.counters["x_decode"] = rate / base->second;
}

void Decode(benchmark::State &state) {
    const auto &mix = encodedMix();
    std::vector<Decoded> slots(mix.size());
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (std::size_t i = 0; i < mix.size(); ++i) {
            if (!decode(mix[i], slots[i]).ok()) state.SkipWithError("decode failed");
        }
        benchmark::ClobberMemory();
        messages += mix.size();
    }
    record(state, "Decode", cpuSeconds() - start, messages);
}

void Analyze(benchmark::State &state) {
    const auto &mix = encodedMix();
    std::vector<Decoded> decoded(mix.size());
    for (std::size_t i = 0; i < mix.size(); ++i) {
        if (!decode(mix[i], decoded[i]).ok()) state.SkipWithError("decode failed");
    }
    std::uint64_t rows = 0;
    traversal::TraversalMetrics metrics({}, [&rows](const traversal::TraversalRow &) { ++rows; });
    std::uint64_t messages = 0;
    TimeNs pass_start = kStart;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (std::size_t i = 0; i < mix.size(); ++i) feed(metrics, decoded[i], pass_start + mix[i].t);
        pass_start += kSpan;
        messages += mix.size();
    }
    benchmark::DoNotOptimize(metrics.finish(pass_start));
    record(state, "Analyze", cpuSeconds() - start, messages);
    state.counters["rows"] = static_cast<double>(rows);
}

void DecodeAnalyze(benchmark::State &state) {
    const auto &mix = encodedMix();
    Decoded slot;
    traversal::TraversalMetrics metrics;
    std::uint64_t messages = 0;
    TimeNs pass_start = kStart;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (const auto &m : mix) {
            if (!decode(m, slot).ok()) state.SkipWithError("decode failed");
            feed(metrics, slot, pass_start + m.t);
        }
        pass_start += kSpan;
        messages += mix.size();
    }
    benchmark::DoNotOptimize(metrics.finish(pass_start));
    record(state, "DecodeAnalyze", cpuSeconds() - start, messages);
}

/// The traversal CSV's text: an hour of rows (one a second) of a rover's plausible values.
void CsvRows(benchmark::State &state) {
    std::vector<traversal::TraversalRow> rows(3600);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        traversal::TraversalRow &r = rows[i];
        const double t = static_cast<double>(i);
        r.timestamp_sec = 1'700'000'000 + static_cast<std::int64_t>(i);
        r.time = r.timestamp_sec * kNsPerSecond;
        r.smoothness_metric = 983.6777 * t;
        r.current_smoothness = 9.8 + 0.1 * std::sin(t);
        r.obstacle_clearance = 3.5 + std::cos(0.01 * t);
        r.distance_traveled = 0.4 * t;
        r.current_velocity = 0.4 + 0.01 * std::sin(0.3 * t);
        r.imu_accel_magnitude = 9.81 + 0.2 * std::sin(0.7 * t);
        r.vertical_roughness = 9.79 + 0.2 * std::cos(0.7 * t);
        r.notes = "Normal operation";
        r.min_clearance = 3.4 + std::cos(0.01 * t);
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const traversal::TraversalRow &r : rows) bytes += traversal::TraversalCsv::row(r, true).size();
    }
    benchmark::DoNotOptimize(bytes);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rows.size()));
}

/// The mix's scans, encoded.
std::vector<const Encoded *> encodedScans() {
    std::vector<const Encoded *> scans;
    for (const Encoded &m : encodedMix()) {
        if (m.kind == Kind::Scan) scans.push_back(&m);
    }
    return scans;
}

void DecodeScans(benchmark::State &state) {
    const std::vector<const Encoded *> scans = encodedScans();
    msgs::LaserScan scan;
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (const Encoded *m : scans) {
            if (!msgs::decodeCdr(m->bytes, scan).ok()) state.SkipWithError("decode failed");
        }
        benchmark::ClobberMemory();
        messages += scans.size();
    }
    record(state, "DecodeScans", cpuSeconds() - start, messages);
}

void ScanCollisionsOnScans(benchmark::State &state) {
    const std::vector<const Encoded *> encoded = encodedScans();
    std::vector<msgs::LaserScan> scans(encoded.size());
    for (std::size_t i = 0; i < scans.size(); ++i) {
        if (!msgs::decodeCdr(encoded[i]->bytes, scans[i]).ok()) state.SkipWithError("decode failed");
    }
    traversal::ScanCollisions collisions;
    std::uint64_t messages = 0;
    TimeNs pass_start = kStart;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (std::size_t i = 0; i < scans.size(); ++i) collisions.add(scans[i], pass_start + encoded[i]->t);
        pass_start += kSpan;
        messages += scans.size();
    }
    benchmark::DoNotOptimize(collisions.summary().scans);
    const double cpu_s = cpuSeconds() - start;
    state.SetItemsProcessed(static_cast<std::int64_t>(messages));
    auto base = g_rates.find("DecodeScans");
    if (base != g_rates.end() && base->second > 0 && cpu_s > 0) {
        state.counters["x_decode"] = static_cast<double>(messages) / cpu_s / base->second;
    }
}

// Registration order is run order: Decode first, so the others can state their ratio to it.
BENCHMARK(Decode)->Unit(benchmark::kMicrosecond);
BENCHMARK(Analyze)->Unit(benchmark::kMicrosecond);
BENCHMARK(DecodeAnalyze)->Unit(benchmark::kMicrosecond);
BENCHMARK(CsvRows)->Unit(benchmark::kMicrosecond);
BENCHMARK(DecodeScans)->Unit(benchmark::kMicrosecond);
BENCHMARK(ScanCollisionsOnScans)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    std::printf("mix: %zu messages per pass (10 s: LaserScan 10 Hz, Imu 100 Hz, PoseArray 20 Hz, Odometry 50 Hz)\n",
                encodedMix().size());
    benchmark::RunSpecifiedBenchmarks();
    const double base = g_rates.count("Decode") ? g_rates["Decode"] : 0.0;
    std::printf("\n%-14s %14s %10s\n", "benchmark", "messages/s", "vs Decode");
    for (const char *name : {"Decode", "Analyze", "DecodeAnalyze"}) {
        auto it = g_rates.find(name);
        if (it == g_rates.end()) continue;
        std::printf("%-14s %14.0f %9.2fx\n", name, it->second, base > 0 ? it->second / base : 0.0);
    }
    benchmark::Shutdown();
    return 0;
}
