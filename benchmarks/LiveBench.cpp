// The live path: messages per second through DDS into an analyzer, and the latency from a
// sample's reception to the published result, each next to a baseline measured in the same run.
// DDS benchmarks create participants, so they only run inside the loopback-only namespace:
//   tests/live/run-in-netns build/benchmarks/bench_live
// Elsewhere they are skipped with the reason (the baselines still run). Both participants live in
// this process, with Fast DDS's intraprocess short-cut off: samples go through UDP on loopback.
//
//   Decode/Imu, Decode/Scan   msgs::decodeCdr + TraversalMetrics::onImu/onScan from memory (baseline)
//   Dds/Imu, Dds/Scan         the same messages written by a peer participant (reliable), received
//                             through live::DdsSource, decoded and fed to TraversalMetrics
//   Detect                    decode an AMCL pose + LostDetector + encode the status (baseline)
//   DdsRoundTrip              peer writes a pose -> DdsSource -> LostDetector -> live::Publisher ->
//                             peer receives the status; counters: round trip and, inside the tool,
//                             reception -> status published (us)
// Counter `x_baseline` = rate / the baseline's rate in this run.

#include <benchmark/benchmark.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/Publisher.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/live/Sandbox.hpp"
#include "robometrics/localization/CovarianceFeatures.hpp"
#include "robometrics/localization/LostDetector.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace {

using namespace robometrics;
constexpr int kBatch = 2000;
constexpr int kWindow = 32;
constexpr TimeNs kStart = 1'700'000'000'000'000'000;

std::map<std::string, double> g_baseline_rate;

TimeNs wallNow() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<std::uint8_t> imuPayload(int i) {
    msgs::Imu imu;
    imu.header.stamp = msgs::Time::fromNs(kStart + i * 10'000'000LL);
    imu.header.frame_id = "imu_link";
    imu.linear_acceleration = {0.1 * (i % 7), 0.2, 9.81};
    imu.angular_velocity = {0.01, 0.02 * (i % 3), 0.03};
    return msgs::encodeCdr(imu);
}

std::vector<std::uint8_t> scanPayload(int i) {
    msgs::LaserScan scan;
    scan.header.stamp = msgs::Time::fromNs(kStart + i * 100'000'000LL);
    scan.header.frame_id = "laser";
    scan.angle_increment = 0.0174533f;
    scan.range_max = 30.0f;
    scan.ranges.resize(360);
    for (std::size_t k = 0; k < scan.ranges.size(); ++k) scan.ranges[k] = 1.0f + static_cast<float>((k + i) % 50) * 0.1f;
    return msgs::encodeCdr(scan);
}

bool isScan(const std::string &name) { return name == "Scan"; }

/// Decode + analyzer, the work the pipeline does per message.
struct Feed {
    traversal::TraversalMetrics metrics;
    msgs::Imu imu;
    msgs::LaserScan scan;
    void operator()(bool scan_topic, std::span<const std::uint8_t> data, TimeNs t) {
        if (scan_topic) {
            if (msgs::decodeCdr(data, scan).ok()) metrics.onScan(scan, t);
        } else {
            if (msgs::decodeCdr(data, imu).ok()) metrics.onImu(imu, t);
        }
    }
};

/// msgs_per_s from the wall time of the timed loop; x_baseline against the in-memory baseline.
void setRate(benchmark::State &state, const std::string &key, double seconds, bool baseline) {
    const double rate = seconds > 0 ? static_cast<double>(state.iterations()) * kBatch / seconds : 0.0;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kBatch);
    state.counters["msgs_per_s"] = rate;
    if (baseline) {
        g_baseline_rate[key] = rate;
    } else if (auto it = g_baseline_rate.find(key); it != g_baseline_rate.end() && it->second > 0) {
        state.counters["x_baseline"] = rate / it->second;
    }
}

void Decode(benchmark::State &state, const std::string &kind) {
    std::vector<std::vector<std::uint8_t>> payloads;
    for (int i = 0; i < kBatch; ++i) payloads.push_back(isScan(kind) ? scanPayload(i) : imuPayload(i));
    Feed feed;
    const auto started = std::chrono::steady_clock::now();
    for (auto _ : state) {
        for (int i = 0; i < kBatch; ++i) feed(isScan(kind), payloads[static_cast<std::size_t>(i)], kStart + i);
        benchmark::ClobberMemory();
    }
    setRate(state, kind, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), true);
}

