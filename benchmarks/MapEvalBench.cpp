// map-eval on 4000 x 4000 maps (16 M cells): the whole evaluation (alignment onto the GT grid,
// coverage, accessible coverage, IoU, SSIM, wall thickness of both maps) and each stage alone,
// against an in-run baseline that only makes one thresholding pass over both grids.

#include <benchmark/benchmark.h>

#include <random>

#include "robometrics/slam/Coverage.hpp"
#include "robometrics/slam/MapAlignment.hpp"
#include "robometrics/slam/MapEvaluation.hpp"
#include "robometrics/slam/Ssim.hpp"
#include "robometrics/slam/WallThickness.hpp"

namespace {

using robometrics::msgs::OccupancyGrid;
constexpr std::uint32_t kSide = 4000;

// A building: 3-cell walls every 100 cells with 10-cell doors, an outer wall, unknown outside.
// The estimate is shifted by one cell, has thicker (4-cell) walls, speckle noise, and an
// unexplored quarter.
struct Maps {
    OccupancyGrid gt, est;
    Maps() {
        gt.info.width = gt.info.height = kSide;
        gt.info.resolution = 0.05f;
        gt.data.assign(std::size_t{kSide} * kSide, 0);
        for (std::uint32_t r = 0; r < kSide; ++r) {
            for (std::uint32_t c = 0; c < kSide; ++c) {
                const std::uint32_t mr = r % 100, mc = c % 100;
                const bool door = (mr > 45 && mr < 55) || (mc > 45 && mc < 55);
                std::int8_t v = 0;
                if ((mr < 3 || mc < 3) && !door) v = 100;
                if (r < 20 || c < 20 || r >= kSide - 20 || c >= kSide - 20) v = -1;
                gt.data[std::size_t{r} * kSide + c] = v;
            }
        }
        est = gt;
        est.info.origin.position.x = 0.05;
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> noise(0, 999);
        for (std::uint32_t r = 0; r < kSide; ++r) {
            for (std::uint32_t c = 0; c < kSide; ++c) {
                std::int8_t &v = est.data[std::size_t{r} * kSide + c];
                if ((r % 100 == 3 || c % 100 == 3) && v == 0) v = 100;
                if (noise(rng) == 0 && v == 0) v = 100;
                if (r > 3 * kSide / 4 && c > kSide / 2) v = -1;
            }
        }
    }
};

const Maps &maps() {
    static const Maps m;
    return m;
}

void setCells(benchmark::State &state) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kSide * kSide);
}

// Baseline: one pass over both grids counting free/occupied/unknown, the least any metric does.
void BM_BaselineThresholdPass(benchmark::State &state) {
    const Maps &m = maps();
    for (auto _ : state) {
        std::size_t counts[3] = {0, 0, 0};
        for (std::size_t i = 0; i < m.gt.data.size(); ++i) {
            counts[m.gt.data[i] < 0 ? 0 : (m.gt.data[i] > 50 ? 1 : 2)]++;
            counts[m.est.data[i] < 0 ? 0 : (m.est.data[i] > 50 ? 1 : 2)]++;
        }
        benchmark::DoNotOptimize(counts);
    }
    setCells(state);
}
BENCHMARK(BM_BaselineThresholdPass)->Unit(benchmark::kMillisecond);

void BM_MapEvalAll(benchmark::State &state) {
    const Maps &m = maps();
    for (auto _ : state) {
        auto r = robometrics::slam::evaluateMaps(m.gt, m.est);
        benchmark::DoNotOptimize(r.ok());
    }
    setCells(state);
}
BENCHMARK(BM_MapEvalAll)->Unit(benchmark::kMillisecond);

void BM_AlignToGrid(benchmark::State &state) {
    const Maps &m = maps();
    const auto geometry = robometrics::slam::GridGeometry::fromInfo(m.gt.info);
    for (auto _ : state) benchmark::DoNotOptimize(robometrics::slam::alignToGrid(m.est, geometry).cells.data());
    setCells(state);
}
BENCHMARK(BM_AlignToGrid)->Unit(benchmark::kMillisecond);

void BM_CoverageAndIou(benchmark::State &state) {
    const Maps &m = maps();
    const auto gt = robometrics::slam::toCellGrid(m.gt), est = robometrics::slam::toCellGrid(m.est);
    for (auto _ : state) {
        benchmark::DoNotOptimize(robometrics::slam::computeCoverage(gt, est).coverage);
        benchmark::DoNotOptimize(robometrics::slam::computeOccupiedIou(gt, est).iou);
    }
    setCells(state);
}
BENCHMARK(BM_CoverageAndIou)->Unit(benchmark::kMillisecond);

void BM_Ssim(benchmark::State &state) {
    const Maps &m = maps();
    const auto a = robometrics::slam::ssimLevels(robometrics::slam::toCellGrid(m.gt));
    const auto b = robometrics::slam::ssimLevels(robometrics::slam::toCellGrid(m.est));
    for (auto _ : state) benchmark::DoNotOptimize(robometrics::slam::computeSsim(a, b, kSide, kSide, 100).mean);
    setCells(state);
}
BENCHMARK(BM_Ssim)->Unit(benchmark::kMillisecond);

void BM_WallThickness(benchmark::State &state) {
    const auto est = robometrics::slam::toCellGrid(maps().est);
    for (auto _ : state) benchmark::DoNotOptimize(robometrics::slam::computeWallThickness(est, 0.05).raw_m);
    setCells(state);
}
BENCHMARK(BM_WallThickness)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
