// What each live node costs on a robot: CPU (as a share of one core) and resident memory of
// `robometrics live traversal`, `live topic-stats` and `live costmap`, each its own process (the
// binary a robot runs, through the same DdsSource subscriptions), fed over DDS by this process
// with a typical robot's topics (LiveRobotTraffic.hpp: 200 Hz Imu, 100 Hz /tf, 50 Hz odometry
// and poses, 10 Hz 360-beam scans, 10 Hz 30k-point clouds and GroundGrid maps). The publisher's
// own cost is in this process and never in a node's figures (the nodes' CPU is read from
// /proc/<pid>/stat). DDS runs only inside the loopback-only namespace:
//   tests/live/run-in-netns build/benchmarks/bench_livenodes
// Elsewhere every benchmark is skipped with the reason.
//
//   RobotRates  real pace for ROBOMETRICS_LIVE_BENCH_SECONDS (default 60, after 5 s of warm-up);
//               best-effort readers as the nodes' default. Per node: cpu_pct (CPU time / wall
//               time x 100), rss_mb at the end, peak_rss_mb; the costmap's frame_ms (the node's
//               own per-frame time: mean, p95, max), latency_ms (GridMap stamp -> costmap received
//               here; p50, p99, max) and maps vs costmaps; publisher_cpu_pct for this process;
//               messages sent and received by traversal and topic-stats. A fourth process,
//               topic_stats_light, watches the robot's topics but the cloud and the map.
//   FastHour    ROBOMETRICS_LIVE_BENCH_SIM_MINUTES (default 60) of the same traffic with simulated
//               stamps and source timestamps, as fast as the nodes keep up (reliable readers:
//               `--reliable`; the costmap node may lag at most two maps and topic-stats 10 s of
//               simulated time, read from its /statistics windows of 0.1 s; writers keep 5000
//               small and 150 large samples for repairs). Per node: rss_mb
//               at 1, 10, 30 and 60 simulated minutes, growth_mb (60 - 10), peak_rss_mb, and
//               cpu_pct_at_rates (CPU seconds / simulated seconds x 100: the share of one core at
//               the robot's rates, idle wake-ups excluded); messages sent and received.
// Both use benchmarks/live-nodes-fastdds.xml (loopback only, 4 MB socket buffers) unless
// ROBOMETRICS_LIVE_BENCH_DEFAULT_BUFFERS is set. ROBOMETRICS_LIVE_BENCH_KEEP keeps the nodes'
// outputs (/tmp/robometrics-livenodes-*).
// The machine may be shared: CPU time of the node's own process is robust to that, wall times
// (frame latency) are not.

#include <benchmark/benchmark.h>
#include <sys/stat.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include "LiveNodeProcess.hpp"
#include "LiveRobotTraffic.hpp"
#include "ProcessStats.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/Sandbox.hpp"

#ifndef ROBOMETRICS_BINARY
#define ROBOMETRICS_BINARY "robometrics"
#endif
#ifndef ROBOMETRICS_LIVE_BENCH_PROFILE
#define ROBOMETRICS_LIVE_BENCH_PROFILE "benchmarks/live-nodes-fastdds.xml"
#endif

