// What `robometrics evaluate` costs against the least any tool pays for the same bag, measured
// in the same run on simulated runs of real size:
//   BareRead/<run>  bag::openBag and next() to the end (what `robometrics info` does): the floor
//   Evaluate/<run>  evaluate::evaluateInto on the run directory (bag, true map,
//                   true trajectory, scenario.json), as `robometrics evaluate RUN -o OUT` does
// on two runs of the terrain scenario:
//   terrain  the standard sensors, ROBOMETRICS_BENCH_TERRAIN_S simulated seconds (default 2400)
//   heavy    --sensors heavy (64-beam lidar, camera, IMU at 200 Hz), ROBOMETRICS_BENCH_HEAVY_S
//            simulated seconds (default 20; about 40 MB of bag per simulated second)
// Each run is simulated once, before the benchmarks, into a temporary directory that is removed
// at the end; with ROBOMETRICS_BENCH_KEEP=1 the runs are kept under
// $TMPDIR/robometrics-evalbench/ and reused by the next run with the same durations.
// Counters: vs_read (evaluate wall time / bare read wall time, the headline), vs_read_cpu (the
// same in process CPU time: evaluate may read the bag on a second thread), sim_s/s, MB/s of bag
// file, peak RSS. A table of both runs follows Google Benchmark's own.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "ProcessStats.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/sim/SimulateRun.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

struct BenchRun {
    std::string name;
    std::string sensors;
    double sim_s = 0;
    fs::path dir;  ///< the run directory simulate writes
    fs::path out;  ///< evaluate's output directory, beside it (inside, it would be a second bag)
    fs::path bag;
    double bag_mb = 0;
    std::uint64_t messages = 0;
};

/// Seconds per iteration of one benchmark, and its peak RSS.
struct Timing {
    double wall_s = 0;
    double cpu_s = 0;
    double peak_rss_mb = 0;
};

std::vector<BenchRun> g_runs;
std::map<std::string, Timing> g_read, g_evaluate;

double envSeconds(const char *name, double fallback) {
    const char *value = std::getenv(name);
    return value != nullptr ? std::strtod(value, nullptr) : fallback;
}

/// Simulates the run into its directory unless a kept copy is complete (the marker file is
/// written last), then takes its size and message count (from the bag's summary).
bool prepare(BenchRun &run) {
    const fs::path marker = run.dir / "complete";
    if (!fs::exists(marker)) {
        std::printf("simulating %s: terrain, %g s, sensors %s ...\n", run.name.c_str(), run.sim_s, run.sensors.c_str());
        std::fflush(stdout);
        sim::SimulateOptions options;
        options.scenario = "terrain";
        options.duration_s = run.sim_s;
        options.sensors = run.sensors;
        options.out_dir = run.dir.string();
        const double start = system::monotonicSeconds();
        auto result = sim::simulateRun(options);
        if (!result) {
            std::fprintf(stderr, "simulate %s: %s\n", run.name.c_str(), result.message().c_str());
            return false;
        }
        std::printf("  simulated in %.1f s\n", system::monotonicSeconds() - start);
        std::ofstream(marker) << "1\n";
    }
    run.bag = run.dir / "run.mcap";
    run.bag_mb = static_cast<double>(fs::file_size(run.bag)) / 1e6;
    auto source = bag::openBag(run.bag.string());
    if (!source) return false;
    for (const bag::TopicInfo &topic : (*source)->topics()) run.messages += topic.message_count;
    std::printf("  %s: %.1f MB, %llu messages\n", run.bag.string().c_str(), run.bag_mb,
                static_cast<unsigned long long>(run.messages));
    return true;
}

void finish(benchmark::State &state, const BenchRun &run, double wall, double cpu, Timing &out) {
    const auto n = static_cast<double>(state.iterations());
    out = {wall / n, cpu / n, benchsupport::peakRssMb()};
    state.counters["sim_s/s"] = run.sim_s / out.wall_s;
    state.counters["MB/s"] = run.bag_mb / out.wall_s;
    state.counters["peak_rss_MB"] = out.peak_rss_mb;
    state.SetItemsProcessed(static_cast<std::int64_t>(run.messages) * state.iterations());
}

