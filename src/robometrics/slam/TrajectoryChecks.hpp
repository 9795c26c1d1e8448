#pragma once
// What ape and rpe check around an evaluation beyond evo, as warnings (text for stderr, the --json
// output and the results file): stamps on different clocks, a time offset estimated with a low
// confidence, and an association that matched few poses. Each returns nothing when all is well.

#include <optional>
#include <string>

#include "robometrics/slam/TimeOffsetEstimator.hpp"
#include "robometrics/slam/Trajectory.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::slam {

/// One trajectory's stamps are epoch time (above 1e8 s, 1973) and the other's start near zero
/// (below 1e6 s, under twelve days): a sim or boot clock against the wall clock.
std::optional<std::string> clockMismatchWarning(const Trajectory &ref, const Trajectory &est);

/// The estimate's confidence is below 0.2: the offset is a guess.
std::optional<std::string> lowConfidenceWarning(const TimeOffsetEstimate &estimate);

/// Fewer than half the possible pairs matched (timestamped trajectories only).
std::optional<std::string> sparseAssociationWarning(const Association &association, bool timestamped,
                                                    double t_max_diff);

}  // namespace robometrics::slam
