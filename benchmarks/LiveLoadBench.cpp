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
//
// `CycloneRobot12MBps` and `CycloneLidar63MBps` send the same traffic from the independent peer
// of the acceptance instead: tests/live/cyclone/CycloneLoadPeer.c, a Cyclone DDS
// participant with idlc-generated ROS 2 types, as its own process (built with cyclonedds-dev).
// `false_drops` counts the estimated drops of topics that got every sample sent. After each run a
// table on stderr gives per topic sent, counted, lost, before the first / after the last sample
// that arrived, the node's sequence gaps, its kind and on-clock share, and a verdict (complete,
// lost and reported, unseen at a stream's ends, UNEXPLAINED; "kind MISJUDGED" when a topic sent on
// a clock is not called periodic). ROBOMETRICS_LIVE_LOAD_FORCE_RECEIVE_BYTES gives the node's
// sockets that receive buffer past net.core.rmem_max (root only; docs/live.md).

#include <benchmark/benchmark.h>
#include <dirent.h>
#include <fmt/format.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
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

/// The smallest receive buffer of process `pid`'s UDP sockets (getsockopt's value halved: Linux
/// reports twice the size asked, its bookkeeping share included), 0 when none could be read. With
/// `force_bytes` > 0 it first sets each one's buffer to that size past net.core.rmem_max
/// (SO_RCVBUFFORCE, which needs CAP_NET_ADMIN; no sysctl is changed), through a copy of the
/// socket taken with pidfd_getfd (the same socket, so the node's own). Errors go to `error`.
std::uint64_t nodeReceiveBuffers(pid_t pid, int force_bytes, std::string &error) {
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    if (pidfd < 0) {
        error = "pidfd_open failed";
        return 0;
    }
    std::uint64_t smallest = 0;
    const std::string fd_dir = "/proc/" + std::to_string(pid) + "/fd";
    if (DIR *dir = opendir(fd_dir.c_str())) {
        while (const dirent *entry = readdir(dir)) {
            char target[64];
            const ssize_t n = readlink((fd_dir + "/" + entry->d_name).c_str(), target, sizeof target - 1);
            if (n <= 0 || std::string_view(target, static_cast<std::size_t>(n)).rfind("socket:[", 0) != 0) continue;
            const int fd = static_cast<int>(syscall(SYS_pidfd_getfd, pidfd, std::atoi(entry->d_name), 0));
            if (fd < 0) {
                error = "pidfd_getfd failed (needs ptrace rights over the node)";
                continue;
            }
            int type = 0, size = 0;
            socklen_t len = sizeof type;
            if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_DGRAM) {
                if (force_bytes > 0 &&
                    setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &force_bytes, sizeof force_bytes) != 0)
                    error = "SO_RCVBUFFORCE refused (needs CAP_NET_ADMIN)";
                len = sizeof size;
                if (getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, &len) == 0) {
                    const auto granted = static_cast<std::uint64_t>(size) / 2;
                    smallest = smallest == 0 ? granted : std::min(smallest, granted);
                }
            }
            close(fd);
        }
        closedir(dir);
    }
    close(pidfd);
    return smallest;
}

