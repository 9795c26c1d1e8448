#pragma once
// The ATE of a run as its outputs read it: the statistics of both alignments in memory, and per
// matched pair what `ate.csv`, the report's plots and the drift anomaly need, on disk
// (core/SpillLog): for a 4-hour run 21 MB of pairs and 5 MB of reference positions, read back in
// order.

#include <Eigen/Core>
#include <optional>
#include <string>

#include "robometrics/core/SpillLog.hpp"
#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::evaluate {

/// One matched pair: the estimate's stamp (its own clock), the two errors, both positions in the
/// ground truth's frame (the estimate after the SE(3) alignment).
struct AtePair {
    double stamp = 0;
    double se3_error = 0;     ///< [m]
    double origin_error = 0;  ///< [m]; NaN when the origin alignment had no such pair
    double ref[3] = {0, 0, 0};
    double est[3] = {0, 0, 0};
};

/// A ground-truth position in the plot's plane.
struct PlanarPoint {
    double x = 0, y = 0;
};

struct TrajectoryResult {
    std::string estimate_source;                     ///< "BAG:tf:map:base_link", "BAG:/amcl_pose", ...
    slam::ErrorStatistics se3;                       ///< ATE after SE(3) Umeyama alignment
    slam::ErrorStatistics origin;                    ///< ATE with the first poses aligned
    double scale = 1.0;                              ///< of the SE(3) alignment (1: no scale)
    SpillLog<AtePair> pairs;                         ///< the matched pairs in order
    SpillLog<PlanarPoint> reference;                 ///< every ground-truth position (x, y), for the plot
    std::optional<Eigen::Vector2d> reference_start;  ///< the first ground-truth position (map coverage)
    /// The largest SE(3) error (the first of equals) and its stamp, for the drift anomaly.
    struct Worst {
        double stamp = 0;
        double error = 0;
    };
    std::optional<Worst> worst;

    /// Keeps the whole ground truth's positions (the plot) and where it starts.
    void keepReference(const slam::Trajectory &reference);
    /// Keeps a matched pair, in order, and notes the largest SE(3) error.
    void addPair(const AtePair &pair);
    /// Forgets the pairs (of an estimate whose alignment failed).
    void clearPairs();
};

}  // namespace robometrics::evaluate
