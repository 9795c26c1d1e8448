// Messages per second through topicstats::TopicStatistics (with readHeaderStamp on each real CDR
// payload, as the `topic-stats` command does), each next to a baseline measured in the same run.
// The input is a synthetic robot with ten topics of typical types and rates (headerless /tf and
// /cmd_vel included, so some topics have no age samples).
//
// In memory, ten seconds of the mix pre-encoded (2760 messages), one whole run per iteration:
//   Decode     msgs::decodeCdr of every payload into its type (the baseline)
//   Stats      addTopic x10, readHeaderStamp + onMessage per message, finish(), health()
// End to end, on an MCAP of ROBOMETRICS_BENCH_MCAP_MB (default 50) MB written with
// bag::TypedWriter into a temporary directory that is removed afterwards:
//   Read       bag::openBag and every message read (the baseline)
//   ReadStats  the same feeding TopicStatistics, then finish() and health(): `topic-stats`' work
//   ReadDecode the same with msgs::decodeCdr of every message, for comparison
// The whole-run health of each topic alone, on the receive times and header stamps of ten minutes
// of the mix (165 600 messages; ROBOMETRICS_BENCH_HEALTH_BAG=FILE takes those of a bag instead):
//   HealthVectors  add() per message and result() per topic of the accumulator that kept every
//                  value in a std::vector (tests/support/VectorTopicHealth.hpp, the baseline)
//   HealthCompact  the same with topicstats::TopicHealthAccumulator (compacted times)
// each with the counter `bytes_per_msg`: what the per-message state holds after the run, spare
// capacity included, in memory and in the temporary file together, divided by the messages; and
// `memory_bytes`: the part of it in memory (the compacted series keep one 1 KiB block each).
// Counters `x_decode` / `x_read` / `x_healthvectors` give each rate divided by its baseline's (run
// first). Rates use process CPU time so that other load on a shared machine does not distort the
// ratios.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "../tests/support/VectorTopicHealth.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/topicstats/HeaderStamp.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;
using Bytes = std::span<const std::uint8_t>;

constexpr TimeNs kStart = 1'700'000'000'000'000'000;

// Cheap deterministic noise so that the payloads compress like sensor data, not like zeros.
float noise(std::int64_t a, std::int64_t b) {
    auto x = static_cast<std::uint32_t>(a * 2654435761LL ^ (b + 0x9e3779b9LL) * 40503LL);
    x ^= x >> 15;
    x *= 2246822519U;
    x ^= x >> 13;
    return static_cast<float>(x % 1000) * 1e-3F;
}

msgs::LaserScan makeScan(int i) {
    msgs::LaserScan scan;
    scan.header.frame_id = "laser";
    scan.angle_min = -2.35F;
    scan.angle_max = 2.35F;
    scan.angle_increment = 4.7F / 1080;
    scan.range_max = 30.0F;
    for (int k = 0; k < 1080; ++k) {
        scan.ranges.push_back(3.0F + std::sin(0.01F * static_cast<float>(k + i)) + 0.01F * noise(k, i));
        scan.intensities.push_back(100.0F + noise(k, i + 7) * 50.0F);
    }
    return scan;
}

msgs::Imu makeImu(int i) {
    msgs::Imu imu;
    imu.header.frame_id = "imu_link";
    imu.orientation.w = 1.0;
    imu.angular_velocity = msgs::Vector3{0.01 * noise(1, i), 0.01 * noise(2, i), 0.1};
    imu.linear_acceleration = msgs::Vector3{0.2 * noise(3, i), 0.2 * noise(4, i), 9.81 + 0.3 * noise(5, i)};
    return imu;
}

msgs::Odometry makeOdometry(int i) {
    msgs::Odometry odom;
    odom.header.frame_id = "odom";
    odom.child_frame_id = "base_link";
    odom.pose.pose.position = msgs::Point{0.02 * i, 0.001 * noise(6, i), 0.0};
    odom.pose.pose.orientation.w = 1.0;
    odom.twist.twist.linear.x = 1.0 + 0.05 * noise(7, i);
    return odom;
}

msgs::PoseArray makePoseArray(int i) {
    msgs::PoseArray poses;
    poses.header.frame_id = "map";
    msgs::Pose pose;
    pose.position = msgs::Point{0.05 * i, 0.01 * noise(8, i), 0.0};
    pose.orientation.w = 1.0;
    poses.poses.push_back(pose);
    return poses;
}

