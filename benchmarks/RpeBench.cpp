// rpe end to end on the two generated TUM files of 1,000,000 poses each (TrajectoryBenchSupport.hpp),
// as the command runs it with evo's defaults: both files read in parallel, nearest association,
// no alignment, the translation error of every pair of consecutive poses (delta 1 frame),
// statistics. The baseline measured in the same run is the naive implementation (istream
// parsing, a binary search per pose, Eigen::Isometry3d per pair, sort for the median). Counters as
// in ApeBench: ratio, read_ratio, after_read_ratio (goal <= 0.2 end to end), peak_over_input (goal
// <= 1.5), and both rmse.

#include "TrajectoryBenchSupport.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace {

using namespace robometrics;
using namespace robometrics::benchsupport;

Eigen::Isometry3d pose(const slam::Trajectory &t, std::size_t i) {
    Eigen::Isometry3d p = Eigen::Isometry3d::Identity();
    p.linear() = t.orientations[i].toRotationMatrix();
    p.translation() = t.positions[i];
    return p;
}

void BM_RpeVsNaive(benchmark::State &state) {
    static const TrajectoryFiles files(io::TrajectoryFormat::Tum);
    auto ours = [](io::TrajectoryPair input) {
        auto r = slam::evaluateRpe(std::move(input.ref), std::move(input.est), {}, slam::RpeConfig{});
        if (!r) std::abort();
        return r->stats.rmse;
    };
    auto naive = [](const io::TrajectoryPair &input) {
        auto [r, e] = naiveAssociate(input.ref, input.est);
        std::vector<double> errors;
        for (std::size_t i = 0; i + 1 < r.size(); ++i) {
            const Eigen::Isometry3d q = pose(r, i).inverse() * pose(r, i + 1);
            const Eigen::Isometry3d p = pose(e, i).inverse() * pose(e, i + 1);
            errors.push_back((q.inverse() * p).translation().norm());
        }
        return naiveStatistics(errors).rmse;
    };
    compareWithBaseline(state, files, ours, naive, "rmse");
}
BENCHMARK(BM_RpeVsNaive)->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
