// How fast `robometrics echo --json` and `robometrics convert` are, each against a baseline
// measured in the same run on the same bag (a simulated terrain run, written here):
//   ReadDecode/<topic>  read the topic's messages through our reader and decode them into their
//                       typed structs (msgs::decodeCdr): the least work echo has to do
//   EchoJson/<topic>    bag::echoTopic() as `echo --json` runs it, text written to /dev/null
//   ReadZstd            read every message and compress the payloads in 1 MiB blocks with
//                       libzstd directly (level 3, one reused ZSTD_CCtx): the least work of convert
//   Convert             bag::convertToMcap() to a zstd MCAP in the temporary directory
// Topics: /scan (LaserScan), /odometry/wheels (Odometry), /groundgrid/grid_map (GridMap, mostly
// float32 layers: the worst case, every 4-byte value becomes ~10 characters of shortest decimal).
// The table at the end gives EchoJson / ReadDecode per topic (goal: at most 2) and Convert /
// ReadZstd (goal: at most 1.5) in wall time, what a user waits for: the fastest iteration of
// each, the one least disturbed by other load on a shared machine. echo renders on worker
// threads (one per core) while it reads, so its CPU time is larger than its wall time: the CPU
// ratio (every thread of the process, the kernel's share of the writes included) is printed
// beside it. Simulated seconds: ROBOMETRICS_BENCH_SIM_S (default 1200: 70 MB zstd, 290 MB raw).

#include <benchmark/benchmark.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "robometrics/bag/mcap/McapConvert.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicEcho.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

fs::path g_dir;
std::string g_bag;
struct Seconds {
    double wall = 0;  // the fastest iteration: what a user waits for, least disturbed by other load
    double cpu = 0;   // per iteration, every thread of the process
};
std::map<std::string, Seconds> g_seconds;  // by benchmark name

double secondsOf(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Runs `body` once per iteration and records its times under `name`.
template <class Body>
void measure(benchmark::State &state, const std::string &name, Body &&body) {
    const double cpu_start = secondsOf(CLOCK_PROCESS_CPUTIME_ID);
    double fastest = 1e300;
    for (auto _ : state) {
        const double start = secondsOf(CLOCK_MONOTONIC);
        Status s = body();
        fastest = std::min(fastest, secondsOf(CLOCK_MONOTONIC) - start);
        if (!s.ok()) state.SkipWithError(s.message().c_str());
    }
    g_seconds[name] = {fastest,
                       (secondsOf(CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / static_cast<double>(state.iterations())};
}

Status generate(double seconds) {
    auto writer = bag::TypedWriter::open(g_bag);
    if (!writer) return writer.error();
    auto scenario = sim::makeScenario("terrain", seconds, 1);
    if (!scenario) return scenario.error();
    sim::Simulator simulator(std::move(*scenario), 1);
    std::vector<sim::SimOutput> batch;
    while (!simulator.done()) {
        simulator.step(batch);
        for (const sim::SimOutput &m : batch) {
            ROBOMETRICS_TRY(
                std::visit([&](const auto &msg) { return writer->write(m.topic, msg, m.time, m.latched); }, m.message));
        }
    }
    return writer->close();
}

template <class T>
void ReadDecode(benchmark::State &state, const std::string &topic) {
    measure(state, "ReadDecode " + topic, [&]() -> Status {
        bag::ReadOptions options;
        options.topics = {topic};
        auto source = bag::openBag(g_bag, options);
        if (!source) return source.error();
        T decoded;
        bag::Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more) return more.error();
            if (!*more) return Status::Ok();
            ROBOMETRICS_TRY(msgs::decodeCdr(m.data, decoded));
            benchmark::DoNotOptimize(decoded);
        }
    });
}

void EchoJson(benchmark::State &state, const std::string &topic) {
    std::FILE *null = std::fopen("/dev/null", "wb");
    measure(state, "EchoJson " + topic, [&]() -> Status {
        bag::EchoOptions options;
        options.topic = topic;
        options.json = true;
        auto printed = bag::echoTopic(g_bag, options, [&](std::string_view text) {
            std::fwrite(text.data(), 1, text.size(), null);
            return Status::Ok();
        });
        return printed.status();
    });
    std::fclose(null);
}

void ReadZstd(benchmark::State &state) {
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    std::vector<std::uint8_t> block, compressed;
    measure(state, "ReadZstd", [&]() -> Status {
        auto source = bag::openBag(g_bag);
        if (!source) return source.error();
        auto compress = [&]() -> Status {
            compressed.resize(ZSTD_compressBound(block.size()));
            std::size_t n =
                ZSTD_compressCCtx(cctx, compressed.data(), compressed.size(), block.data(), block.size(), 3);
            if (ZSTD_isError(n)) return Error{ZSTD_getErrorName(n)};
            block.clear();
            return Status::Ok();
        };
        bag::Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more) return more.error();
            if (!*more) return compress();
            block.insert(block.end(), m.data.begin(), m.data.end());
            if (block.size() >= (1u << 20)) ROBOMETRICS_TRY(compress());
        }
    });
    ZSTD_freeCCtx(cctx);
}

