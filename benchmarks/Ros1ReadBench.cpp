// ROS 1 bag read throughput against the MCAP reader on the same messages. Setup writes one
// stream of LaserScan (40 Hz, 720 beams) and Imu (200 Hz) twice: as an MCAP file (CDR payloads)
// and as ROS 1 bags (ROS 1 payloads), both in 1 MiB chunks, MCAP with lz4 and zstd, ROS 1 with
// lz4, none and bz2. Then it measures, through bag::openBag as every command reads:
//   Read/<file>        every message in log-time order
//   ReadDecode/<file>  plus the typed decode of every message (decodeCdr / decodeRos1)
// and prints messages/s and the ratio of each ROS 1 reader to the MCAP lz4 reader (the same
// compression). Size: ROBOMETRICS_BENCH_ROS1_MB of uncompressed messages (default 200). Rates use
// process CPU time (one thread) so other load on a shared machine does not distort the ratios.
//   ScanNeverClosed/<file>/loaders:N   the walk that rebuilds the index of the bag as a recorder
//                      that died leaves it (index_pos 0, cut at 90 %; ros1/BagScan.hpp), its chunks
//                      decompressed on N loading threads: wall time, against N = 0 in the same run

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/BagScan.hpp"
#include "robometrics/bag/ros1/Writer.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

fs::path g_dir;
std::uint64_t g_messages = 0;
std::map<std::string, double> g_rate;  // messages per CPU second, by benchmark name

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

msgs::LaserScan scanAt(TimeNs t, int i) {
    msgs::LaserScan s;
    s.header.stamp = msgs::Time::fromNs(t);
    s.header.frame_id = "base_scan";
    s.angle_min = -3.1f;
    s.angle_max = 3.1f;
    s.angle_increment = 6.2f / 720;
    s.range_min = 0.05f;
    s.range_max = 25.0f;
    s.ranges.resize(720);
    s.intensities.resize(720);
    for (std::size_t k = 0; k < 720; ++k) {
        s.ranges[k] = static_cast<float>(3.0 + std::sin(0.01 * static_cast<double>(k) + 0.002 * i) +
                                         0.0005 * ((k * 13 + i) % 17));
        s.intensities[k] = static_cast<float>((k * 5 + static_cast<std::size_t>(i)) % 200);
    }
    return s;
}

msgs::Imu imuAt(TimeNs t, int i) {
    msgs::Imu m;
    m.header.stamp = msgs::Time::fromNs(t);
    m.header.frame_id = "imu_link";
    m.orientation.z = std::sin(i * 5e-5);
    m.orientation.w = std::cos(i * 5e-5);
    m.angular_velocity.z = 0.02 * std::cos(i * 0.01);
    m.linear_acceleration.z = 9.81 + 0.01 * std::sin(i * 0.3);
    return m;
}

// ROS 1 serialization of the two types, written out by hand for the setup (the project only
// reads ROS 1): packed little endian, Header with seq, strings without NUL.
class Ros1Out {
public:
    template <class T>
    void put(T v) {
        const std::size_t at = bytes.size();
        bytes.resize(at + sizeof(T));
        std::memcpy(bytes.data() + at, &v, sizeof(T));
    }
    template <class T>
    void putAll(const T *values, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) put(values[i]);
    }
    void header(const msgs::Header &h, std::uint32_t seq) {
        put(seq);
        put(static_cast<std::uint32_t>(h.stamp.sec));
        put(h.stamp.nanosec);
        put(static_cast<std::uint32_t>(h.frame_id.size()));
        for (char c : h.frame_id) put(c);
    }
    std::vector<std::uint8_t> bytes;
};

std::vector<std::uint8_t> ros1Bytes(const msgs::LaserScan &s, std::uint32_t seq) {
    Ros1Out o;
    o.header(s.header, seq);
    for (float f :
         {s.angle_min, s.angle_max, s.angle_increment, s.time_increment, s.scan_time, s.range_min, s.range_max})
        o.put(f);
    o.put(static_cast<std::uint32_t>(s.ranges.size()));
    o.putAll(s.ranges.data(), s.ranges.size());
    o.put(static_cast<std::uint32_t>(s.intensities.size()));
    o.putAll(s.intensities.data(), s.intensities.size());
    return o.bytes;
}