/// What both senders share: the scratch directory, the node (started with its defaults, or the
/// receive buffer of ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES through its profile) and the report.
class LoadRun {
public:
    /// False (the state skipped with the reason) when the run cannot be made here.
    bool start(benchmark::State &state) {
        if (const std::string problem = live::loopbackSandboxProblem(); !problem.empty()) {
            state.SkipWithError(("DDS benchmark skipped: " + problem).c_str());
            return false;
        }
        setenv("ROS_DOMAIN_ID", std::to_string(kDomain).c_str(), 1);
        char tmpl[] = "/tmp/robometrics-liveload-XXXXXX";
        if (!mkdtemp(tmpl)) {
            state.SkipWithError("cannot make a scratch directory");
            return false;
        }
        dir_ = tmpl;
        const char *profile = std::getenv("FASTRTPS_DEFAULT_PROFILES_FILE");
        const std::string loopback = profile ? profile : "";
        // ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES=212992 gives the node Linux's default receive buffer
        // through its profile (a profile's size wins), to see what it says when it loses samples.
        if (const char *bytes = std::getenv("ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES")) {
            if (loopback.empty()) {
                state.SkipWithError(
                    "ROBOMETRICS_LIVE_LOAD_RECEIVE_BYTES needs the loopback profile (run-in-netns sets it)");
                return false;
            }
            std::ifstream in(loopback);
            std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const std::string udp = "<type>UDPv4</type>";
            if (xml.find(udp) == std::string::npos) {
                state.SkipWithError("the profile has no UDPv4 transport to size");
                return false;
            }
            xml.insert(xml.find(udp) + udp.size(), fmt::format("<receiveBufferSize>{}</receiveBufferSize>", bytes));
            std::ofstream(dir_ / "node-profile.xml") << xml;
            setenv("FASTRTPS_DEFAULT_PROFILES_FILE", (dir_ / "node-profile.xml").c_str(), 1);  // the node's, not ours
        }
        node_ = std::make_unique<LiveNodeProcess>(
            "topic_stats", ROBOMETRICS_BINARY,
            std::vector<std::string>{"topic-stats", "--json", "--duration",
                                     std::to_string(static_cast<int>(envSeconds() + 60))},
            dir_);
        if (!loopback.empty()) setenv("FASTRTPS_DEFAULT_PROFILES_FILE", loopback.c_str(), 1);  // the next run's peer
        // ROBOMETRICS_LIVE_LOAD_FORCE_RECEIVE_BYTES=8388608: the node's sockets get the 8 MiB it asks
        // for even where net.core.rmem_max caps it (set from here, docs/live.md; root only).
        if (const char *bytes = std::getenv("ROBOMETRICS_LIVE_LOAD_FORCE_RECEIVE_BYTES")) {
            std::string error;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (nodeReceiveBuffers(node_->pid(), 0, error) == 0 && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            std::this_thread::sleep_for(std::chrono::milliseconds(1000));  // every socket of its participant
            const std::uint64_t got = nodeReceiveBuffers(node_->pid(), std::atoi(bytes), error);
            if (!error.empty() || got < std::strtoull(bytes, nullptr, 10)) {
                state.SkipWithError(("cannot force the node's receive buffers: " + error).c_str());
                return false;
            }
        }
        return true;
    }
    LiveNodeProcess &node() { return *node_; }
    const fs::path &dir() const { return dir_; }

    /// Stops the node (SIGINT: it prints its summary) and reports per topic group (the status
    /// topics together) sent, counted and reported lost against `sent`.
    void report(benchmark::State &state, const std::map<std::string, std::uint64_t> &sent) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1000));  // the last samples arrive
        std::string buffer_error;  // what the node's sockets had at the end (granted, or forced)
        state.counters["node_rcvbuf_bytes"] = static_cast<double>(nodeReceiveBuffers(node_->pid(), 0, buffer_error));
        const int status = node_->stop();
        if (status != 0) {
            state.SkipWithError(("the node exited with " + std::to_string(status) + ": " + node_->errText()).c_str());
            return;
        }
        const nlohmann::json summary = node_->summary();
        if (!summary.contains("samples_lost")) {
            state.SkipWithError(("no summary: " + node_->errText()).c_str());
            return;
        }
        std::map<std::string, std::uint64_t> counted, estimated_drops;
        std::map<std::string, std::string> kind;
        std::map<std::string, double> on_clock;  // the share of periods on the topic's clock (periodic: 0.9)
        for (const auto &t : summary["topics"]) {
            const std::string name = t["topic"].get<std::string>();
            counted[name] = t["count"].get<std::uint64_t>();
            kind[name] = t.value("kind", std::string("?"));
            const auto share = t.find("on_clock_share");
            on_clock[name] = share != t.end() && share->is_number() ? share->get<double>() : -1;
            const auto drops = t.find("estimated_drops");  // null when the topic does not look periodic
            if (drops != t.end() && drops->is_number()) estimated_drops[name] = drops->get<std::uint64_t>();
        }
        const auto &lost = summary["samples_lost"]["topics"];
        std::map<std::string, double> sent_by, counted_by, lost_by;
        double unexplained = 0, false_drops = 0, before_first = 0, after_last = 0, unreported_gaps = 0, misjudged = 0,
               beyond_ends = 0;
        std::string table = fmt::format("{:<12} {:>6} {:>7} {:>5} {:>6} {:>6} {:>5} {:<13} {:>8} {}\n", "topic", "sent",
                                        "counted", "lost", "before", "after", "gaps", "kind", "on_clock", "verdict");
        for (const auto &[name, n] : sent) {
            const std::string group = name.starts_with("/status_") ? "status" : name.substr(1);
            const nlohmann::json none = nlohmann::json::object();
            const nlohmann::json &l = lost.contains(name) ? lost[name] : none;
            const auto c = counted[name];
            const auto reported = l.value("lost", std::uint64_t{0});
            const auto before = l.value("before_first", std::uint64_t{0});
            const auto gaps = l.value("sequence_gaps", std::uint64_t{0});
            // Written after the last sample that arrived: the sender knows, the node cannot.
            const auto through = l.value("written_through_last", n);
            const std::int64_t after = static_cast<std::int64_t>(n) - static_cast<std::int64_t>(through);
            const auto miss = static_cast<std::int64_t>(n) - static_cast<std::int64_t>(c + reported);
            sent_by[group] += static_cast<double>(n);
            counted_by[group] += static_cast<double>(c);
            lost_by[group] += static_cast<double>(reported);
            before_first += static_cast<double>(before);
            after_last += static_cast<double>(after);
            unreported_gaps += gaps > l.value("dds_sample_lost", std::uint64_t{0})
                                   ? static_cast<double>(gaps - l.value("dds_sample_lost", std::uint64_t{0}))
                                   : 0.0;
            unexplained += static_cast<double>(std::abs(miss));
            // A topic that got every sample sent and still shows estimated drops: a false drop.
            if (c == n) false_drops += static_cast<double>(estimated_drops[name]);
            // Every topic of this traffic is sent on a clock: anything but periodic (or lossy, when
            // it lost samples) misjudges it.
            const bool kind_ok = kind[name] == "periodic" || (reported > 0 && kind[name] == "lossy");
            if (!kind_ok) ++misjudged;
            // A best-effort writer's samples before its first and after its last that arrived show no
            // gap: the node cannot count them, the sender can (docs/live.md, Limits).
            const std::int64_t ends = static_cast<std::int64_t>(before) + after;
            std::string verdict = miss == 0 ? (reported ? fmt::format("lost {}, reported", reported) : "complete")
                                  : miss == ends
                                      ? fmt::format("lost {} reported, {} unseen at the ends", reported, miss)
                                      : fmt::format("UNEXPLAINED {}", miss - ends);
            beyond_ends += static_cast<double>(std::abs(miss - ends));
            if (!kind_ok) verdict += ", kind MISJUDGED";
            // The 40 status topics: only those worth a look.
            if (group != "status" || miss != 0 || reported || !kind_ok)
                table += fmt::format("{:<12} {:>6} {:>7} {:>5} {:>6} {:>6} {:>5} {:<13} {:>8.3f} {}\n", name, n, c,
                                     reported, before, after, gaps, kind[name], on_clock[name], verdict);
        }
        std::fputs(table.c_str(), stderr);
        for (const auto &[group, n] : sent_by) {
            state.counters[group + "_sent"] = n;
            state.counters[group + "_counted"] = counted_by[group];
            state.counters[group + "_lost"] = lost_by[group];
        }
        state.counters["kernel_drops"] = summary["samples_lost"]["kernel_datagrams_dropped"].get<double>();
        state.counters["unexplained"] = unexplained;  // |sent - counted - reported lost|, all topics
        state.counters["false_drops"] = false_drops;
        state.counters["before_first"] = before_first;        // written before each writer's first arrival
        state.counters["after_last"] = after_last;            // written after each writer's last arrival
        state.counters["unreported_gaps"] = unreported_gaps;  // skipped sequence numbers not in DDS's lost
        state.counters["kind_misjudged"] = misjudged;
        state.counters["unexplained_beyond_ends"] = beyond_ends;  // what neither the node nor the ends explain
        state.counters["notice_cap"] = node_->errText().find("sysctl") != std::string::npos ? 1 : 0;
    }

    ~LoadRun() {
        node_.reset();
        if (!dir_.empty() && !std::getenv("ROBOMETRICS_LIVE_BENCH_KEEP")) {
            std::error_code ec;
            fs::remove_all(dir_, ec);
        }
    }

