// Live under a robot's load (issue 63): `robometrics live topic-stats`, with its defaults, as its
// own process, against a lidar robot's traffic published from this process over Fast DDS on
// loopback, and what it says about every topic: sent vs counted vs reported lost (with the
// kernel's drops at its sockets), its CPU and its memory. Run it inside the loopback-only
// namespace (docs/live.md, Safety):
//
//   cmake --build build --target bench_liveload robometrics robometrics-live
//   tests/live/run-in-netns build/benchmarks/bench_liveload
//
// Traffic (`Robot12MBps`): /points PointCloud2 of 1.2 MB at 10 Hz, best effort (as lidar drivers
// publish), /imu 400 Hz, /odom 100 Hz, /scan 20 Hz (360 beams), 40 status topics at 10 Hz
// (reliable, rclcpp's default), about 12 MB/s. `Lidar60MBps`: the same with 2 MB clouds at
// 30 Hz. ROBOMETRICS_LIVE_LOAD_SECONDS sets the span (10 s); the node's buffers are its defaults
// (the loopback profile run-in-netns sets gives no sizes); ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES
// gives it a smaller receive buffer instead (below).

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "LiveNodeProcess.hpp"
#include "ProcessStats.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/live/Sandbox.hpp"
#include "robometrics/live/Transport.hpp"
#include "robometrics/msgs/Codec.hpp"

#ifndef ROBOMETRICS_BINARY
#define ROBOMETRICS_BINARY "robometrics"
#endif

namespace fs = std::filesystem;