std::vector<std::uint8_t> ros1Bytes(const msgs::Imu &m, std::uint32_t seq) {
    Ros1Out o;
    o.header(m.header, seq);
    for (double v : {m.orientation.x, m.orientation.y, m.orientation.z, m.orientation.w}) o.put(v);
    o.putAll(m.orientation_covariance.data(), 9);
    for (double v : {m.angular_velocity.x, m.angular_velocity.y, m.angular_velocity.z}) o.put(v);
    o.putAll(m.angular_velocity_covariance.data(), 9);
    for (double v : {m.linear_acceleration.x, m.linear_acceleration.y, m.linear_acceleration.z}) o.put(v);
    o.putAll(m.linear_acceleration_covariance.data(), 9);
    return o.bytes;
}

bool generate(std::uint64_t target_bytes) {
    std::map<std::string, bag::TypedWriter> mcaps;
    for (auto [name, compression] :
         {std::pair{"lz4.mcap", bag::Compression::Lz4}, {"zstd.mcap", bag::Compression::Zstd}}) {
        bag::McapWriterOptions options;
        options.compression = compression;
        auto w = bag::TypedWriter::open((g_dir / name).string(), options);
        if (!w) return false;
        mcaps.emplace(name, std::move(*w));
    }
    std::vector<bag::ros1::Writer> bags;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> conns;  // (scan, imu) per bag
    for (const char *how : {"lz4", "none", "bz2"}) {
        auto w = bag::ros1::Writer::create((g_dir / (std::string(how) + ".bag")).string(), {how, 1024 * 1024});
        if (!w) return false;
        conns.emplace_back(w->addConnection("/scan", "sensor_msgs/LaserScan", ""),
                           w->addConnection("/imu", "sensor_msgs/Imu", ""));
        bags.push_back(std::move(*w));
    }
    const TimeNs t0 = TimeNs{1'700'000'000} * kNsPerSecond;
    std::uint64_t written = 0;
    for (int step = 0; written < target_bytes; ++step) {  // one step = 5 ms
        const TimeNs t = t0 + TimeNs{step} * 5'000'000;
        const msgs::Imu imu = imuAt(t, step);
        const auto imu_bytes = ros1Bytes(imu, static_cast<std::uint32_t>(step));
        for (auto &[name, w] : mcaps)
            if (!w.write("/imu", imu, t).ok()) return false;
        for (std::size_t b = 0; b < bags.size(); ++b)
            if (!bags[b].write(conns[b].second, t, imu_bytes).ok()) return false;
        written += imu_bytes.size();
        ++g_messages;
        if (step % 5 != 0) continue;
        const msgs::LaserScan scan = scanAt(t, step / 5);
        const auto scan_bytes = ros1Bytes(scan, static_cast<std::uint32_t>(step / 5));
        if (step == 0) {  // the hand-written ROS 1 bytes must decode to what was written as CDR
            msgs::LaserScan back;
            if (!msgs::decodeRos1(scan_bytes, back).ok() || !(back == scan)) return false;
        }
        for (auto &[name, w] : mcaps)
            if (!w.write("/scan", scan, t).ok()) return false;
        for (std::size_t b = 0; b < bags.size(); ++b)
            if (!bags[b].write(conns[b].first, t, scan_bytes).ok()) return false;
        written += scan_bytes.size();
        ++g_messages;
    }
    for (auto &[name, w] : mcaps)
        if (!w.close().ok()) return false;
    for (auto &w : bags)
        if (!w.close().ok()) return false;
    return true;
}

void run(benchmark::State &state, const std::string &file, bool decode) {
    const std::string path = (g_dir / file).string();
    msgs::LaserScan scan;
    msgs::Imu imu;
    std::uint64_t messages = 0;
    const double start = cpuSeconds();
    for (auto _ : state) {
        auto source = bag::openBag(path);
        if (!source) {
            state.SkipWithError(source.message().c_str());
            return;
        }
        bag::Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more || !*more) break;
            ++messages;
            if (!decode) {
                benchmark::DoNotOptimize(m.data.data());
                continue;
            }
            const msgs::WireFormat format = msgs::wireFormatOf(m.topic->serialization_format);
            Status s =
                m.topic->name == "/scan" ? msgs::decode(m.data, scan, format) : msgs::decode(m.data, imu, format);
            if (!s.ok()) state.SkipWithError(s.message().c_str());
        }
        benchmark::DoNotOptimize(scan.ranges.data());
    }
    const double seconds = cpuSeconds() - start;
    g_rate[std::string(decode ? "ReadDecode/" : "Read/") + file] = static_cast<double>(messages) / seconds;
    state.SetItemsProcessed(static_cast<std::int64_t>(messages));
}