private:
    fs::path dir_;
    std::unique_ptr<LiveNodeProcess> node_;
};

/// The traffic from this process's Fast DDS writers.
void runLoad(benchmark::State &state, std::size_t cloud_bytes, double cloud_hz) {
    LoadRun run;
    if (!run.start(state)) return;
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
    LiveNodeProcess &node = run.node();
    const double seconds = envSeconds();
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
    std::map<std::string, std::uint64_t> sent;
    for (const auto &t : topics) sent[t.name] = t.sent;
    run.report(state, sent);
}

/// The traffic from the independent peer: tests/live/cyclone/CycloneLoadPeer.c, Cyclone DDS with
/// idlc-generated types, as its own process (it counts what it wrote). The node's CPU is measured
/// from the peer's first sample to its exit, its resident memory every 100 ms of that span.
void runCycloneLoad(benchmark::State &state, std::size_t cloud_bytes, double cloud_hz) {
#ifndef ROBOMETRICS_CYCLONE_LOAD_PEER
    (void)cloud_bytes;
    (void)cloud_hz;
    state.SkipWithError("Cyclone DDS peer not built (install cyclonedds-dev)");
#else
    LoadRun run;
    if (!run.start(state)) return;
    LiveNodeProcess &node = run.node();
    const double seconds = envSeconds();
    LiveNodeProcess peer(LiveNodeProcess::Command{}, "cyclone_peer",
                         {ROBOMETRICS_CYCLONE_LOAD_PEER, fmt::format("{}", seconds), std::to_string(cloud_bytes),
                          fmt::format("{}", cloud_hz)},
                         run.dir());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(40);
    while (peer.errText().find("publishing") == std::string::npos) {
        if (peer.waitExit(0.02) != -1 || std::chrono::steady_clock::now() > deadline) {
            state.SkipWithError(("the Cyclone peer did not start publishing: " + peer.errText()).c_str());
            return;
        }
    }
    for (auto _ : state) {
        const double cpu0 = node.cpuSeconds();
        const double rss0 = node.rssMb();
        double rss_third = 0, rss_max = rss0;
        const auto t0 = std::chrono::steady_clock::now();
        int status = -1;
        while ((status = peer.waitExit(0.1)) == -1) {
            const double rss = node.rssMb();
            rss_max = std::max(rss_max, rss);
            if (rss_third == 0 && std::chrono::steady_clock::now() - t0 > std::chrono::duration<double>(seconds / 3))
                rss_third = rss;
        }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (status != 0) {
            state.SkipWithError(("the Cyclone peer failed: " + peer.errText()).c_str());
            return;
        }
        state.counters["node_cpu_pct"] = (node.cpuSeconds() - cpu0) / wall * 100;
        state.counters["node_rss_mb_start"] = rss0;
        state.counters["node_rss_mb_third"] = rss_third;
        state.counters["node_rss_mb_end"] = node.rssMb();
        state.counters["node_rss_mb_max"] = rss_max;
        state.SetIterationTime(wall);
    }
    std::map<std::string, std::uint64_t> sent;
    std::istringstream lines(peer.outText());
    std::string topic;
    std::uint64_t n = 0;
    while (lines >> topic >> n) sent[topic] = n;
    std::fputs(("the Cyclone peer said:\n" + peer.errText()).c_str(), stderr);  // its pacing, unacknowledged topics
    if (sent.empty()) {
        state.SkipWithError(("the Cyclone peer reported nothing: " + peer.errText()).c_str());
        return;
    }
    run.report(state, sent);
#endif
}

void Robot12MBps(benchmark::State &state) { runLoad(state, 1'200'000, 10); }
void Lidar60MBps(benchmark::State &state) { runLoad(state, 2'000'000, 30); }
void CycloneRobot12MBps(benchmark::State &state) { runCycloneLoad(state, 1'200'000, 10); }
void CycloneLidar63MBps(benchmark::State &state) { runCycloneLoad(state, 2'000'000, 30); }

BENCHMARK(Robot12MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(Lidar60MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(CycloneRobot12MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(CycloneLidar63MBps)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
