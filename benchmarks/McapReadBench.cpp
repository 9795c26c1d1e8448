// MCAP read throughput. Writes a large ROS 2 MCAP (LaserScan at 40 Hz and Imu at 200 Hz, zstd
// chunks of 1 MiB) into a temporary directory, then measures on the same chunks:
//   RawZstd      read each chunk and ZSTD_decompressDCtx it (the baseline)
//   LinearRead   the streaming reader: every record, all CRCs checked
//   IndexedRead  openMcap(): summary, chunk indexes, log-time merge
//   IndexedReadAhead  the same with the chunks loaded ahead on two threads (loadAhead(), as
//                evaluate reads): its rate is of the wall time, the others' of the CPU time
//   ReadDecode   openMcap() plus msgs::decodeCdr of every LaserScan and Imu
// and prints each as MB/s of uncompressed chunk data and messages/s, with its ratio to RawZstd
// and the peak RSS during that benchmark. Size: ROBOMETRICS_BENCH_MCAP_MB (default 1024).
// Rates use the process CPU time (all work is on one thread), so that other load on a shared
// machine does not distort the ratios; Google Benchmark's own table shows wall and CPU time.

#include <benchmark/benchmark.h>
#include <unistd.h>
#include <zstd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "robometrics/bag/mcap/McapSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"
#include "robometrics/bag/mcap/Summary.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

fs::path g_dir;
fs::path g_file;
std::uint64_t g_uncompressed_bytes = 0;  // sum of the chunks' uncompressed sizes
std::uint64_t g_messages = 0;

struct Measured {
    double mb_per_s = 0;
    double msgs_per_s = 0;
    double peak_rss_mb = 0;
};
std::map<std::string, Measured> g_results;

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Peak RSS since the last reset (Linux: writing 5 to clear_refs resets VmHWM).
void resetPeakRss() { std::ofstream("/proc/self/clear_refs") << "5"; }
double peakRssMb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    }
    return 0;
}

msgs::LaserScan makeScan(std::int64_t t, int i) {
    msgs::LaserScan scan;
    scan.header.stamp = msgs::Time::fromNs(t);
    scan.header.frame_id = "laser";
    scan.angle_min = -3.14159f;
    scan.angle_max = 3.14159f;
    scan.angle_increment = 2 * 3.14159f / 1080;
    scan.scan_time = 0.025f;
    scan.range_min = 0.1f;
    scan.range_max = 30.0f;
    scan.ranges.resize(1080);
    scan.intensities.resize(1080);
    // A room whose walls move slowly, with millimetre noise: compresses like a real scan.
    for (int k = 0; k < 1080; ++k) {
        double a = scan.angle_min + k * scan.angle_increment;
        double r = 4.0 + 1.5 * std::cos(2 * a + i * 0.001) + 0.001 * ((k * 7919 + i * 104729) % 23);
        scan.ranges[static_cast<std::size_t>(k)] = static_cast<float>(r);
        scan.intensities[static_cast<std::size_t>(k)] = static_cast<float>(100 + (k * 31 + i) % 57);
    }
    return scan;
}

msgs::Imu makeImu(std::int64_t t, int i) {
    msgs::Imu imu;
    imu.header.stamp = msgs::Time::fromNs(t);
    imu.header.frame_id = "imu";
    imu.orientation.w = std::cos(i * 1e-4);
    imu.orientation.z = std::sin(i * 1e-4);
    imu.angular_velocity.z = 0.01 * std::sin(i * 0.01);
    imu.linear_acceleration.x = 0.1 * std::cos(i * 0.02);
    imu.linear_acceleration.z = 9.81;
    imu.orientation_covariance[0] = imu.angular_velocity_covariance[0] = imu.linear_acceleration_covariance[0] = 1e-3;
    return imu;
}

bool generate(std::uint64_t target_bytes) {
    auto writer = bag::TypedWriter::open(g_file.string());
    if (!writer) {
        std::fprintf(stderr, "%s\n", writer.message().c_str());
        return false;
    }
    // One step = 5 ms: an Imu every step, a LaserScan every 5th step (40 Hz).
    const std::int64_t t0 = 1'700'000'000'000'000'000;
    std::uint64_t written = 0;
    for (int step = 0; written < target_bytes; ++step) {
        const std::int64_t t = t0 + std::int64_t{step} * 5'000'000;
        if (!writer->write("/imu", makeImu(t, step), t).ok()) return false;
        written += 340;
        if (step % 5 == 0) {
            if (!writer->write("/scan", makeScan(t, step / 5), t).ok()) return false;
            written += 8700;
        }
    }
    return writer->close().ok();
}

void finish(benchmark::State &state, const std::string &name, double seconds, std::uint64_t messages) {
    Measured m;
    m.mb_per_s = static_cast<double>(g_uncompressed_bytes) * static_cast<double>(state.iterations()) / seconds / 1e6;
    m.msgs_per_s = static_cast<double>(messages) / seconds;
    m.peak_rss_mb = peakRssMb();
    g_results[name] = m;
    state.SetBytesProcessed(static_cast<std::int64_t>(g_uncompressed_bytes * state.iterations()));
    state.SetItemsProcessed(static_cast<std::int64_t>(messages));
    state.counters["peak_rss_MB"] = m.peak_rss_mb;
}