msgs::TFMessage makeTf(int i) {
    msgs::TFMessage tf;
    for (const char *child : {"base_link", "laser"}) {
        msgs::TransformStamped transform;
        transform.header.frame_id = "odom";
        transform.child_frame_id = child;
        transform.transform.translation.x = 0.02 * i;
        transform.transform.rotation.w = 1.0;
        tf.transforms.push_back(transform);
    }
    return tf;
}

msgs::Twist makeTwist(int i) {
    msgs::Twist twist;
    twist.linear.x = 1.0;
    twist.angular.z = 0.1 * noise(9, i);
    return twist;
}

msgs::PointCloud2 makeCloud(int i) {
    msgs::PointCloud2 cloud;
    cloud.header.frame_id = "lidar";
    cloud.height = 1;
    cloud.width = 2000;
    for (const char *name : {"x", "y", "z", "intensity"}) {
        cloud.fields.push_back(
            msgs::PointField{name, static_cast<std::uint32_t>(4 * cloud.fields.size()), msgs::PointField::FLOAT32, 1});
    }
    cloud.point_step = 16;
    cloud.row_step = cloud.point_step * cloud.width;
    cloud.data.resize(cloud.row_step);
    for (std::uint32_t p = 0; p < cloud.width; ++p) {
        const float xyzi[4] = {5.0F * noise(p, i), 5.0F * noise(p + 1, i), noise(p + 2, i), 100.0F * noise(p, 3)};
        std::memcpy(cloud.data.data() + 16 * p, xyzi, sizeof(xyzi));
    }
    cloud.is_dense = true;
    return cloud;
}

msgs::OccupancyGrid makeGrid(int i) {
    msgs::OccupancyGrid grid;
    grid.header.frame_id = "map";
    grid.info.resolution = 0.05F;
    grid.info.width = 200;
    grid.info.height = 200;
    grid.data.resize(200 * 200);
    for (std::size_t c = 0; c < grid.data.size(); ++c)
        grid.data[c] = static_cast<std::int8_t>(c % 7 == 0 ? -1 : (c + static_cast<std::size_t>(i)) % 101);
    return grid;
}

msgs::Path makePath(int i) {
    msgs::Path path;
    path.header.frame_id = "map";
    for (int k = 0; k < 50; ++k) {
        msgs::PoseStamped pose;
        pose.header.frame_id = "map";
        pose.pose.position = msgs::Point{0.1 * (i + k), 0.0, 0.0};
        pose.pose.orientation.w = 1.0;
        path.poses.push_back(pose);
    }
    return path;
}

msgs::PoseWithCovarianceStamped makeAmclPose(int i) {
    msgs::PoseWithCovarianceStamped pose;
    pose.header.frame_id = "map";
    pose.pose.pose.position = msgs::Point{0.05 * i, 0.0, 0.0};
    pose.pose.pose.orientation.w = 1.0;
    pose.pose.covariance[0] = pose.pose.covariance[7] = 0.01;
    return pose;
}

/// One topic of the synthetic robot, type-erased so the benchmarks can loop over all ten.
struct Stream {
    std::string topic;
    std::string type;
    std::string schema;
    int hz = 1;
    /// Message `i` stamped `stamp` (for types with a header), CDR-encoded.
    std::function<std::vector<std::uint8_t>(int i, TimeNs stamp)> encode;
    /// Writes message `i` to the bag at `t` with bag::TypedWriter::write.
    std::function<Status(bag::TypedWriter &, int i, TimeNs t)> write;
    /// Decodes a payload into a reused message of the type.
    std::function<Status(Bytes)> decode;
};

// A header stamp 3 to 8 ms before the receive time, so that ages vary.
TimeNs stampFor(int i, TimeNs t) { return t - 3'000'000 - static_cast<TimeNs>(5'000'000 * noise(11, i)); }

template <class T>
T stamped(T (*make)(int), int i, TimeNs t) {
    T msg = make(i);
    if constexpr (requires { msg.header.stamp; }) msg.header.stamp = msgs::Time::fromNs(stampFor(i, t));
    return msg;
}

template <class T>
Stream stream(std::string topic, int hz, T (*make)(int)) {
    Stream s;
    s.topic = std::move(topic);
    s.type = std::string(msgs::TypeInfo<T>::name);
    s.schema = std::string(msgs::schemaText<T>());
    s.hz = hz;
    s.encode = [make](int i, TimeNs t) { return msgs::encodeCdr(stamped(make, i, t)); };
    s.write = [make, topic = s.topic](bag::TypedWriter &w, int i, TimeNs t) {
        return w.write(topic, stamped(make, i, t), t);
    };
    s.decode = [slot = std::make_shared<T>()](Bytes bytes) { return msgs::decodeCdr(bytes, *slot); };
    return s;
}

