// What `robometrics bench` itself costs: a 12-job matrix (simulate a 2 s run, then 0.5 s of
// "stack" time) run by the local executor with one worker. Orchestration overhead = session
// wall time - the jobs' own run time - their evaluation time (claiming, store transactions,
// process start and supervision latency). Counter overhead_ratio = overhead / sum of run times;
// the target is < 0.05. The baseline (the jobs' own run time) is measured in the same run.
// The robometrics binary comes from ROBOMETRICS_BINARY, else ../apps/robometrics/robometrics
// beside this program's directory.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/LocalExecutor.hpp"

namespace {

using namespace robometrics;
namespace fs = std::filesystem;

const char *kMatrix = R"(
axes: {scenario: [office, kidnap, stuck], seed: [1, 2]}
iterations: 2
command: [sh, -c, "\"$0\" simulate --scenario $2 --duration 2 --seed $3 -o \"$1\" && sleep 0.5", "{robometrics}", "{out}", "{scenario}", "{seed}"]
)";

std::string robometricsBinary() {
    if (const char *b = std::getenv("ROBOMETRICS_BINARY")) return b;
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    fs::path self = n > 0 ? fs::path(std::string(buf, static_cast<std::size_t>(n))) : fs::path("benchmarks/x");
    return (self.parent_path().parent_path() / "apps" / "robometrics" / "robometrics").string();
}

void BM_LocalExecutorOverhead(benchmark::State &state) {
    const std::string robometrics = robometricsBinary();
    auto matrix = bench::parseMatrix(kMatrix, "overhead.yaml");
    if (!matrix) return state.SkipWithError(matrix.message().c_str());
    double ratio_sum = 0;
    int sessions = 0;
    for (auto _ : state) {
        state.PauseTiming();
        fs::path out = fs::temp_directory_path() / ("robometrics-bench-overhead-" + std::to_string(getpid()));
        fs::remove_all(out);
        auto jobs = bench::expandMatrix(*matrix, bench::ExpandContext{out.string(), robometrics});
        auto store = bench::prepareStore(*matrix, *jobs, out.string(), false);
        if (!store) return state.SkipWithError(store.message().c_str());
        state.ResumeTiming();
        bench::LocalOptions options;
        options.out_dir = out.string();
        options.workers = 1;
        options.robometrics = robometrics;
        auto summary = bench::runLocal(*matrix, options);
        state.PauseTiming();
        if (!summary || summary->done != 12) return state.SkipWithError("the matrix did not complete");
        double run_s = 0, evaluate_s = 0;
        auto rows = store->jobs();
        if (!rows) return state.SkipWithError(rows.message().c_str());
        for (const auto &r : rows.value()) {
            run_s += r.run_s.value_or(0);
            evaluate_s += r.evaluate_s.value_or(0);
        }
        double overhead = summary->wall_s - run_s - evaluate_s;
        ratio_sum += overhead / run_s;
        ++sessions;
        state.counters["jobs_run_s"] = run_s;
        state.counters["evaluate_s"] = evaluate_s;
        state.counters["wall_s"] = summary->wall_s;
        fs::remove_all(out);
        state.ResumeTiming();
    }
    state.counters["overhead_ratio"] = sessions > 0 ? ratio_sum / sessions : 0;
}
BENCHMARK(BM_LocalExecutorOverhead)->Unit(benchmark::kSecond)->Iterations(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