void RawZstd(benchmark::State &state) {
    resetPeakRss();
    auto file = bag::mcap::FileInput::open(g_file.string());
    auto summary = bag::mcap::readSummary(file.value());
    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    std::vector<std::uint8_t> raw, out;
    const double start = cpuSeconds();
    std::uint64_t messages = 0;
    for (auto _ : state) {
        for (const auto &c : summary->chunk_indexes) {
            if (!file->read(c.chunk_start_offset, c.chunk_length, raw, "chunk").ok()) state.SkipWithError("read");
            out.resize(c.uncompressed_size);
            // The compressed records are the last compressed_size bytes of the Chunk record.
            std::size_t n = ZSTD_decompressDCtx(dctx, out.data(), out.size(),
                                                raw.data() + raw.size() - c.compressed_size, c.compressed_size);
            if (ZSTD_isError(n) || n != c.uncompressed_size) state.SkipWithError("zstd");
            benchmark::DoNotOptimize(out.data());
        }
        messages += g_messages;
    }
    const double s = cpuSeconds() - start;
    ZSTD_freeDCtx(dctx);
    finish(state, "RawZstd", s, messages);
}

void LinearRead(benchmark::State &state) {
    resetPeakRss();
    const double start = cpuSeconds();
    std::uint64_t messages = 0;
    for (auto _ : state) {
        auto reader = bag::mcap::LinearReader::open(g_file.string());
        bag::mcap::RecordEntry entry;
        for (;;) {
            auto more = reader->next(entry);
            if (!more) state.SkipWithError(more.message().c_str());
            if (!more || !more.value()) break;
            if (entry.opcode == static_cast<std::uint8_t>(bag::mcap::Opcode::Message)) ++messages;
        }
    }
    const double s = cpuSeconds() - start;
    finish(state, "LinearRead", s, messages);
}

void IndexedRead(benchmark::State &state) {
    resetPeakRss();
    const double start = cpuSeconds();
    std::uint64_t messages = 0;
    for (auto _ : state) {
        auto source = bag::openMcap(g_file.string());
        bag::Message m;
        while ((*source)->next(m).value()) {
            benchmark::DoNotOptimize(m.data.data());
            ++messages;
        }
    }
    const double s = cpuSeconds() - start;
    finish(state, "IndexedRead", s, messages);
}

// Wall time: the point is to take less of it by using a second core.
void IndexedReadAhead(benchmark::State &state) {
    resetPeakRss();
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t messages = 0;
    for (auto _ : state) {
        auto source = bag::openMcap(g_file.string());
        (*source)->loadAhead();
        bag::Message m;
        while ((*source)->next(m).value()) {
            benchmark::DoNotOptimize(m.data.data());
            ++messages;
        }
    }
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    finish(state, "IndexedReadAhead", wall.count(), messages);
}

void ReadDecode(benchmark::State &state) {
    resetPeakRss();
    const double start = cpuSeconds();
    std::uint64_t messages = 0;
    msgs::LaserScan scan;
    msgs::Imu imu;
    for (auto _ : state) {
        auto source = bag::openMcap(g_file.string());
        bag::Message m;
        while ((*source)->next(m).value()) {
            Status s = m.topic->name == "/scan" ? msgs::decodeCdr(m.data, scan) : msgs::decodeCdr(m.data, imu);
            if (!s.ok()) state.SkipWithError(s.message().c_str());
            ++messages;
        }
        benchmark::DoNotOptimize(scan.ranges.data());
        benchmark::DoNotOptimize(imu.orientation.w);
    }
    const double s = cpuSeconds() - start;
    finish(state, "ReadDecode", s, messages);
}

BENCHMARK(RawZstd)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(LinearRead)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(IndexedRead)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(IndexedReadAhead)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(ReadDecode)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    const char *env = std::getenv("ROBOMETRICS_BENCH_MCAP_MB");
    const std::uint64_t megabytes = env ? std::strtoull(env, nullptr, 10) : 1024;
    g_dir = fs::temp_directory_path() / ("robometrics-mcapbench-" + std::to_string(::getpid()));
    fs::create_directories(g_dir);
    g_file = g_dir / "bench.mcap";
    std::printf("writing %llu MB of LaserScan + Imu to %s ...\n", static_cast<unsigned long long>(megabytes),
                g_file.string().c_str());
    int rc = 1;
    if (generate(megabytes * 1'000'000)) {
        auto file = bag::mcap::FileInput::open(g_file.string());
        auto summary = bag::mcap::readSummary(file.value());
        for (const auto &c : summary->chunk_indexes) g_uncompressed_bytes += c.uncompressed_size;
        g_messages = summary->statistics->message_count;
        std::printf("file %.1f MB, %zu zstd chunks, %.1f MB uncompressed, %llu messages\n", file->size() / 1e6,
                    summary->chunk_indexes.size(), g_uncompressed_bytes / 1e6,
                    static_cast<unsigned long long>(g_messages));
        benchmark::RunSpecifiedBenchmarks();
        const Measured base = g_results["RawZstd"];
        std::printf("\n%-16s %10s %12s %10s %12s\n", "benchmark", "MB/s", "messages/s", "vs RawZstd", "peak RSS MB");
        for (const char *name : {"RawZstd", "LinearRead", "IndexedRead", "IndexedReadAhead", "ReadDecode"}) {
            auto it = g_results.find(name);
            if (it == g_results.end()) continue;
            std::printf("%-16s %10.1f %12.0f %9.0f%% %12.1f\n", name, it->second.mb_per_s, it->second.msgs_per_s,
                        base.mb_per_s > 0 ? 100.0 * it->second.mb_per_s / base.mb_per_s : 0.0, it->second.peak_rss_mb);
        }
        rc = 0;
    } else {
        std::fprintf(stderr, "could not write the benchmark file\n");
    }
    std::error_code ec;
    fs::remove_all(g_dir, ec);
    benchmark::Shutdown();
    return rc;
}
