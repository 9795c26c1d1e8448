// kitti end to end on two generated KITTI files of 1,000,000 poses each (about a metre per frame,
// TrajectoryBenchSupport.hpp), as the command runs it: both files read in parallel, paired by
// index, the devkit's metric over 100..800 m segments starting every 10 frames. The baseline
// measured in the same run is the naive implementation: istream parsing, then the devkit's loop
// as written (a linear scan for each segment's last frame, the first pose inverted per segment).
// Counters as in ApeBench: ratio, read_ratio, after_read_ratio (goal <= 0.2 end to end),
// peak_over_input (goal <= 1.5), and both translational errors (they agree to ~1e-5: the devkit
// sums in float, the naive loop here in double).

#include "TrajectoryBenchSupport.hpp"
#include "robometrics/slam/KittiOdometry.hpp"

namespace {

using namespace robometrics;
using namespace robometrics::benchsupport;

Eigen::Matrix4d pose(const slam::Trajectory &t, std::size_t i) {
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    m.topLeftCorner<3, 3>() = t.rotation_matrices[i];
    m.topRightCorner<3, 1>() = t.positions[i];
    return m;
}

/// evaluate_odometry.cpp's calcSequenceErrors: the mean translational error in %.
double naiveKitti(const slam::Trajectory &gt, const slam::Trajectory &est) {
    std::vector<float> dist{0.0f};
    for (std::size_t i = 1; i < gt.size(); ++i) {
        dist.push_back(dist.back() + static_cast<float>((gt.positions[i] - gt.positions[i - 1]).norm()));
    }
    double t_sum = 0;
    std::size_t n = 0;
    for (std::size_t first = 0; first < gt.size(); first += 10) {
        for (float len : {100.f, 200.f, 300.f, 400.f, 500.f, 600.f, 700.f, 800.f}) {
            std::size_t last = first;
            while (last < dist.size() && !(dist[last] > dist[first] + len)) ++last;
            if (last == dist.size()) continue;
            const Eigen::Matrix4d e =
                (pose(est, first).inverse() * pose(est, last)).inverse() * (pose(gt, first).inverse() * pose(gt, last));
            t_sum += e.topRightCorner<3, 1>().norm() / len;
            ++n;
        }
    }
    return t_sum / static_cast<double>(n) * 100.0;
}

void BM_KittiVsNaive(benchmark::State &state) {
    static const TrajectoryFiles files(io::TrajectoryFormat::Kitti);
    auto ours = [](io::TrajectoryPair input) {
        auto r = slam::evaluateKitti(std::move(input.ref), std::move(input.est), {});
        if (!r) std::abort();
        return r->result.t_err_pct;
    };
    auto naive = [](const io::TrajectoryPair &input) { return naiveKitti(input.ref, input.est); };
    compareWithBaseline(state, files, ours, naive, "t_err_pct");
}
BENCHMARK(BM_KittiVsNaive)->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
