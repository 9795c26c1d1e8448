#pragma once
// One trajectory brought onto a reference, as `robometrics traj --ref` does for every other
// input: the poses are associated by stamp (the same association as ape/rpe), the alignment is
// estimated on the associated poses only and then applied to the whole trajectory (so the plot
// shows every pose, not only the matched ones); with `sync` the trajectory keeps only the poses
// that have a partner in the reference.

#include <cstddef>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"
#include "robometrics/slam/TrajectoryAlignment.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::slam {

struct ReferenceOptions {
    AssociationConfig association;
    AlignMode align = AlignMode::None;
    std::size_t n_to_align = 0;  ///< 0 = every associated pose
    bool sync = false;           ///< keep only the associated poses
};

struct ReferenceRelation {
    std::size_t matched = 0;    ///< associated pairs
    std::size_t max_pairs = 0;  ///< the shorter trajectory's length
    Alignment alignment;        ///< identity when `align` is None
};

/// Changes `trajectory` in place (aligned; reduced to its matched poses with `sync`). Errors when
/// no pose matches or the alignment is degenerate.
Result<ReferenceRelation> relateToReference(const Trajectory &reference, Trajectory &trajectory,
                                            const ReferenceOptions &options);

}  // namespace robometrics::slam
