#pragma once
// Relative pose error, as evo's RPE. For each pair (i, j) of the associated trajectories:
//   E = (Q_i^-1 Q_j)^-1 (P_i^-1 P_j)        Q = reference, P = estimate
// turned into a scalar by the pose relation, plus two RPE-only relations:
//   point_distance              | ||p_ref,j - p_ref,i|| - ||p_est,j - p_est,i|| |
//   point_distance_error_ratio  point_distance / ||p_ref,j - p_ref,i|| * 100 (%), pairs with a
//                               zero reference distance dropped
//
// Pairs (evo's `id_pairs_from_delta`), chosen on the estimate unless pairs_from_reference:
//   frames  consecutive: (0, D), (D, 2D), ...; all pairs: (i, i + D)      (D = int(delta))
//   metres  consecutive: the path length is accumulated and reset to 0 whenever it reaches
//           delta; pairs join consecutive such indices (the first pair starts at the first of
//           them, not at 0). All pairs: for each i, j > i minimising |(d_j - d_i) - delta| (first
//           on a tie), kept when that is <= delta * delta_tol. evo scans; we binary-search.
//   degrees/radians  the same on the angles between consecutive poses (consecutive mode: a pair
//           (start, i + 1) once the accumulated angle reaches delta); all pairs: every (i, j > i)
//           whose relative angle lies in [delta - tol, delta + tol] (O(N^2), as in evo).

#include <string>
#include <utility>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/PoseRelation.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

enum class DeltaUnit { Frames, Meters, Degrees, Radians };

struct RpeConfig {
    PoseRelation relation = PoseRelation::Trans;
    double delta = 1.0;
    DeltaUnit delta_unit = DeltaUnit::Frames;
    double delta_tol = 0.1;  ///< relative tolerance of the metre/angle pairs
    bool all_pairs = false;
    bool pairs_from_reference = false;
};

struct RpeResult {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  ///< one per error
    std::vector<double> errors;
};

Result<DeltaUnit> parseDeltaUnit(const std::string &name);
const char *deltaUnitName(DeltaUnit unit);

/// The index pairs of one trajectory for a delta.
Result<std::vector<std::pair<std::size_t, std::size_t>>> rpePairs(const Trajectory &trajectory, double delta,
                                                                  DeltaUnit unit, double delta_tol, bool all_pairs);

/// The RPE of associated (equal-length) trajectories; an error when no pair exists.
Result<RpeResult> computeRpe(const Trajectory &ref, const Trajectory &est, const RpeConfig &config = {});

}  // namespace robometrics::slam
