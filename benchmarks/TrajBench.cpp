// traj against ape on the same generated TUM file of 1,000,000 poses (100 Hz, smooth 3-D path).
// `traj FILE` reads the file and computes its statistics (length, duration, speeds, rate, gaps);
// the baseline measured in the same run is `ape FILE FILE` as the command does it (both read in
// parallel, nearest association, SE(3) Umeyama, APE statistics). The goal: traj <= 1.5x ape.
// BM_TrajVsApe times both in each iteration and reports the ratio as a counter.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>

#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"
#include "robometrics/slam/TrajectoryStatistics.hpp"

namespace {

using namespace robometrics;

constexpr std::size_t kPoses = 1'000'000;

struct File {
    std::string path;
    File() {
        auto dir = std::filesystem::temp_directory_path() / ("robometrics-trajbench-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir);
        path = (dir / "traj.tum").string();
        slam::Trajectory t;
        for (std::size_t i = 0; i < kPoses; ++i) {
            const double s = 0.01 * static_cast<double>(i);
            Eigen::Vector3d p(20 * std::sin(0.01 * s), 15 * std::sin(0.013 * s), 2 * std::sin(0.005 * s));
            const double yaw = std::atan2(15 * 0.013 * std::cos(0.013 * s), 20 * 0.01 * std::cos(0.01 * s));
            t.add(1.7e9 + s, p, Eigen::Quaterniond(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ())));
        }
        if (!io::writeTumFile(path, t).ok()) std::abort();
    }
    ~File() {
        std::error_code ec;
        std::filesystem::remove_all(std::filesystem::path(path).parent_path(), ec);
    }
};

const File &file() {
    static File f;
    return f;
}

double runTraj(const std::string &path) {
    auto t = io::loadTrajectory(path);
    if (!t) std::abort();
    return slam::computeTrajectoryStatistics(*t).length_m;
}

double runApe(const std::string &path) {
    slam::TrajectoryEvalConfig config;
    config.align = slam::AlignMode::Se3;
    auto input = io::loadTrajectoryPair(path, "auto", path, "auto");
    if (!input) std::abort();
    auto result = slam::evaluateApe(std::move(input->ref), std::move(input->est), config, slam::PoseRelation::Trans);
    if (!result) std::abort();
    return result->stats.rmse;
}

void BM_Traj(benchmark::State &state) {
    for (auto _ : state) benchmark::DoNotOptimize(runTraj(file().path));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoses));
}
BENCHMARK(BM_Traj)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_Ape(benchmark::State &state) {
    for (auto _ : state) benchmark::DoNotOptimize(runApe(file().path));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoses));
}
BENCHMARK(BM_Ape)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// Both in every iteration (interleaved, so a busy machine slows both alike): ratio = traj / ape.
void BM_TrajVsApe(benchmark::State &state) {
    using Clock = std::chrono::steady_clock;
    double traj_s = 0, ape_s = 0;
    for (auto _ : state) {
        auto t0 = Clock::now();
        benchmark::DoNotOptimize(runTraj(file().path));
        auto t1 = Clock::now();
        benchmark::DoNotOptimize(runApe(file().path));
        auto t2 = Clock::now();
        traj_s += std::chrono::duration<double>(t1 - t0).count();
        ape_s += std::chrono::duration<double>(t2 - t1).count();
    }
    state.counters["traj_s"] = traj_s / static_cast<double>(state.iterations());
    state.counters["ape_s"] = ape_s / static_cast<double>(state.iterations());
    state.counters["ratio"] = traj_s / ape_s;
}
BENCHMARK(BM_TrajVsApe)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