namespace {

using namespace robometrics;
using benchsupport::LiveNodeProcess;
using benchsupport::RobotTraffic;
namespace fs = std::filesystem;

constexpr int kDomain = 73;
constexpr std::uint64_t kTopicStatsLag = 2000;  ///< Imu samples; the writers keep 5000 (and 150 clouds)

double envNumber(const char *name, double fallback) {
    const char *v = std::getenv(name);
    return v && *v ? std::atof(v) : fallback;
}

std::string binary() {
    const char *v = std::getenv("ROBOMETRICS_BINARY");
    return v && *v ? v : ROBOMETRICS_BINARY;
}

const std::vector<std::string> kLargeTopics{"/groundgrid/filtered_cloud", "/groundgrid/grid_map"};

/// The robot's topics, each with how many node readers its writer waits for: traversal or
/// costmap, and topic-stats; with `light`, a second topic-stats on the topics but the large ones.
std::map<std::string, std::size_t> expectedReaders(bool light) {
    std::map<std::string, std::size_t> readers{
        {"/imu/data", 2}, {"/scan", 2},      {"/odometry/wheels", 2},           {"/rover/pose_array", 2},
        {"/tf", 2},       {"/tf_static", 2}, {"/groundgrid/filtered_cloud", 2}, {"/groundgrid/grid_map", 2}};
    if (light) {
        for (auto &[topic, n] : readers) n += std::count(kLargeTopics.begin(), kLargeTopics.end(), topic) ? 0 : 1;
    }
    return readers;
}

std::string topicList(bool with_large) {
    std::string list;
    for (const auto &[topic, n] : expectedReaders(false)) {
        if (!with_large && std::count(kLargeTopics.begin(), kLargeTopics.end(), topic)) continue;
        list += (list.empty() ? "" : ",") + topic;
    }
    return list;
}

/// The three nodes, each in its own process. topic-stats watches the robot's topics (not the
/// other nodes' outputs); with `light`, a fourth process, topic_stats_light, watches them but the
/// 30k-point cloud and the map (what the large messages cost).
std::vector<std::unique_ptr<LiveNodeProcess>> startNodes(const fs::path &dir, bool reliable, bool light,
                                                         const std::string &window = "1") {
    std::vector<std::string> common{"--json"};
    if (reliable) common.push_back("--reliable");
    auto with = [&](std::vector<std::string> args) {
        args.insert(args.end(), common.begin(), common.end());
        return args;
    };
    std::vector<std::unique_ptr<LiveNodeProcess>> nodes;
    nodes.push_back(std::make_unique<LiveNodeProcess>(
        "traversal", binary(), with({"traversal", "-o", (dir / "traversal.csv").string()}), dir));
    nodes.push_back(std::make_unique<LiveNodeProcess>(
        "topic_stats", binary(), with({"topic-stats", "--topics", topicList(true), "--window", window}), dir));
    nodes.push_back(std::make_unique<LiveNodeProcess>("costmap", binary(), with({"costmap"}), dir));
    if (light) {
        nodes.push_back(std::make_unique<LiveNodeProcess>("topic_stats_light", binary(),
                                                          with({"topic-stats", "--topics", topicList(false)}), dir));
    }
    return nodes;
}

/// Counts the costmaps the costmap node publishes and how late each is (stamp = its map's).
class CostmapWatch {
public:
    bool open(live::Transport &transport, live::Qos qos) {
        auto r = transport.createReader(live::ddsTopicName("/terrain_costmap"),
                                        live::ddsTypeName("nav_msgs/msg/OccupancyGrid"), qos,
                                        [this](live::Sample &&s) { onSample(s); });
        if (!r) return false;
        reader_ = std::move(*r);
        return true;
    }
    std::uint64_t count() const {
        std::lock_guard lock(mutex_);
        return count_;
    }
    /// Waits until at least `n` costmaps arrived; false after `timeout`.
    bool waitFor(std::uint64_t n, std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        return arrived_.wait_for(lock, timeout, [&] { return count_ >= n; });
    }
    std::vector<double> latenciesMs() const {
        std::lock_guard lock(mutex_);
        return latency_ms_;
    }
    void clearLatencies() {
        std::lock_guard lock(mutex_);
        latency_ms_.clear();
    }

private:
    void onSample(const live::Sample &s) {
        msgs::OccupancyGrid grid;
        if (!msgs::decodeCdr(s.data, grid).ok()) return;
        {
            std::lock_guard lock(mutex_);
            ++count_;
            latency_ms_.push_back(static_cast<double>(s.reception_time - grid.header.stamp.toNs()) * 1e-6);
        }
        arrived_.notify_all();
    }

