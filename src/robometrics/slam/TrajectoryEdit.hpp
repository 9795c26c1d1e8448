#pragma once
// Editing trajectories in time, as `robometrics traj` does before it compares or exports them:
// shifting stamps by a constant offset, and concatenating several trajectories into one.

#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

/// Adds `offset_s` to every stamp (no-op for trajectories without time).
void shiftStamps(Trajectory &trajectory, double offset_s);

/// All poses of all `parts` in one trajectory, sorted by stamp; poses with equal stamps keep the
/// order of the parts (a stable sort), so the result is deterministic. Trajectories without time
/// cannot be ordered by stamp and are refused unless every part lacks stamps, in which case they
/// are appended in order (stamps renumbered 0, 1, 2, ...).
Result<Trajectory> mergeTrajectories(const std::vector<Trajectory> &parts);

}  // namespace robometrics::slam