const std::vector<Stream> &streams() {
    static const std::vector<Stream> all = {
        stream("/scan", 10, &makeScan),
        stream("/imu/data", 100, &makeImu),
        stream("/odometry/wheels", 50, &makeOdometry),
        stream("/rover/pose_array", 20, &makePoseArray),
        stream("/tf", 50, &makeTf),
        stream("/cmd_vel", 20, &makeTwist),
        stream("/points", 10, &makeCloud),
        stream("/map", 1, &makeGrid),
        stream("/plan", 5, &makePath),
        stream("/amcl_pose", 10, &makeAmclPose),
    };
    return all;
}

/// One message of the schedule: which stream, its index in the stream, its receive time.
struct Slot {
    std::size_t stream;
    int i;
    TimeNs t;
};

/// Every message of `seconds` seconds from kStart, in receive-time order.
std::vector<Slot> schedule(int seconds) {
    std::vector<Slot> out;
    for (std::size_t s = 0; s < streams().size(); ++s) {
        const int hz = streams()[s].hz;
        for (int i = 0; i < seconds * hz; ++i) out.push_back(Slot{s, i, kStart + kNsPerSecond * i / hz});
    }
    std::stable_sort(out.begin(), out.end(), [](const Slot &a, const Slot &b) { return a.t < b.t; });
    return out;
}

struct Encoded {
    std::size_t stream;
    TimeNs t;
    std::vector<std::uint8_t> bytes;
};

const std::vector<Encoded> &encodedMix() {
    static const std::vector<Encoded> mix = [] {
        std::vector<Encoded> out;
        for (const Slot &slot : schedule(10))
            out.push_back(Encoded{slot.stream, slot.t, streams()[slot.stream].encode(slot.i, slot.t)});
        return out;
    }();
    return mix;
}

bool hasHeader(const std::string &type, const std::string &schema) {
    return topicstats::typeHasHeader(type, schema, "ros2msg");
}

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::map<std::string, double> g_rates;              // messages per CPU second, by benchmark
std::map<std::string, double> g_bytes_per_message;  // per-message state of the health benchmarks

void record(benchmark::State &state, const std::string &name, const std::string &baseline, double cpu_s,
            std::uint64_t messages) {
    state.SetItemsProcessed(static_cast<std::int64_t>(messages));
    const double rate = cpu_s > 0 ? static_cast<double>(messages) / cpu_s : 0.0;
    g_rates[name] = rate;
    auto base = g_rates.find(baseline);
    if (name != baseline && base != g_rates.end() && base->second > 0) {
        std::string suffix = baseline;
        std::transform(suffix.begin(), suffix.end(), suffix.begin(), [](unsigned char c) { return std::tolower(c); });
        state.counters["x_" + suffix] = rate / base->second;
    }
}

void Decode(benchmark::State &state) {
    const auto &mix = encodedMix();
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        for (const auto &m : mix) {
            if (!streams()[m.stream].decode(m.bytes).ok()) state.SkipWithError("decode failed");
        }
        benchmark::ClobberMemory();
        messages += mix.size();
    }
    record(state, "Decode", "Decode", cpuSeconds() - start, messages);
}

void Stats(benchmark::State &state) {
    const auto &mix = encodedMix();
    std::vector<bool> headers;
    for (const auto &s : streams()) headers.push_back(hasHeader(s.type, s.schema));
    std::uint64_t messages = 0, windows = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        topicstats::TopicStatistics stats({}, [&windows](const topicstats::WindowRecord &) { ++windows; });
        for (std::size_t s = 0; s < streams().size(); ++s) stats.addTopic(streams()[s].topic, headers[s]);
        for (const auto &m : mix) {
            const auto stamp = headers[m.stream] ? topicstats::readHeaderStamp(m.bytes) : std::nullopt;
            stats.onMessage(m.stream, m.t, stamp, m.bytes.size());
        }
        stats.finish();
        benchmark::DoNotOptimize(stats.health());
        messages += mix.size();
    }
    record(state, "Stats", "Decode", cpuSeconds() - start, messages);
    state.counters["windows"] = static_cast<double>(windows);
}

fs::path g_dir;
fs::path g_file;

/// Writes `blocks` times ten seconds of the mix into g_file.
bool writeBlocks(int blocks) {
    auto writer = bag::TypedWriter::open(g_file.string());
    if (!writer) {
        std::fprintf(stderr, "%s\n", writer.message().c_str());
        return false;
    }
    for (int block = 0; block < blocks; ++block) {
        for (const Slot &slot : schedule(10)) {
            const int i = slot.i + block * 10 * streams()[slot.stream].hz;
            const TimeNs t = slot.t + block * 10 * kNsPerSecond;
            if (const Status st = streams()[slot.stream].write(*writer, i, t); !st.ok()) {
                std::fprintf(stderr, "%s\n", st.message().c_str());
                return false;
            }
        }
    }
    const Status closed = writer->close();
    if (!closed.ok()) std::fprintf(stderr, "%s\n", closed.message().c_str());
    return closed.ok();
}