    std::unique_ptr<live::Reader> reader_;
    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::uint64_t count_ = 0;
    std::vector<double> latency_ms_;
};

/// How many Imu samples topic-stats has taken in, from its /statistics windows: each window's
/// message_period count of /imu/data plus the window's first message (which gives no period).
class ImuSeenByTopicStats {
public:
    bool open(live::Transport &transport) {
        auto r = transport.createReader(live::ddsTopicName("/statistics"),
                                        live::ddsTypeName("statistics_msgs/msg/MetricsMessage"),
                                        live::Qos::rosDefault(), [this](live::Sample &&s) { onSample(s); });
        if (!r) return false;
        reader_ = std::move(*r);
        return true;
    }
    /// Waits until at least `n` were taken in; false after `timeout`.
    bool waitFor(std::uint64_t n, std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        return arrived_.wait_for(lock, timeout, [&] { return seen_ >= n; });
    }

private:
    void onSample(const live::Sample &s) {
        msgs::MetricsMessage m;
        if (!msgs::decodeCdr(s.data, m).ok() || m.measurement_source_name != "/imu/data" ||
            m.metrics_source != "message_period") {
            return;
        }
        for (const auto &point : m.statistics) {
            if (point.data_type != msgs::StatisticDataPoint::SAMPLE_COUNT || !(point.data > 0)) continue;
            {
                std::lock_guard lock(mutex_);
                seen_ += static_cast<std::uint64_t>(point.data) + 1;
            }
            arrived_.notify_all();
        }
    }

