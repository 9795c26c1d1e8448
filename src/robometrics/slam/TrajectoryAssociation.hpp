#pragma once
// Pairs the poses of a reference and an estimate by timestamp.
//
// Nearest (evo's `associate_trajectories`): the trajectory with fewer poses queries the other one
// (the estimate when both have the same length); each query stamp takes the nearest stamp of the
// other side (the first index on a tie), accepted when |difference| <= t_max_diff. Several queries
// may take the same partner. `t_offset` is added to the estimate's stamps. evo scans the whole
// other side per query (O(N M)); we sort it once (when it is not sorted already) and walk it along
// the queries like a merge (O(N + M) for stamps in order, O(log M) per query that jumps), with the
// same result, unsorted input included.
//
// OneToOne (the TUM RGB-D tools' `associate.py`): every pair with |t_ref - (t_est + offset)| <
// t_max_diff (strict) is a candidate; candidates are taken greedily by increasing difference
// (then reference stamp, then estimate stamp), each pose used at most once; pairs come out sorted
// by reference stamp.
//
// Trajectories without timestamps (KITTI) are paired by index and must have the same length.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

enum class AssociationMethod { Nearest, OneToOne };

struct AssociationConfig {
    AssociationMethod method = AssociationMethod::Nearest;
    double t_max_diff = 0.01;  ///< seconds
    double t_offset = 0.0;     ///< seconds, added to the estimate's stamps
};

struct Association {
    /// Pair k is (ref_indices[k], est_indices[k]); both empty when the pairs were kept as runs
    /// (nearestPairRuns).
    std::vector<std::size_t> ref_indices;
    std::vector<std::size_t> est_indices;
    std::size_t pairs = 0;                     ///< how many
    std::size_t max_pairs = 0;                 ///< the most pairs possible (the shorter trajectory's length)
    std::size_t ref_poses = 0, est_poses = 0;  ///< the lengths of the two trajectories
    std::size_t size() const { return pairs; }
};

Result<AssociationMethod> parseAssociationMethod(const std::string &name);

/// The pairs; an error explaining why when no pose matches.
Result<Association> associate(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config = {});

/// The nearest association's pairs (as associate() finds them) as runs of consecutive poses:
/// run r pairs reference pose ref[r].first + m with estimate pose est[r].first + m, m <
/// ref[r].length. For the common case of pairs in order, each pose taken at most once: two lists
/// of a few entries instead of two of a million indices (issue 62), and the poses are kept in
/// place by keepRuns(). Nothing (use associate()) for the one-to-one method, a trajectory without
/// stamps, no pair, a pose taken twice, pairs out of order, or more runs than 64 and than a
/// quarter of the pairs (trajectories at different rates, where consecutive poses of one are not
/// paired with consecutive poses of the other: the walk stops there).
struct PairRuns {
    std::vector<IndexRun> ref, est;
    Association association;  ///< the counts (the index lists empty)
};
std::optional<PairRuns> nearestPairRuns(const Trajectory &ref, const Trajectory &est,
                                        const AssociationConfig &config = {});

/// Nearest-stamp matching of `query` stamps into `target` stamps (+ target_offset), as evo's
/// `matching_time_indices`. Returns (query index, target index) pairs in query order.
void matchNearest(const std::vector<double> &query, const std::vector<double> &target, double target_offset,
                  double max_diff, std::vector<std::size_t> &query_out, std::vector<std::size_t> &target_out);

}  // namespace robometrics::slam
