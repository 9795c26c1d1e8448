#include "robometrics/slam/TrajectoryAlignment.hpp"

#include <fmt/format.h>

#include <Eigen/SVD>
#include <cmath>
#include <limits>

#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/TrajectoryGeometry.hpp"

namespace robometrics::slam {

namespace {

/// numpy's mean of each coordinate of the first `n` points (one pairwise sum per coordinate).
Eigen::Vector3d meanOf(const std::vector<Eigen::Vector3d> &points, std::size_t n) {
    Eigen::Vector3d mean;
    for (int d = 0; d < 3; ++d) {
        mean[d] = pairwiseSumOf(0, n, [&points, d](std::size_t i) { return points[i][d]; }) / static_cast<double>(n);
    }
    return mean;
}

/// rpg_trajectory_evaluation's get_best_yaw: the yaw maximising trace(Rz(yaw) C).
double bestYaw(const Eigen::Matrix3d &c) {
    double a = c(0, 1) - c(1, 0);
    double b = c(0, 0) + c(1, 1);
    return M_PI / 2.0 - std::atan2(b, a);
}

Result<Alignment> alignPosYaw(const Trajectory &ref, const Trajectory &est, std::size_t n) {
    Alignment out;
    if (n == 1) {
        Eigen::Matrix3d c = est.rotation(0) * ref.rotation(0).transpose();
        out.rotation = rotationZ(bestYaw(c));
        out.translation = ref.positions[0] - out.rotation * est.positions[0];
        return out;
    }
    Eigen::Vector3d mean_est = meanOf(est.positions, n);
    Eigen::Vector3d mean_ref = meanOf(ref.positions, n);
    Eigen::Matrix3d c = Eigen::Matrix3d::Zero();
    for (std::size_t i = 0; i < n; ++i) c += (est.positions[i] - mean_est) * (ref.positions[i] - mean_ref).transpose();
    out.rotation = rotationZ(bestYaw(c));
    out.translation = mean_ref - out.rotation * mean_est;
    return out;
}

}  // namespace

Result<AlignMode> parseAlignMode(const std::string &name) {
    if (name == "none") return AlignMode::None;
    if (name == "origin") return AlignMode::Origin;
    if (name == "se3") return AlignMode::Se3;
    if (name == "sim3") return AlignMode::Sim3;
    if (name == "scale") return AlignMode::Scale;
    if (name == "posyaw") return AlignMode::PosYaw;
    return Error{"unknown alignment '" + name + "' (expected none, origin, se3, sim3, scale or posyaw)"};
}

const char *alignModeName(AlignMode mode) {
    switch (mode) {
        case AlignMode::None:
            return "none";
        case AlignMode::Origin:
            return "origin";
        case AlignMode::Se3:
            return "se3";
        case AlignMode::Sim3:
            return "sim3";
        case AlignMode::Scale:
            return "scale";
        case AlignMode::PosYaw:
            return "posyaw";
    }
    return "none";
}

Result<Plane> parsePlane(const std::string &name) {
    if (name == "xy") return Plane::XY;
    if (name == "xz") return Plane::XZ;
    if (name == "yz") return Plane::YZ;
    return Error{"unknown plane '" + name + "' (expected xy, xz or yz)"};
}

Result<Alignment> umeyama(const std::vector<Eigen::Vector3d> &x, const std::vector<Eigen::Vector3d> &y, bool with_scale,
                          std::size_t n) {
    if (x.size() != y.size()) return Error{"Umeyama alignment needs as many source as target points"};
    if (n == 0 || n > x.size()) n = x.size();
    if (n == 0) return Error{"Umeyama alignment needs at least one point"};
    UmeyamaSums sums(meanOf(x, n), meanOf(y, n));
    for (std::size_t i = 0; i < n; ++i) sums.add(x[i], y[i]);
    return sums.alignment(n, with_scale);
}

Result<Alignment> UmeyamaSums::alignment(std::size_t n, bool with_scale) const {
    const double inv_n = 1.0 / static_cast<double>(n);
    const Eigen::Vector3d &mean_x = mean_x_, &mean_y = mean_y_;
    const double sigma_x = inv_n * sq_;
    const Eigen::Matrix3d cov = inv_n * outer_sum_;
    Eigen::JacobiSVD<Eigen::Matrix3d> svd(cov, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const Eigen::Vector3d d = svd.singularValues();
    int rank = 0;
    for (int i = 0; i < 3; ++i) rank += d[i] > std::numeric_limits<double>::epsilon() ? 1 : 0;
    if (rank < 2) {
        return Error{
            fmt::format("degenerate covariance rank ({} of 3): the {} aligned positions are (nearly) all on "
                        "one line or one point, so the rotation is undetermined",
                        rank, n)};
    }
    Eigen::Matrix3d s = Eigen::Matrix3d::Identity();
    if (svd.matrixU().determinant() * svd.matrixV().determinant() < 0.0) s(2, 2) = -1.0;
    Alignment out;
    out.rotation = svd.matrixU() * s * svd.matrixV().transpose();
    out.scale = with_scale ? 1.0 / sigma_x * (d.asDiagonal() * s).trace() : 1.0;
    out.translation = mean_y - out.scale * (out.rotation * mean_x);
    return out;
}

Result<Alignment> computeAlignment(const Trajectory &ref, const Trajectory &est, AlignMode mode,
                                   std::size_t n_to_align) {
    if (ref.size() != est.size()) return Error{"alignment needs associated trajectories of equal length"};
    if (ref.empty()) return Error{"alignment needs at least one pose"};
    std::size_t n = (n_to_align == 0 || n_to_align > ref.size()) ? ref.size() : n_to_align;
    switch (mode) {
        case AlignMode::None:
            return Alignment{};
        case AlignMode::Origin: {
            Alignment out;
            Eigen::Matrix3d r_est_inv = est.rotation(0).transpose();
            Eigen::Matrix3d r_ref = ref.rotation(0);
            out.rotation = r_ref * r_est_inv;
            out.translation = r_ref * (-(r_est_inv * est.positions[0])) + ref.positions[0];
            return out;
        }
        case AlignMode::Se3:
            return umeyama(est.positions, ref.positions, false, n);
        case AlignMode::Sim3:
            return umeyama(est.positions, ref.positions, true, n);
        case AlignMode::Scale: {
            auto sim3 = umeyama(est.positions, ref.positions, true, n);
            if (!sim3) return sim3.error();
            Alignment out;
            out.scale = sim3->scale;
            return out;
        }
        case AlignMode::PosYaw:
            return alignPosYaw(ref, est, n);
    }
    return Alignment{};
}

void applyAlignment(Trajectory &trajectory, const Alignment &alignment) {
    const Eigen::Quaterniond q_align(alignment.rotation);
    for (Eigen::Vector3d &p : trajectory.positions) p = alignedPosition(alignment, p);
    for (Eigen::Quaterniond &q : trajectory.orientations) q = (q_align * q).normalized();  // none without rotations
    for (Eigen::Matrix3d &r : trajectory.rotation_matrices) r = alignment.rotation * r;
}

void projectToPlane(Trajectory &trajectory, Plane plane) {
    const int null_dim = plane == Plane::XY ? 2 : plane == Plane::XZ ? 1 : 0;
    constexpr double kEps = std::numeric_limits<double>::epsilon() * 4.0;
    for (std::size_t i = 0; i < trajectory.size(); ++i) {
        trajectory.positions[i][null_dim] = 0.0;
        const Eigen::Matrix3d m = trajectory.rotation(i);
        // The static-xyz Euler angle about the plane normal (transformations.py euler_from_matrix).
        const double cy = std::sqrt(m(0, 0) * m(0, 0) + m(1, 0) * m(1, 0));
        double angle = 0.0;
        if (null_dim == 2) {
            angle = cy > kEps ? std::atan2(m(1, 0), m(0, 0)) : 0.0;
        } else if (null_dim == 1) {
            angle = std::atan2(-m(2, 0), cy);
        } else {
            angle = cy > kEps ? std::atan2(m(2, 1), m(2, 2)) : std::atan2(-m(1, 2), m(1, 1));
        }
        Eigen::Vector3d axis = Eigen::Vector3d::Zero();
        axis[null_dim] = 1.0;
        Eigen::AngleAxisd rotation(angle, axis);
        trajectory.orientations[i] = Eigen::Quaterniond(rotation);
        if (!trajectory.rotation_matrices.empty()) trajectory.rotation_matrices[i] = rotation.toRotationMatrix();
    }
}

}  // namespace robometrics::slam