    std::unique_ptr<live::Reader> reader_;
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::uint64_t seen_ = 0;
};

double percentileOf(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

/// Everything one run needs: the sandbox check, a scratch directory, the peer participant.
struct Setup {
    fs::path dir;
    std::unique_ptr<live::Transport> peer;

    bool open(benchmark::State &state) {
        const std::string problem = live::loopbackSandboxProblem();
        if (!problem.empty()) {
            state.SkipWithError(("DDS benchmark skipped: " + problem).c_str());
            return false;
        }
        setenv("ROS_DOMAIN_ID", std::to_string(kDomain).c_str(), 1);
        // Large socket buffers for the 480 kB clouds (the profile says why), unless asked for
        // the system's defaults; both profiles are loopback-only.
        if (!std::getenv("ROBOMETRICS_LIVE_BENCH_DEFAULT_BUFFERS")) {
            setenv("FASTRTPS_DEFAULT_PROFILES_FILE", ROBOMETRICS_LIVE_BENCH_PROFILE, 1);
        }
        char tmpl[] = "/tmp/robometrics-livenodes-XXXXXX";
        if (!mkdtemp(tmpl)) {
            state.SkipWithError("cannot make a scratch directory");
            return false;
        }
        dir = tmpl;
        auto options = live::TransportOptions::fromEnvironment();
        if (!options) {
            state.SkipWithError(options.message().c_str());
            return false;
        }
        auto transport = live::openFastDds(*options);
        if (!transport) {
            state.SkipWithError(transport.message().c_str());
            return false;
        }
        peer = std::move(*transport);
        return true;
    }
    ~Setup() {
        std::error_code ec;
        if (!dir.empty() && !std::getenv("ROBOMETRICS_LIVE_BENCH_KEEP")) fs::remove_all(dir, ec);
    }
};

/// Waits until every node runs and every writer has matched its readers.
bool nodesReady(benchmark::State &state, std::vector<std::unique_ptr<LiveNodeProcess>> &nodes, RobotTraffic &traffic,
                const std::map<std::string, std::size_t> &readers) {
    for (auto &n : nodes) {
        if (!n->running()) {
            state.SkipWithError((n->name() + ": " + n->error()).c_str());
            return false;
        }
    }
    if (!traffic.error().empty()) {
        state.SkipWithError(traffic.error().c_str());
        return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!traffic.matched(readers)) {
        if (std::chrono::steady_clock::now() > deadline) {
            state.SkipWithError("the nodes' readers did not match within 30 s");
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    return true;
}

/// Stops the nodes (Ctrl-C) and reads their summaries into counters.
void stopAndSummarise(benchmark::State &state, std::vector<std::unique_ptr<LiveNodeProcess>> &nodes,
                      RobotTraffic &traffic) {
    double sent = 0, traversal_sent = 0;
    for (const auto &t : traffic.topics()) {
        sent += static_cast<double>(t.written);
        if (t.name == "/imu/data" || t.name == "/scan" || t.name == "/odometry/wheels" ||
            t.name == "/rover/pose_array") {
            traversal_sent += static_cast<double>(t.written);
        }
    }
    state.counters["msgs_sent"] = sent;
    state.counters["traversal_msgs_sent"] = traversal_sent;
    for (auto &n : nodes) {
        const int status = n->stop();
        if (status != 0) {
            state.SkipWithError(
                (n->name() + " exited with status " + std::to_string(status) + ": " + n->errText()).c_str());
        }
    }
    const nlohmann::json traversal = nodes[0]->summary(), costmap = nodes[2]->summary();
    state.counters["traversal_rows"] = traversal.value("rows", 0.0);
    if (traversal.contains("messages")) {
        double n = 0;
        for (const auto &[k, v] : traversal["messages"].items()) n += v.get<double>();
        state.counters["traversal_msgs_in"] = n;
    }
    const nlohmann::json stats = nodes[1]->summary();
    if (stats.contains("topics")) {
        double n = 0;
        for (const auto &t : stats["topics"]) n += t.value("count", 0.0);
        state.counters["topic_stats_msgs_in"] = n;
    }
    if (costmap.contains("frame_ms")) {
        state.counters["costmap_frames"] = costmap.value("frames", 0.0);
        state.counters["costmap_dropped"] = costmap.value("dropped_frames", 0.0);
        state.counters["costmap_frame_ms_mean"] = costmap["frame_ms"].value("mean", 0.0);
        state.counters["costmap_frame_ms_p95"] = costmap["frame_ms"].value("p95", 0.0);
        state.counters["costmap_frame_ms_max"] = costmap["frame_ms"].value("max", 0.0);
        state.counters["costmap_terrain_points"] = costmap["terrain"].value("points", 0.0);
    }
}

void RobotRates(benchmark::State &state) {
    Setup setup;
    if (!setup.open(state)) return;
    const double seconds = envNumber("ROBOMETRICS_LIVE_BENCH_SECONDS", 60);
    auto nodes = startNodes(setup.dir, /*reliable=*/false, /*light=*/true);
    RobotTraffic traffic(*setup.peer, 10, 10);  // rclcpp's default depth
    CostmapWatch costmaps;
    if (!costmaps.open(*setup.peer, live::Qos::sensorData()) ||
        !nodesReady(state, nodes, traffic, expectedReaders(true))) {
        return;
    }
    std::int64_t tick = 0;
    for (auto _ : state) {
        // Warm-up, then the measured span; the simulated clock follows the wall clock.
        const auto t0 = std::chrono::steady_clock::now();
        traffic.start(live::wallNow());
        const TimeNs sim0 = traffic.simTime(0);
        std::vector<double> cpu0(nodes.size());
        double self0 = 0;
        std::chrono::steady_clock::time_point m0;
        const double warmup = 5.0;
        bool measuring = false;
        for (tick = 0;; ++tick) {
            const auto due = t0 + std::chrono::nanoseconds(traffic.simTime(tick) - sim0);
            std::this_thread::sleep_until(due);
            const double elapsed = std::chrono::duration<double>(due - t0).count();
            if (!measuring && elapsed >= warmup) {
                measuring = true;
                m0 = std::chrono::steady_clock::now();
                for (std::size_t i = 0; i < nodes.size(); ++i) cpu0[i] = nodes[i]->cpuSeconds();
                self0 = benchsupport::processCpuSeconds();
                costmaps.clearLatencies();
            }
            if (elapsed >= warmup + seconds) break;
            if (!traffic.publishTick(tick)) {
                state.SkipWithError(traffic.error().c_str());
                return;
            }
        }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - m0).count();
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const std::string &n = nodes[i]->name();
            state.counters[n + "_cpu_pct"] = (nodes[i]->cpuSeconds() - cpu0[i]) / wall * 100;
            state.counters[n + "_rss_mb"] = nodes[i]->rssMb();
            state.counters[n + "_peak_rss_mb"] = nodes[i]->peakRssMb();
        }
        state.counters["publisher_cpu_pct"] = (benchsupport::processCpuSeconds() - self0) / wall * 100;
        state.SetIterationTime(wall);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto latencies = costmaps.latenciesMs();
    state.counters["costmap_latency_ms_p50"] = percentileOf(latencies, 0.5);
    state.counters["costmap_latency_ms_p99"] = percentileOf(latencies, 0.99);
    state.counters["costmap_latency_ms_max"] = percentileOf(latencies, 1.0);
    state.counters["maps_sent"] = static_cast<double>(traffic.mapsWritten());
    state.counters["costmaps_received"] = static_cast<double>(costmaps.count());
    stopAndSummarise(state, nodes, traffic);
}

void FastHour(benchmark::State &state) {
    Setup setup;
    if (!setup.open(state)) return;
    const double minutes = envNumber("ROBOMETRICS_LIVE_BENCH_SIM_MINUTES", 60);
    // topic-stats' windows of 0.1 s (wall time) report what it took in ten times a second.
    auto nodes = startNodes(setup.dir, /*reliable=*/true, /*light=*/false, "0.1");
    RobotTraffic traffic(*setup.peer, 5000, 150);
    ImuSeenByTopicStats imu_seen;
    traffic.start(1'700'000'000'000'000'000);
    CostmapWatch costmaps;
    if (!costmaps.open(*setup.peer, live::Qos::rosDefault()) || !imu_seen.open(*setup.peer) ||
        !nodesReady(state, nodes, traffic, expectedReaders(false))) {
        return;
    }
    const std::int64_t ticks = static_cast<std::int64_t>(minutes * 60e9 / static_cast<double>(RobotTraffic::kTickNs));
    const std::int64_t per_minute = static_cast<std::int64_t>(60e9 / RobotTraffic::kTickNs);
    const std::vector<int> marks{1, 10, 30, 60};
    std::uint64_t lagging = 0;
    for (auto _ : state) {
        std::vector<double> cpu0(nodes.size());
        for (std::size_t i = 0; i < nodes.size(); ++i) cpu0[i] = nodes[i]->cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        for (std::int64_t tick = 0; tick < ticks; ++tick) {
            if (!traffic.publishTick(tick)) {
                state.SkipWithError(traffic.error().c_str());
                return;
            }
            if ((tick + 1) % 20 != 0) continue;  // every 100 ms of simulated time
            // The costmap node, the one with the heaviest input, sets the pace: at most two maps
            // behind. (Waiting for acknowledgments would wait for the writers' heartbeat, 3 s.)
            const std::uint64_t maps = traffic.mapsWritten();
            if (maps > 2 && !costmaps.waitFor(maps - 2, std::chrono::seconds(10))) ++lagging;
            // topic-stats, with every topic, at most 10 s of simulated time (2000 Imu samples) behind.
            const std::uint64_t imu = traffic.topics()[0].written;
            if (imu > kTopicStatsLag && !imu_seen.waitFor(imu - kTopicStatsLag, std::chrono::seconds(10))) ++lagging;
            if ((tick + 1) % per_minute == 0) {
                const int minute = static_cast<int>((tick + 1) / per_minute);
                if (std::find(marks.begin(), marks.end(), minute) == marks.end()) continue;
                if (!traffic.acknowledged(std::chrono::seconds(10))) ++lagging;
                for (auto &n : nodes)
                    state.counters[n->name() + "_rss_mb_" + std::to_string(minute) + "min"] = n->rssMb();
            }
        }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        state.SetIterationTime(wall);
        const double simulated = static_cast<double>(ticks * RobotTraffic::kTickNs) * 1e-9;
        state.counters["speed_x_real_time"] = simulated / wall;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const std::string &n = nodes[i]->name();
            state.counters[n + "_cpu_pct_at_rates"] = (nodes[i]->cpuSeconds() - cpu0[i]) / simulated * 100;
            state.counters[n + "_peak_rss_mb"] = nodes[i]->peakRssMb();
            const auto a = state.counters.find(n + "_rss_mb_10min"), b = state.counters.find(n + "_rss_mb_60min");
            if (a != state.counters.end() && b != state.counters.end()) {
                state.counters[n + "_growth_mb"] = b->second.value - a->second.value;
            }
        }
    }
    costmaps.waitFor(traffic.mapsWritten(), std::chrono::seconds(10));
    imu_seen.waitFor(traffic.topics()[0].written, std::chrono::seconds(10));  // the lag it was allowed
    state.counters["lagging_waits"] = static_cast<double>(lagging);
    state.counters["maps_sent"] = static_cast<double>(traffic.mapsWritten());
    state.counters["costmaps_received"] = static_cast<double>(costmaps.count());
    stopAndSummarise(state, nodes, traffic);
}

BENCHMARK(RobotRates)->Unit(benchmark::kSecond)->UseManualTime()->Iterations(1);
BENCHMARK(FastHour)->Unit(benchmark::kSecond)->UseManualTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