bool writeBag(std::uint64_t target_bytes) {
    // The writer writes aside and renames on close(), so the file has no size while it grows:
    // one block tells how many make the target.
    if (!writeBlocks(1)) return false;
    const std::uint64_t block_bytes = std::max<std::uint64_t>(1, fs::file_size(g_file));
    return writeBlocks(static_cast<int>(std::max<std::uint64_t>(1, (target_bytes + block_bytes - 1) / block_bytes)));
}

/// Opens the bag or reports why not.
std::unique_ptr<bag::MessageSource> open(benchmark::State &state) {
    auto source = bag::openBag(g_file.string());
    if (!source) {
        state.SkipWithError(source.message().c_str());
        return nullptr;
    }
    return std::move(source.value());
}

void Read(benchmark::State &state) {
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto source = open(state);
        if (!source) return;
        bag::Message m;
        while (source->next(m).value()) {
            benchmark::DoNotOptimize(m.data.data());
            ++messages;
        }
    }
    record(state, "Read", "Read", cpuSeconds() - start, messages);
}

void ReadStats(benchmark::State &state) {
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto source = open(state);
        if (!source) return;
        topicstats::TopicStatistics stats;
        std::unordered_map<const bag::TopicInfo *, std::size_t> index;
        std::vector<bool> headers;
        for (const auto &topic : source->topics()) {
            headers.push_back(topicstats::typeHasHeader(topic.type, topic.schema.text, topic.schema.encoding));
            index[&topic] = stats.addTopic(topic.name, headers.back());
        }
        bag::Message m;
        while (source->next(m).value()) {
            const std::size_t k = index.at(m.topic);
            stats.onMessage(k, m.log_time, headers[k] ? topicstats::readHeaderStamp(m.data) : std::nullopt,
                            m.data.size());
            ++messages;
        }
        stats.finish();
        benchmark::DoNotOptimize(stats.health());
    }
    record(state, "ReadStats", "Read", cpuSeconds() - start, messages);
}

void ReadDecode(benchmark::State &state) {
    std::map<std::string, const Stream *> by_topic;
    for (const auto &s : streams()) by_topic[s.topic] = &s;
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto source = open(state);
        if (!source) return;
        std::unordered_map<const bag::TopicInfo *, const Stream *> decoder;
        for (const auto &topic : source->topics()) decoder[&topic] = by_topic.at(topic.name);
        bag::Message m;
        while (source->next(m).value()) {
            if (!decoder.at(m.topic)->decode(m.data).ok()) state.SkipWithError("decode failed");
            ++messages;
        }
    }
    record(state, "ReadDecode", "Read", cpuSeconds() - start, messages);
}

/// What the health accumulator sees of a message.
struct Arrival {
    std::size_t topic;
    TimeNs t;
    std::optional<TimeNs> stamp;
};

struct HealthInput {
    std::vector<std::string> topics;
    std::vector<bool> headers;
    std::vector<Arrival> arrivals;
};

/// Receive times and stamps of ROBOMETRICS_BENCH_HEALTH_BAG (header stamps, /clock values), or
/// else of ten minutes of the synthetic mix.
const HealthInput &healthInput() {
    static const HealthInput input = [] {
        HealthInput in;
        if (const char *path = std::getenv("ROBOMETRICS_BENCH_HEALTH_BAG"); path && *path) {
            auto source = bag::openBag(path);
            if (!source) return in;
            std::unordered_map<const bag::TopicInfo *, std::size_t> index;
            std::vector<bool> clock;
            for (const auto &topic : (*source)->topics()) {
                index[&topic] = in.topics.size();
                in.topics.push_back(topic.name);
                in.headers.push_back(topicstats::typeHasHeader(topic.type, topic.schema.text, topic.schema.encoding));
                clock.push_back(topicstats::typeIsClock(topic.type));
            }
            bag::Message m;
            while ((*source)->next(m).value()) {
                const std::size_t k = index.at(m.topic);
                const auto stamp = clock[k]        ? topicstats::readClockValue(m.data)
                                   : in.headers[k] ? topicstats::readHeaderStamp(m.data)
                                                   : std::nullopt;
                in.arrivals.push_back({k, m.log_time, stamp});
            }
            return in;
        }
        for (const auto &s : streams()) {
            in.topics.push_back(s.topic);
            in.headers.push_back(hasHeader(s.type, s.schema));
        }
        for (const Slot &slot : schedule(600)) {
            const bool header = in.headers[slot.stream];
            in.arrivals.push_back(
                {slot.stream, slot.t, header ? std::optional<TimeNs>(stampFor(slot.i, slot.t)) : std::nullopt});
        }
        return in;
    }();
    return input;
}