const char *const kFiles[] = {"lz4.mcap", "zstd.mcap", "lz4.bag", "none.bag", "bz2.bag"};

/// `file` as a recorder that died leaves it: index_pos 0 and cut at 90 %.
bool writeNeverClosed(const std::string &file) {
    std::string bytes;
    {
        std::ifstream in(g_dir / file, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::size_t at = bytes.find("index_pos=");
    if (at == std::string::npos) return false;
    std::fill(bytes.begin() + static_cast<long>(at + 10), bytes.begin() + static_cast<long>(at + 18), '\0');
    bytes.resize(bytes.size() * 9 / 10);
    std::ofstream(g_dir / ("never-closed-" + file), std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return true;
}

void scanNeverClosed(benchmark::State &state, const std::string &file, std::size_t loaders) {
    auto input = bag::mcap::FileInput::open((g_dir / ("never-closed-" + file)).string());
    std::uint64_t end = 0;
    auto header = input ? bag::ros1::readBagHeader(*input, end) : Result<bag::ros1::BagHeader>(input.error());
    if (!header) {
        state.SkipWithError(header.message().c_str());
        return;
    }
    for (auto _ : state) {
        const bag::ros1::BagScan scan = bag::ros1::scanBagRecords(*input, *header, end, loaders);
        if (scan.index.chunks.empty()) state.SkipWithError("no chunk found");
        benchmark::DoNotOptimize(scan.index.chunks.data());
    }
}

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    const char *env = std::getenv("ROBOMETRICS_BENCH_ROS1_MB");
    const std::uint64_t megabytes = env ? std::strtoull(env, nullptr, 10) : 200;
    g_dir = fs::temp_directory_path() / ("robometrics-ros1bench-" + std::to_string(::getpid()));
    fs::create_directories(g_dir);
    std::printf("writing %llu MB of LaserScan + Imu as MCAP and as ROS 1 bags ...\n",
                static_cast<unsigned long long>(megabytes));
    int rc = 1;
    if (generate(megabytes * 1'000'000)) {
        std::printf("%llu messages\n", static_cast<unsigned long long>(g_messages));
        for (const char *file : kFiles) {
            std::printf("  %-10s %8.1f MB\n", file, static_cast<double>(fs::file_size(g_dir / file)) / 1e6);
            for (bool decode : {false, true})
                benchmark::RegisterBenchmark((std::string(decode ? "ReadDecode/" : "Read/") + file).c_str(),
                                             [file, decode](benchmark::State &s) { run(s, file, decode); })
                    ->Unit(benchmark::kMillisecond)
                    ->MinTime(1.0);
        }
        for (const char *file : {"lz4.bag", "bz2.bag"}) {
            if (!writeNeverClosed(file)) continue;
            for (std::size_t loaders : {0u, 2u})
                benchmark::RegisterBenchmark(
                    (std::string("ScanNeverClosed/") + file + "/loaders:" + std::to_string(loaders)).c_str(),
                    [file, loaders](benchmark::State &s) { scanNeverClosed(s, file, loaders); })
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime()
                    ->MinTime(1.0);
        }
        benchmark::RunSpecifiedBenchmarks();
        std::printf("\n%-22s %14s %18s\n", "benchmark", "messages/s", "vs MCAP lz4 (same)");
        for (const char *kind : {"Read/", "ReadDecode/"}) {
            const double base = g_rate[std::string(kind) + "lz4.mcap"];
            for (const char *file : kFiles) {
                const auto it = g_rate.find(std::string(kind) + file);
                if (it == g_rate.end()) continue;
                std::printf("%-22s %14.0f %17.2fx\n", it->first.c_str(), it->second,
                            base > 0 ? it->second / base : 0.0);
            }
        }
        rc = 0;
    } else {
        std::fprintf(stderr, "could not write the benchmark files\n");
    }
    std::error_code ec;
    fs::remove_all(g_dir, ec);
    benchmark::Shutdown();
    return rc;
}