void Convert(benchmark::State &state) {
    const std::string out = (g_dir / "converted.mcap").string();
    measure(state, "Convert", [&]() { return bag::convertToMcap(g_bag, out, bag::Compression::Zstd).status(); });
}

void printRatio(const std::string &name, const std::string &baseline, double goal) {
    auto it = g_seconds.find(name), base = g_seconds.find(baseline);
    if (it == g_seconds.end() || base == g_seconds.end() || base->second.wall <= 0) return;
    const double ratio = it->second.wall / base->second.wall;
    std::printf("%-30s %7.3f s  vs %-32s %7.3f s  = %5.2fx  (goal <= %.1fx: %s; CPU %5.2fx)\n", name.c_str(),
                it->second.wall, baseline.c_str(), base->second.wall, ratio, goal, ratio <= goal ? "met" : "NOT met",
                it->second.cpu / base->second.cpu);
}

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    const char *env = std::getenv("ROBOMETRICS_BENCH_SIM_S");
    const double seconds = env ? std::strtod(env, nullptr) : 1200.0;
    g_dir = fs::temp_directory_path() / ("robometrics-echoconvertbench-" + std::to_string(::getpid()));
    fs::create_directories(g_dir);
    g_bag = (g_dir / "run.mcap").string();
    std::printf("simulating %.0f s of the terrain scenario into %s ...\n", seconds, g_bag.c_str());
    int rc = 1;
    if (Status s = generate(seconds); s.ok()) {
        std::printf("bag: %.1f MB\n", static_cast<double>(fs::file_size(g_bag)) / 1e6);
        const std::vector<std::string> topics = {"/scan", "/odometry/wheels", "/groundgrid/grid_map"};
        auto registered = {
            benchmark::RegisterBenchmark("ReadDecode/scan", ReadDecode<msgs::LaserScan>, topics[0]),
            benchmark::RegisterBenchmark("EchoJson/scan", EchoJson, topics[0]),
            benchmark::RegisterBenchmark("ReadDecode/odometry", ReadDecode<msgs::Odometry>, topics[1]),
            benchmark::RegisterBenchmark("EchoJson/odometry", EchoJson, topics[1]),
            benchmark::RegisterBenchmark("ReadDecode/grid_map", ReadDecode<msgs::GridMap>, topics[2]),
            benchmark::RegisterBenchmark("EchoJson/grid_map", EchoJson, topics[2]),
            benchmark::RegisterBenchmark("ReadZstd", ReadZstd),
            benchmark::RegisterBenchmark("Convert", Convert),
        };
        for (benchmark::internal::Benchmark *b : registered) b->Unit(benchmark::kMillisecond)->MinTime(2.0);
        benchmark::RunSpecifiedBenchmarks();
        std::printf("\n");
        for (const std::string &topic : topics) printRatio("EchoJson " + topic, "ReadDecode " + topic, 2.0);
        printRatio("Convert", "ReadZstd", 1.5);
        rc = 0;
    } else {
        std::fprintf(stderr, "could not write the benchmark bag: %s\n", s.message().c_str());
    }
    std::error_code ec;
    fs::remove_all(g_dir, ec);
    benchmark::Shutdown();
    return rc;
}
