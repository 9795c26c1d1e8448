// Lost detector speed: readings per second through features, classifier and tiers. Baseline in
// the same run: computing the two features only (the part any covariance monitor needs).

#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "robometrics/localization/LostDetector.hpp"

namespace {

using namespace robometrics::localization;

std::vector<robometrics::msgs::PoseWithCovarianceStamped> makePoses(std::size_t n) {
    std::vector<robometrics::msgs::PoseWithCovarianceStamped> poses(n);
    for (std::size_t k = 0; k < n; ++k) {
        const double s = 0.05 + 2.0 * (0.5 + 0.5 * std::sin(0.01 * static_cast<double>(k)));
        auto &c = poses[k].pose.covariance;
        c[0] = s * s;
        c[7] = 0.5 * s * s;
        c[1] = c[6] = 0.1 * s * s;
        c[35] = 0.5 * s * s;
    }
    return poses;
}

void BM_BaselineFeatures(benchmark::State &state) {
    const auto poses = makePoses(4096);
    std::size_t k = 0;
    for (auto _ : state) {
        auto f = covarianceFeatures(poses[k++ & 4095].pose.covariance);
        benchmark::DoNotOptimize(f.xy_std);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BaselineFeatures);

void BM_LostDetector(benchmark::State &state) {
    const auto poses = makePoses(4096);
    LostDetector detector{LostDetectorConfig{}};
    std::size_t k = 0;
    for (auto _ : state) {
        auto r = detector.onPose(poses[k & 4095], static_cast<robometrics::TimeNs>(k));
        ++k;
        benchmark::DoNotOptimize(r.probability);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LostDetector);

}  // namespace

BENCHMARK_MAIN();