std::unique_ptr<live::Transport> openOrSkip(benchmark::State &state) {
    const std::string problem = live::loopbackSandboxProblem();
    if (!problem.empty()) {
        state.SkipWithError(("DDS benchmark skipped: " + problem).c_str());
        return nullptr;
    }
    auto options = live::TransportOptions::fromEnvironment();
    if (!options) {
        state.SkipWithError(options.message().c_str());
        return nullptr;
    }
    options->intraprocess = false;  // through UDP on loopback, as between two processes
    auto transport = live::openFastDds(*options);
    if (!transport) {
        state.SkipWithError(transport.message().c_str());
        return nullptr;
    }
    return std::move(*transport);
}

void Dds(benchmark::State &state, const std::string &kind) {
    auto peer = openOrSkip(state);
    if (!peer) return;
    auto tool = openOrSkip(state);
    if (!tool) return;
    const std::string topic = isScan(kind) ? "/scan" : "/imu/data";
    const std::string type = isScan(kind) ? "sensor_msgs/msg/LaserScan" : "sensor_msgs/msg/Imu";
    live::Qos qos = live::Qos::rosDefault();
    qos.depth = kBatch;  // reliable and deep enough that a burst is never overwritten before it is acked
    auto writer = peer->createWriter(live::ddsTopicName(topic), live::ddsTypeName(type), qos);
    if (!writer) {
        state.SkipWithError(writer.message().c_str());
        return;
    }
    live::DdsSourceOptions options;
    options.topics = {topic};
    options.qos = {live::Reliability::Reliable, live::Durability::Volatile, kBatch};
    live::DdsSource source(*tool, options);
    std::vector<std::vector<std::uint8_t>> payloads;
    for (int i = 0; i < kBatch; ++i) payloads.push_back(isScan(kind) ? scanPayload(i) : imuPayload(i));
    // Wait for the match on both sides (the source subscribes on discovery, from next()).
    bag::Message m;
    std::atomic<bool> stop{false};
    std::thread warmup([&] {
        while (!stop) {
            (void)(*writer)->write(payloads[0]);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    });
    auto first = source.next(m);
    stop = true;
    warmup.join();
    if (!first || !*first) {
        state.SkipWithError("no match within the source's time");
        return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // Drain the warm-up samples.
    const std::uint64_t warm = source.received();
    for (std::uint64_t k = 1; k < warm; ++k) (void)source.next(m);
    Feed feed;
    std::uint64_t lost = 0;
    const auto started = std::chrono::steady_clock::now();
    for (auto _ : state) {
        // At most kWindow samples in flight, so that UDP socket buffers never overflow (a lost
        // fragment costs a reliable writer a heartbeat round before the repair).
        std::atomic<int> got{0};
        std::thread producer([&] {
            for (int i = 0; i < kBatch; ++i) {
                while (i - got.load() >= kWindow) std::this_thread::yield();
                (void)(*writer)->write(payloads[static_cast<std::size_t>(i)]);
            }
        });
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (got < kBatch && std::chrono::steady_clock::now() < deadline) {
            auto more = source.next(m);
            if (!more || !*more) break;
            feed(isScan(kind), m.data, m.log_time);
            ++got;
        }
        producer.join();
        lost += static_cast<std::uint64_t>(kBatch - got);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    state.counters["lost"] = static_cast<double>(lost);
    setRate(state, kind, seconds, false);
}

void Detect(benchmark::State &state) {
    msgs::PoseWithCovarianceStamped pose;
    pose.pose.covariance[0] = pose.pose.covariance[7] = 0.2;
    pose.pose.covariance[35] = 0.1;
    const auto payload = msgs::encodeCdr(pose);
    localization::LostDetector detector{localization::LostDetectorConfig{}};
    msgs::PoseWithCovarianceStamped decoded;
    std::vector<std::uint8_t> out;
    for (auto _ : state) {
        (void)msgs::decodeCdr(payload, decoded);
        auto r = detector.onFeatures(localization::covarianceFeatures(decoded.pose.covariance), kStart);
        msgs::encodeCdr(msgs::String{std::string(localization::toString(r.status))}, out);
        benchmark::DoNotOptimize(out.data());
    }
}

void DdsRoundTrip(benchmark::State &state) {
    auto peer = openOrSkip(state);
    if (!peer) return;
    auto tool = openOrSkip(state);
    if (!tool) return;
    auto writer = peer->createWriter("rt/amcl_pose", "geometry_msgs::msg::dds_::PoseWithCovarianceStamped_",
                                     live::Qos::rosDefault());
    std::mutex mutex;
    std::condition_variable cv;
    std::uint64_t replies = 0;
    auto reader = peer->createReader("rt/lost_detector/status", "std_msgs::msg::dds_::String_", live::Qos::rosDefault(),
                                     [&](live::Sample &&) {
                                         {
                                             std::lock_guard lock(mutex);
                                             ++replies;
                                         }
                                         cv.notify_all();
                                     });
    if (!writer || !reader) {
        state.SkipWithError("cannot create the peer endpoints");
        return;
    }
    // The tool: DdsSource -> LostDetector -> Publisher, on its own thread.
    std::atomic<bool> stop{false};
    std::atomic<std::int64_t> inside_ns{0}, inside_count{0};
    std::thread node([&] {
        live::DdsSourceOptions options;
        options.topics = {"/amcl_pose"};
        options.stop_requested = [&] { return stop.load(); };
        live::DdsSource source(*tool, options);
        live::Publisher publisher(*tool);
        (void)publisher.advertise<msgs::String>("/lost_detector/status");
        localization::LostDetector detector{localization::LostDetectorConfig{}};
        msgs::PoseWithCovarianceStamped pose;
        bag::Message m;
        while (true) {
            auto more = source.next(m);
            if (!more || !*more) break;
            if (!msgs::decodeCdr(m.data, pose).ok()) continue;
            auto r = detector.onFeatures(localization::covarianceFeatures(pose.pose.covariance), m.log_time);
            (void)publisher.publish("/lost_detector/status", msgs::String{std::string(localization::toString(r.status))});
            inside_ns += wallNow() - m.log_time;
            ++inside_count;
        }
    });
    msgs::PoseWithCovarianceStamped pose;
    pose.pose.covariance[0] = pose.pose.covariance[7] = 0.2;
    const auto payload = msgs::encodeCdr(pose);
    // Warm up until a reply comes back (both sides matched).
    bool ready = false;
    for (int i = 0; i < 500 && !ready; ++i) {
        (void)(*writer)->write(payload);
        std::unique_lock lock(mutex);
        ready = cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return replies > 0; });
    }
    if (!ready) {
        stop = true;
        node.join();
        state.SkipWithError("no reply within 10 s");
        return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    inside_ns = 0;
    inside_count = 0;
    double total_s = 0;
    std::uint64_t timeouts = 0;
    for (auto _ : state) {
        std::uint64_t before;
        {
            std::lock_guard lock(mutex);
            before = replies;
        }
        const auto sent = std::chrono::steady_clock::now();
        (void)(*writer)->write(payload);
        std::unique_lock lock(mutex);
        if (!cv.wait_for(lock, std::chrono::seconds(1), [&] { return replies > before; })) ++timeouts;
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
        total_s += s;
        state.SetIterationTime(s);
    }
    stop = true;
    node.join();
    state.counters["round_trip_us"] = total_s / static_cast<double>(state.iterations()) * 1e6;
    state.counters["receive_to_publish_us"] =
        inside_count ? static_cast<double>(inside_ns) / static_cast<double>(inside_count) / 1e3 : 0.0;
    state.counters["timeouts"] = static_cast<double>(timeouts);
}

BENCHMARK_CAPTURE(Decode, Imu, std::string("Imu"))->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(Dds, Imu, std::string("Imu"))->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);
BENCHMARK_CAPTURE(Decode, Scan, std::string("Scan"))->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(Dds, Scan, std::string("Scan"))->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);
BENCHMARK(Detect)->Unit(benchmark::kMicrosecond);
BENCHMARK(DdsRoundTrip)->Unit(benchmark::kMicrosecond)->UseManualTime()->Iterations(2000);

}  // namespace

BENCHMARK_MAIN();
