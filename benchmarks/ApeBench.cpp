// ape end to end on two generated TUM files of 1,000,000 poses each, as the command runs it: both
// files read in parallel, nearest association (0.01 s), SE(3) Umeyama, APE translation
// statistics. evo needs ~14 minutes for this (reference notes, section 7). The baseline measured
// in the same run is the naive implementation of TrajectoryBenchSupport.hpp (istream parsing,
// a binary search per pose, Eigen::umeyama, sort for the median). Counters: ratio (end to end),
// read_ratio, after_read_ratio (ours / naive; the goal is <= 0.2 end to end), peak_over_input
// (ours' peak memory / the two files' size; the goal is <= 1.5), and both rmse (they agree).

#include "TrajectoryBenchSupport.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace {

using namespace robometrics;
using namespace robometrics::benchsupport;

void BM_ApeVsNaive(benchmark::State &state) {
    static const TrajectoryFiles files(io::TrajectoryFormat::Tum);
    auto ours = [](io::TrajectoryPair input) {
        slam::TrajectoryEvalConfig config;
        config.align = slam::AlignMode::Se3;
        auto r = slam::evaluateApe(std::move(input.ref), std::move(input.est), config, slam::PoseRelation::Trans);
        if (!r) std::abort();
        return r->stats.rmse;
    };
    auto naive = [](const io::TrajectoryPair &input) {
        auto [r, e] = naiveAssociate(input.ref, input.est);
        const Eigen::Matrix4d m = naiveUmeyama(r, e);
        std::vector<double> errors;
        for (std::size_t i = 0; i < r.size(); ++i) {
            errors.push_back((r.positions[i] - (m.topLeftCorner<3, 3>() * e.positions[i] + m.col(3).head<3>())).norm());
        }
        return naiveStatistics(errors).rmse;
    };
    compareWithBaseline(state, files, ours, naive, "rmse");
}
BENCHMARK(BM_ApeVsNaive)->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