void BareRead(benchmark::State &state, const BenchRun *run) {
    benchsupport::resetPeakRss();
    const double wall = system::monotonicSeconds(), cpu = benchsupport::processCpuSeconds();
    for (auto _ : state) {
        auto source = bag::openBag(run->bag.string());
        if (!source) {
            state.SkipWithError(source.message().c_str());
            break;
        }
        bag::Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more) state.SkipWithError(more.message().c_str());
            if (!more || !more.value()) break;
            benchmark::DoNotOptimize(m.data.data());
        }
    }
    finish(state, *run, system::monotonicSeconds() - wall, benchsupport::processCpuSeconds() - cpu, g_read[run->name]);
}

void Evaluate(benchmark::State &state, const BenchRun *run) {
    const std::string out_dir = run->out.string();
    benchsupport::resetPeakRss();
    const double wall = system::monotonicSeconds(), cpu = benchsupport::processCpuSeconds();
    for (auto _ : state) {
        auto inputs = evaluate::findRunInputs(run->dir.string());
        evaluate::Evaluation evaluation;
        const Status done = inputs ? evaluate::evaluateInto(*inputs, evaluate::EvaluateOptions{}, out_dir, evaluation)
                                   : Status(inputs.error());
        if (!done.ok()) {
            state.SkipWithError(done.message().c_str());
            break;
        }
    }
    Timing &timing = g_evaluate[run->name];
    finish(state, *run, system::monotonicSeconds() - wall, benchsupport::processCpuSeconds() - cpu, timing);
    const Timing &read = g_read[run->name];
    if (read.wall_s > 0) {
        state.counters["vs_read"] = timing.wall_s / read.wall_s;
        state.counters["vs_read_cpu"] = timing.cpu_s / read.cpu_s;
    }
}

void printTable() {
    std::printf("\n%-8s %9s %10s %9s %9s %9s %8s %8s %10s %10s\n", "run", "sim s", "bag MB", "messages", "read s",
                "eval s", "vs read", "(cpu)", "read RSS", "eval RSS");
    for (const BenchRun &run : g_runs) {
        const Timing &r = g_read[run.name], &e = g_evaluate[run.name];
        if (r.wall_s <= 0 || e.wall_s <= 0) continue;
        std::printf("%-8s %9.0f %10.1f %9llu %9.2f %9.2f %7.2fx %7.2fx %8.0f MB %7.0f MB\n", run.name.c_str(),
                    run.sim_s, run.bag_mb, static_cast<unsigned long long>(run.messages), r.wall_s, e.wall_s,
                    e.wall_s / r.wall_s, e.cpu_s / r.cpu_s, r.peak_rss_mb, e.peak_rss_mb);
    }
}

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    const char *keep_env = std::getenv("ROBOMETRICS_BENCH_KEEP");
    const bool keep = keep_env != nullptr && std::string(keep_env) == "1";
    const fs::path root = fs::temp_directory_path() / (keep ? std::string("robometrics-evalbench")
                                                            : "robometrics-evalbench-" + std::to_string(::getpid()));
    g_runs = {{"terrain", "standard", envSeconds("ROBOMETRICS_BENCH_TERRAIN_S", 2400)},
              {"heavy", "heavy", envSeconds("ROBOMETRICS_BENCH_HEAVY_S", 20)}};
    int rc = 0;
    for (BenchRun &run : g_runs) {
        char stem[64];
        std::snprintf(stem, sizeof stem, "%s-%gs", run.name.c_str(), run.sim_s);
        run.dir = root / stem / "run";
        run.out = root / stem / "evaluation";
        if (!prepare(run)) rc = 1;
    }
    if (rc == 0) {
        for (const BenchRun &run : g_runs) {
            benchmark::RegisterBenchmark(("BareRead/" + run.name).c_str(), BareRead, &run)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
            benchmark::RegisterBenchmark(("Evaluate/" + run.name).c_str(), Evaluate, &run)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
        }
        benchmark::RunSpecifiedBenchmarks();
        printTable();
    }
    if (!keep) {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    benchmark::Shutdown();
    return rc;
}
