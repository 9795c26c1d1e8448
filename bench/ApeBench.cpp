// ape end to end on two generated TUM files of 1,000,000 poses each: read both, associate (nearest,
// 0.01 s), SE(3) Umeyama, APE translation statistics. evo needs ~14 minutes for this (reference
// notes, section 7). The baseline in the same run is reading the two files alone; the ratio
// end-to-end / baseline shows what association, alignment and statistics add. Wall-clock times
// (UseRealTime), since the command reads both files in parallel.
//
// The data follow the evo timing set-up: ground truth at 100 Hz on a smooth 3-D path with
// yaw-following orientation; estimate = same stamps with U(-2, 2) ms jitter, rotated 30 degrees
// about z, shifted by (1, -2, 0.5) m, N(0, 0.05 m) position noise, ~0.5 degree orientation noise.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <random>

#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace {

using namespace robometrics;

constexpr std::size_t kPoses = 1'000'000;

struct Files {
    std::string ref, est;
    Files() {
        auto dir = std::filesystem::temp_directory_path() / ("robometrics-apebench-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir);
        ref = (dir / "ref.tum").string();
        est = (dir / "est.tum").string();
        std::mt19937_64 rng(42);
        std::uniform_real_distribution<double> jitter(-0.002, 0.002);
        std::normal_distribution<double> noise(0.0, 0.05), angle_noise(0.0, 0.5 * M_PI / 180.0);
        slam::Trajectory gt, es;
        const Eigen::Matrix3d rot = Eigen::AngleAxisd(M_PI / 6, Eigen::Vector3d::UnitZ()).toRotationMatrix();
        const Eigen::Vector3d shift(1, -2, 0.5);
        for (std::size_t i = 0; i < kPoses; ++i) {
            const double t = 1.7e9 + 0.01 * static_cast<double>(i);
            const double s = 0.01 * static_cast<double>(i);
            Eigen::Vector3d p(20 * std::sin(0.01 * s), 15 * std::sin(0.013 * s), 2 * std::sin(0.005 * s));
            const double yaw = std::atan2(15 * 0.013 * std::cos(0.013 * s), 20 * 0.01 * std::cos(0.01 * s));
            Eigen::Quaterniond q(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()));
            gt.add(t, p, q);
            Eigen::Vector3d pe = rot * p + shift + Eigen::Vector3d(noise(rng), noise(rng), noise(rng));
            Eigen::Quaterniond qe = Eigen::Quaterniond(rot) * q *
                                    Eigen::Quaterniond(Eigen::AngleAxisd(angle_noise(rng), Eigen::Vector3d::UnitX()));
            es.add(t + jitter(rng), pe, qe);
        }
        if (!io::writeTumFile(ref, gt).ok() || !io::writeTumFile(est, es).ok()) std::abort();
    }
    ~Files() {
        std::error_code ec;
        std::filesystem::remove_all(std::filesystem::path(ref).parent_path(), ec);
    }
};

const Files &files() {
    static Files f;
    return f;
}

void BM_ReadBothFiles(benchmark::State &state) {
    const Files &f = files();
    for (auto _ : state) {
        auto ref = io::readTrajectoryFile(f.ref);
        auto est = io::readTrajectoryFile(f.est);
        if (!ref || !est) state.SkipWithError("read failed");
        benchmark::DoNotOptimize(ref->positions.data());
        benchmark::DoNotOptimize(est->positions.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 2 * kPoses));
}
BENCHMARK(BM_ReadBothFiles)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// The baseline of the end-to-end figure: reading both files the way the command does (in parallel).
void BM_ReadBothFilesParallel(benchmark::State &state) {
    const Files &f = files();
    for (auto _ : state) {
        auto input = io::loadTrajectoryPair(f.ref, "auto", f.est, "auto");
        if (!input) state.SkipWithError("read failed");
        benchmark::DoNotOptimize(input->ref.positions.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 2 * kPoses));
}
BENCHMARK(BM_ReadBothFilesParallel)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_ApeEndToEnd(benchmark::State &state) {
    const Files &f = files();
    slam::TrajectoryEvalConfig config;
    config.align = slam::AlignMode::Se3;
    for (auto _ : state) {
        // As the ape command does it: both files read in parallel.
        auto input = io::loadTrajectoryPair(f.ref, "auto", f.est, "auto");
        if (!input) state.SkipWithError("read failed");
        auto result = slam::evaluateApe(input->ref, input->est, config, slam::PoseRelation::Trans);
        if (!result) state.SkipWithError(result.message().c_str());
        state.counters["matched"] = static_cast<double>(result->stats.n);
        state.counters["rmse_m"] = result->stats.rmse;
        benchmark::DoNotOptimize(result->stats.rmse);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 2 * kPoses));
}
BENCHMARK(BM_ApeEndToEnd)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// Association, alignment and statistics alone, on trajectories already in memory.
void BM_ApeWithoutReading(benchmark::State &state) {
    const Files &f = files();
    auto ref = io::readTrajectoryFile(f.ref);
    auto est = io::readTrajectoryFile(f.est);
    slam::TrajectoryEvalConfig config;
    config.align = slam::AlignMode::Se3;
    for (auto _ : state) {
        auto result = slam::evaluateApe(*ref, *est, config, slam::PoseRelation::Trans);
        benchmark::DoNotOptimize(result->stats.rmse);
    }
}
BENCHMARK(BM_ApeWithoutReading)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
