#pragma once
// The KITTI odometry benchmark metric, computed as the official devkit (evaluate_odometry.cpp):
// segments of 100, 200, ..., 800 m starting every 10 frames, lengths measured along the ground
// truth. For a start frame f and length L the end frame l is the first with dist[l] > dist[f] + L
// (skipped if none). E = (P_f^-1 P_l)^-1 (G_f^-1 G_l) (P = estimate, G = ground truth);
// t_err = ||t_E|| / L, r_err = acos(clamp((trace(R_E) - 1) / 2)) / L. The score is the mean over
// all segments. Like the devkit, distances, per-segment errors and the sums are single precision
// (float), which decides which frame ends a segment; the pose algebra is double.
// Reported as t_err in % and r_err in deg/m.

#include <array>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::slam {

struct KittiSegment {
    std::size_t first_frame = 0;
    std::size_t last_frame = 0;
    float length = 0.0f;  ///< metres
    float t_err = 0.0f;   ///< translational error per metre (fraction)
    float r_err = 0.0f;   ///< rotational error per metre (rad/m)
};

struct KittiLengthResult {
    double length = 0.0;
    std::size_t n = 0;
    double t_err_pct = 0.0;
    double r_err_deg_per_m = 0.0;
};

struct KittiResult {
    std::size_t n_segments = 0;
    double t_err_pct = 0.0;
    double r_err_deg_per_m = 0.0;
    std::array<KittiLengthResult, 8> per_length{};
    std::vector<KittiSegment> segments;
};

/// The metric for poses paired by index (equal lengths required); an error when the ground truth
/// is shorter than 100 m so that no segment exists.
Result<KittiResult> computeKittiOdometry(const Trajectory &gt, const Trajectory &est);

struct KittiEvaluation {
    std::size_t poses = 0;  ///< the pairs the metric ran on
    KittiResult result;
};

/// The metric of `robometrics kitti`: KITTI files pair by index; timestamped trajectories are
/// associated first (nearest stamp, `association`). Pass the trajectories with std::move when they
/// are not needed afterwards: the pairs are then kept in place instead of copied.
Result<KittiEvaluation> evaluateKitti(Trajectory gt, Trajectory est, const AssociationConfig &association);

}  // namespace robometrics::slam