template <class Accumulator>
void runHealth(benchmark::State &state, const std::string &name) {
    const HealthInput &in = healthInput();
    if (in.arrivals.empty()) {
        state.SkipWithError("no messages (ROBOMETRICS_BENCH_HEALTH_BAG unreadable?)");
        return;
    }
    std::uint64_t messages = 0;
    std::size_t held = 0;
    std::uint64_t spilled = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        std::vector<Accumulator> topics;
        for (std::size_t k = 0; k < in.topics.size(); ++k) topics.emplace_back(in.topics[k], in.headers[k]);
        for (const Arrival &a : in.arrivals) topics[a.topic].add(a.t, a.stamp, 100);
        held = 0;
        spilled = 0;
        for (const Accumulator &topic : topics) {
            held += topic.memoryBytes();
            spilled += topic.spilledBytes();
            benchmark::DoNotOptimize(topic.result(1.5));
        }
        messages += in.arrivals.size();
    }
    record(state, name, "HealthVectors", cpuSeconds() - start, messages);
    // Memory and temporary file together: what the compaction costs per message wherever it is.
    state.counters["bytes_per_msg"] = static_cast<double>(held + spilled) / static_cast<double>(in.arrivals.size());
    state.counters["memory_bytes"] = static_cast<double>(held);
    g_bytes_per_message[name] = state.counters["bytes_per_msg"];
}

void HealthVectors(benchmark::State &state) {
    runHealth<topicstats::reference::VectorTopicHealth>(state, "HealthVectors");
}
void HealthCompact(benchmark::State &state) { runHealth<topicstats::TopicHealthAccumulator>(state, "HealthCompact"); }

// Registration order is run order: each baseline runs before the benchmarks compared with it.
BENCHMARK(Decode)->Unit(benchmark::kMicrosecond);
BENCHMARK(Stats)->Unit(benchmark::kMicrosecond);
BENCHMARK(Read)->Unit(benchmark::kMillisecond);
BENCHMARK(ReadStats)->Unit(benchmark::kMillisecond);
BENCHMARK(ReadDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(HealthVectors)->Unit(benchmark::kMillisecond);
BENCHMARK(HealthCompact)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    const char *env = std::getenv("ROBOMETRICS_BENCH_MCAP_MB");
    const std::uint64_t megabytes = env ? std::strtoull(env, nullptr, 10) : 50;
    g_dir = fs::temp_directory_path() / ("robometrics-topicstatsbench-" + std::to_string(::getpid()));
    fs::create_directories(g_dir);
    g_file = g_dir / "bench.mcap";
    std::printf("in memory: %zu messages on %zu topics (10 s)\n", encodedMix().size(), streams().size());
    int rc = 1;
    if (writeBag(megabytes * 1'000'000)) {
        std::printf("bag: %.1f MB (zstd chunks)\n", static_cast<double>(fs::file_size(g_file)) / 1e6);
        benchmark::RunSpecifiedBenchmarks();
        std::printf("\n%-13s %14s %14s\n", "benchmark", "messages/s", "vs baseline");
        for (const auto &[name, baseline] :
             std::vector<std::pair<std::string, std::string>>{{"Decode", "Decode"},
                                                              {"Stats", "Decode"},
                                                              {"Read", "Read"},
                                                              {"ReadStats", "Read"},
                                                              {"ReadDecode", "Read"},
                                                              {"HealthVectors", "HealthVectors"},
                                                              {"HealthCompact", "HealthVectors"}}) {
            auto it = g_rates.find(name);
            auto base = g_rates.find(baseline);
            if (it == g_rates.end() || base == g_rates.end() || base->second <= 0) continue;
            std::printf("%-13s %14.0f %9.2fx %s\n", name.c_str(), it->second, it->second / base->second,
                        baseline.c_str());
        }
        for (const auto &[name, bytes] : g_bytes_per_message)
            std::printf("%-13s %6.2f bytes per message held\n", name.c_str(), bytes);
        rc = 0;
    } else {
        std::fprintf(stderr, "could not write the benchmark bag\n");
    }
    std::error_code ec;
    fs::remove_all(g_dir, ec);
    benchmark::Shutdown();
    return rc;
}
