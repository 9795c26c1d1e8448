#pragma once
// The whole evo-style evaluation of an estimate against a reference, in evo's order:
// associate -> align (on the associated poses) -> project to a plane -> metric -> statistics.
// Shared by the `ape`, `rpe` and `slam-eval` commands.

#include <optional>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/Rpe.hpp"
#include "robometrics/slam/Trajectory.hpp"
#include "robometrics/slam/TrajectoryAlignment.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::slam {

struct TrajectoryEvalConfig {
    AssociationConfig association;
    AlignMode align = AlignMode::None;  ///< evo's default: no alignment
    std::size_t n_to_align = 0;         ///< 0 = all associated poses
    std::optional<Plane> plane;         ///< project both after alignment
    /// False: the result keeps the statistics alone (its errors, stamps and pose_indices empty,
    /// the errors reordered for the median instead of copied), for a run that prints nothing
    /// per pose: three arrays of a million values less to make (issue 62).
    bool per_pose = true;
};

/// Associated, aligned (estimate) and projected trajectories, pose i of one paired with pose i of the other.
struct PreparedTrajectories {
    Trajectory ref;
    Trajectory est;
    Association association;
    Alignment alignment;
};

/// The trajectories are taken by value: pass them with std::move when they are not needed
/// afterwards, and the associated poses are kept in place instead of copied (half the memory on
/// large files); lvalues are copied as before.
Result<PreparedTrajectories> prepareTrajectories(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config);

struct TrajectoryErrorResult {
    PreparedTrajectories prepared;
    std::vector<double> errors;
    std::vector<double> stamps;             ///< the estimate's stamp of each error (the pair's second pose for RPE)
    std::vector<std::size_t> pose_indices;  ///< the associated pose each error belongs to (RPE: the pair's second)
    ErrorStatistics stats;
};

Result<TrajectoryErrorResult> evaluateApe(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config,
                                          PoseRelation relation);

/// The associated poses of `ref` and `est`, pose i of one paired with pose i of the other, not yet
/// aligned (PreparedTrajectories with the identity alignment): the reference's copied, as the
/// caller keeps it whole, the estimate's kept in place.
Result<PreparedTrajectories> matchTrajectories(const Trajectory &ref, Trajectory est, const AssociationConfig &config);

Result<TrajectoryErrorResult> evaluateRpe(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config,
                                          const RpeConfig &rpe);

}  // namespace robometrics::slam
