#pragma once
// Aligning an estimate to its reference before the error is computed.
//
// Every alignment is a similarity p' = R (s p) + t, applied to positions, with orientations
// rotated by R (R_i' = R R_i):
//   none    identity
//   origin  the estimate's first pose onto the reference's first pose (T = P_ref0 P_est0^-1)
//   se3     Umeyama (1991) on positions, no scale (evo -a)
//   sim3    Umeyama with scale (evo -as)
//   scale   the Umeyama scale only, R = I, t = 0 (evo -s)
//   posyaw  4-DoF: translation and a rotation about z (rpg_trajectory_evaluation's posyaw, for
//           VIO whose roll and pitch are observable); with n_to_align = 1 the yaw comes from the
//           first poses' orientations
// Umeyama follows evo's `umeyama_alignment` step for step (means, covariance / n, SVD, reflection
// fix when det(U) det(V) < 0, "Degenerate covariance rank" when fewer than 2 singular values
// exceed machine epsilon).

#include <Eigen/Core>
#include <optional>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

enum class AlignMode { None, Origin, Se3, Sim3, Scale, PosYaw };
enum class Plane { XY, XZ, YZ };

struct Alignment {
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
    Eigen::Vector3d translation = Eigen::Vector3d::Zero();
    double scale = 1.0;
};

Result<AlignMode> parseAlignMode(const std::string &name);
const char *alignModeName(AlignMode mode);
Result<Plane> parsePlane(const std::string &name);

/// p' = R (s p) + t: one position under `alignment`, as applyAlignment() moves it.
inline Eigen::Vector3d alignedPosition(const Alignment &alignment, const Eigen::Vector3d &p) {
    return alignment.rotation * (alignment.scale * p) + alignment.translation;
}

/// Umeyama's sums over the pairs (x source, y target) about their means, one pair at a time in
/// order: what umeyama() adds up, for pairs that are not all in memory.
class UmeyamaSums {
public:
    UmeyamaSums(const Eigen::Vector3d &mean_x, const Eigen::Vector3d &mean_y) : mean_x_(mean_x), mean_y_(mean_y) {}
    void add(const Eigen::Vector3d &x, const Eigen::Vector3d &y) {
        const Eigen::Vector3d dx = x - mean_x_;
        sq_ += dx.squaredNorm();
        outer_sum_.noalias() += (y - mean_y_) * dx.transpose();
    }
    /// The alignment of `n` pairs added (n >= 1).
    Result<Alignment> alignment(std::size_t n, bool with_scale) const;

private:
    Eigen::Vector3d mean_x_, mean_y_;
    double sq_ = 0.0;
    Eigen::Matrix3d outer_sum_ = Eigen::Matrix3d::Zero();
};

/// Umeyama on the first `n` columns of x (source) and y (target); n = 0 or n > size means all.
Result<Alignment> umeyama(const std::vector<Eigen::Vector3d> &x, const std::vector<Eigen::Vector3d> &y, bool with_scale,
                          std::size_t n = 0);

/// The alignment taking `est` onto `ref` (already associated: pose i of one belongs to pose i of
/// the other). `n_to_align` = 0 uses every pose.
Result<Alignment> computeAlignment(const Trajectory &ref, const Trajectory &est, AlignMode mode,
                                   std::size_t n_to_align = 0);

/// Applies p' = R (s p) + t and R_i' = R R_i to every pose.
void applyAlignment(Trajectory &trajectory, const Alignment &alignment);

/// evo's `project(plane)`: zeroes the coordinate normal to the plane and keeps only the part of
/// each orientation that rotates about that normal.
void projectToPlane(Trajectory &trajectory, Plane plane);

}  // namespace robometrics::slam
