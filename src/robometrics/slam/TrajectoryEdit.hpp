#pragma once
// Editing trajectories in time, as `robometrics traj` does before it compares or exports them:
// shifting stamps by a constant offset, concatenating several trajectories into one, and keeping
// the poses an association chose.

#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

/// Adds `offset_s` to every stamp (no-op for trajectories without time).
void shiftStamps(Trajectory &trajectory, double offset_s);

/// Keeps the poses at `indices` (in that order, repeats allowed), as selectPoses() but in place:
/// each field is gathered and its old storage released before the next one, so a trajectory of a
/// million poses is never held twice; nothing moves when `indices` is 0, 1, ..., size() - 1.
void keepPoses(Trajectory &trajectory, const std::vector<std::size_t> &indices);

/// Keeps the poses of `runs`, in their order, in place and without a new array: each run must
/// start after the last pose of the runs before it (indices that only grow, as the pairs of an
/// association in order), so every pose moves down to its new place or stays; one run from 0
/// moves nothing. For the pairs of nearestPairRuns().
void keepRuns(Trajectory &trajectory, const std::vector<IndexRun> &runs);

/// All poses of all `parts` in one trajectory, sorted by stamp; poses with equal stamps keep the
/// order of the parts (a stable sort), so the result is deterministic. Trajectories without time
/// cannot be ordered by stamp and are refused unless every part lacks stamps, in which case they
/// are appended in order (stamps renumbered 0, 1, 2, ...).
Result<Trajectory> mergeTrajectories(const std::vector<Trajectory> &parts);

}  // namespace robometrics::slam
