#pragma once
// The matched pairs of an ATE kept on disk (core/SpillLog) and their translation APE under the
// origin and the SE(3) alignment, computed in passes over them: bit for bit what evaluateApe()
// gives for the same trajectories in memory. The means are numpy's pairwise sums
// (whose tree depends only on the count, so they are summed block by block as the pairs are read),
// then Umeyama's sums in order, then one pass for the errors. A 4-hour run's 288 000 pairs are
// 16 MB on disk instead of 37 MB of matched trajectories in memory.

#include <cstddef>
#include <functional>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/SpillLog.hpp"
#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/PoseSource.hpp"
#include "robometrics/slam/TrajectoryAlignment.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::slam {

class MatchedPairs {
public:
    /// One pair: the estimate's stamp, the two positions.
    struct Pair {
        double stamp;
        double ref[3];
        double est[3];
    };
    /// The translation APE of the pairs under both alignments.
    struct Ape {
        ErrorStatistics origin, se3;
        Alignment origin_alignment, se3_alignment;
    };
    /// Called for each pair in order with its errors and the estimate's position after SE(3).
    using Visit = std::function<void(const Pair &, double se3_error, double origin_error, const Eigen::Vector3d &est)>;

    /// The pairs of `association` between `ref` and `est`, read from them in order.
    static MatchedPairs of(const PoseSource &ref, const PoseSource &est, const Association &association);

    std::size_t size() const { return pairs_.size(); }

    /// The APE under the origin alignment (the first poses) and the SE(3) alignment (Umeyama on
    /// every pair); fails as computeAlignment() does (no pair, a degenerate covariance).
    Result<Ape> ape(const Visit &visit) const;

private:
    SpillLog<Pair> pairs_;
    Trajectory first_ref_, first_est_;  ///< the first pair's poses (the origin alignment reads their rotations)
};

}  // namespace robometrics::slam