namespace {

using namespace robometrics;
using benchsupport::LiveNodeProcess;

constexpr int kDomain = 63;
constexpr int kStatusTopics = 40;
constexpr TimeNs kTickNs = 2'500'000;  // 400 Hz, the fastest topic

/// One published topic: its writer, every how many ticks it publishes, its payload, what was sent.
struct LoadTopic {
    std::string name;
    std::unique_ptr<live::Writer> writer;
    int every_ticks = 1;
    std::vector<std::uint8_t> payload;
    std::uint64_t sent = 0;
};

template <class T>
bool addTopic(std::vector<LoadTopic> &topics, live::Transport &peer, const std::string &name, double rate_hz,
              const T &message, const live::Qos &qos, std::string &error) {
    auto writer = peer.createWriter(live::ddsTopicName(name), live::ddsTypeName(msgs::TypeInfo<T>::name), qos);
    if (!writer) {
        error = writer.message();
        return false;
    }
    const int every = static_cast<int>(1e9 / rate_hz / static_cast<double>(kTickNs) + 0.5);
    topics.push_back({name, std::move(*writer), every, msgs::encodeCdr(message), 0});
    return true;
}

/// The robot with clouds of `cloud_bytes` at `cloud_hz`.
std::vector<LoadTopic> robotTopics(live::Transport &peer, std::size_t cloud_bytes, double cloud_hz,
                                   std::string &error) {
    std::vector<LoadTopic> topics;
    msgs::PointCloud2 cloud;
    cloud.height = 1;
    cloud.point_step = 16;
    cloud.width = static_cast<std::uint32_t>(cloud_bytes / cloud.point_step);
    cloud.row_step = cloud.width * cloud.point_step;
    cloud.data.assign(cloud.row_step, 0x3c);
    msgs::LaserScan scan;
    scan.ranges.assign(360, 2.5F);
    scan.intensities.assign(360, 100.0F);
    const live::Qos reliable = live::Qos::rosDefault();
    bool ok = addTopic(topics, peer, "/points", cloud_hz, cloud, live::Qos::sensorData(), error) &&
              addTopic(topics, peer, "/imu", 400, msgs::Imu{}, reliable, error) &&
              addTopic(topics, peer, "/odom", 100, msgs::Odometry{}, reliable, error) &&
              addTopic(topics, peer, "/scan", 20, scan, reliable, error);
    for (int i = 0; ok && i < kStatusTopics; ++i) {
        msgs::String status;
        status.data = "status " + std::to_string(i) + ": ok";
        ok = addTopic(topics, peer, "/status_" + std::to_string(i), 10, status, reliable, error);
    }
    if (!ok) topics.clear();
    return topics;
}

double envSeconds() {
    const char *v = std::getenv("ROBOMETRICS_LIVE_LOAD_SECONDS");
    return v ? std::atof(v) : 10.0;
}

void runLoad(benchmark::State &state, std::size_t cloud_bytes, double cloud_hz) {
    if (const std::string problem = live::loopbackSandboxProblem(); !problem.empty()) {
        state.SkipWithError(("DDS benchmark skipped: " + problem).c_str());
        return;
    }
    setenv("ROS_DOMAIN_ID", std::to_string(kDomain).c_str(), 1);
    char tmpl[] = "/tmp/robometrics-liveload-XXXXXX";
    if (!mkdtemp(tmpl)) {
        state.SkipWithError("cannot make a scratch directory");
        return;
    }
    const fs::path dir = tmpl;
    auto options = live::TransportOptions::fromEnvironment();
    auto peer = options ? live::openFastDds(*options) : Result<std::unique_ptr<live::Transport>>(options.error());
    if (!peer) {
        state.SkipWithError(peer.message().c_str());
        return;
    }
    std::string error;
    std::vector<LoadTopic> topics = robotTopics(**peer, cloud_bytes, cloud_hz, error);
    if (topics.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    const double seconds = envSeconds();
    // ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES=212992 gives the node Linux's default receive buffer
    // through its profile (a profile's size wins), to see what it says when it loses samples.
    if (const char *bytes = std::getenv("ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES")) {
        if (options->profile_file.empty()) {
            state.SkipWithError(
                "ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES needs the loopback profile (run-in-netns sets it)");
            return;
        }
        std::ifstream in(options->profile_file);
        std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string udp = "<type>UDPv4</type>";
        if (xml.find(udp) == std::string::npos) {
            state.SkipWithError("the profile has no UDPv4 transport to size");
            return;
        }
        xml.insert(xml.find(udp) + udp.size(), fmt::format("<receiveBufferSize>{}</receiveBufferSize>", bytes));
        std::ofstream(dir / "node-profile.xml") << xml;
        setenv("FASTRTPS_DEFAULT_PROFILES_FILE", (dir / "node-profile.xml").c_str(), 1);  // the node's, not ours
    }
    const std::string loopback = options->profile_file;
    LiveNodeProcess node("topic_stats", ROBOMETRICS_BINARY,
                         {"topic-stats", "--json", "--duration", std::to_string(static_cast<int>(seconds + 60))}, dir);
    if (!loopback.empty()) setenv("FASTRTPS_DEFAULT_PROFILES_FILE", loopback.c_str(), 1);  // the next run's peer
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    auto matched = [&] {
        for (const auto &t : topics) {
            if (t.writer->matched() == 0) return false;
        }
        return true;
    };
    while (node.running() && !matched()) {
        if (std::chrono::steady_clock::now() > deadline) {
            state.SkipWithError("the node's readers did not match within 30 s");
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    for (auto _ : state) {
        const double cpu0 = node.cpuSeconds(), self0 = benchsupport::processCpuSeconds();
        const double rss0 = node.rssMb();
        double rss_third = 0;
        const auto t0 = std::chrono::steady_clock::now();
        const auto ticks = static_cast<std::int64_t>(seconds * 1e9 / static_cast<double>(kTickNs));
        for (std::int64_t tick = 0; tick < ticks; ++tick) {
            std::this_thread::sleep_until(t0 + std::chrono::nanoseconds(tick * kTickNs));
            for (auto &t : topics) {
                if (tick % t.every_ticks != 0) continue;
                if (t.writer->write(t.payload).ok()) ++t.sent;
            }
            if (tick == ticks / 3) rss_third = node.rssMb();
        }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        state.counters["node_cpu_pct"] = (node.cpuSeconds() - cpu0) / wall * 100;
        state.counters["publisher_cpu_pct"] = (benchsupport::processCpuSeconds() - self0) / wall * 100;
        state.counters["node_rss_mb_start"] = rss0;
        state.counters["node_rss_mb_third"] = rss_third;
        state.counters["node_rss_mb_end"] = node.rssMb();
        state.SetIterationTime(wall);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));  // the last samples arrive
    const int status = node.stop();                                // SIGINT: the node prints its summary
    if (status != 0) {
        state.SkipWithError(("the node exited with " + std::to_string(status) + ": " + node.errText()).c_str());
        return;
    }
    const nlohmann::json summary = node.summary();
    if (!summary.contains("samples_lost")) {
        state.SkipWithError(("no summary: " + node.errText()).c_str());
        return;
    }
    std::map<std::string, std::uint64_t> counted;
    for (const auto &t : summary["topics"]) counted[t["topic"].get<std::string>()] = t["count"].get<std::uint64_t>();
    const auto &lost = summary["samples_lost"]["topics"];
    std::map<std::string, double> sent_by, counted_by, lost_by;
    double unexplained = 0;
    for (const auto &t : topics) {
        const std::string group = t.name.starts_with("/status_") ? "status" : t.name.substr(1);
        const double c = static_cast<double>(counted[t.name]);
        const double l = lost.contains(t.name) ? lost[t.name]["lost"].get<double>() : 0.0;
        sent_by[group] += static_cast<double>(t.sent);
        counted_by[group] += c;
        lost_by[group] += l;
        unexplained += std::abs(static_cast<double>(t.sent) - c - l);
    }
    for (const auto &[group, n] : sent_by) {
        state.counters[group + "_sent"] = n;
        state.counters[group + "_counted"] = counted_by[group];
        state.counters[group + "_lost"] = lost_by[group];
    }
    state.counters["kernel_drops"] = summary["samples_lost"]["kernel_datagrams_dropped"].get<double>();
    state.counters["unexplained"] = unexplained;  // |sent - counted - reported lost|, all topics
    state.counters["notice_cap"] = node.errText().find("sysctl") != std::string::npos ? 1 : 0;
    if (!std::getenv("ROBOMETRICS_LIVE_BENCH_KEEP")) {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
}

void Robot12MBps(benchmark::State &state) { runLoad(state, 1'200'000, 10); }
void Lidar60MBps(benchmark::State &state) { runLoad(state, 2'000'000, 30); }

BENCHMARK(Robot12MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(Lidar60MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
