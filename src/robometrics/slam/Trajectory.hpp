#pragma once
// A trajectory: poses with timestamps in seconds (double, as evo and the TUM format use), in the
// order they were recorded. Pure data, shared by the readers, the aligner and the metrics.

#include <Eigen/Geometry>
#include <vector>

#include "robometrics/core/HugePages.hpp"

namespace robometrics::slam {

struct Trajectory {
    std::vector<double> stamps;              ///< seconds (the pose index for KITTI files)
    std::vector<Eigen::Vector3d> positions;  ///< metres
    /// Unit quaternions, one per pose; empty when the poses were read for their positions only
    /// (hasRotations()).
    std::vector<Eigen::Quaterniond> orientations;
    /// Rotation matrices exactly as a matrix format (KITTI) stored them, which need not be perfectly
    /// orthonormal; evo and the KITTI devkit compute with these raw matrices, so we keep them too.
    /// Empty when the source gave quaternions. When not empty it has one entry per pose.
    std::vector<Eigen::Matrix3d> rotation_matrices;
    /// False for formats without time (KITTI): such trajectories are paired by index.
    bool timestamped = true;

    std::size_t size() const { return stamps.size(); }
    /// False for poses read without their rotations (io::PoseFields::PositionsOnly: a run that
    /// needs none, such as `ape -r trans` printing its statistics, does not hold 32 bytes a pose
    /// of quaternions, issue 62): `orientations` and `rotation_matrices` are then empty, and
    /// only what reads positions (the translation error, Umeyama) may be asked of them.
    bool hasRotations() const { return orientations.size() == stamps.size(); }
    /// Room for `n` poses, filled without growing by copying (large arrays in huge pages).
    void reserve(std::size_t n, bool with_orientations = true) {
        reserveInHugePages(stamps, n);
        reserveInHugePages(positions, n);
        if (with_orientations) reserveInHugePages(orientations, n);
    }
    bool empty() const { return stamps.empty(); }
    void add(double stamp, const Eigen::Vector3d &position, const Eigen::Quaterniond &orientation) {
        addPosition(stamp, position);
        orientations.push_back(orientation);
    }
    /// A pose without its rotation (see hasRotations()).
    void addPosition(double stamp, const Eigen::Vector3d &position) {
        stamps.push_back(stamp);
        positions.push_back(position);
    }
    /// The rotation of pose i as used by the metrics (the raw matrix when there is one).
    Eigen::Matrix3d rotation(std::size_t i) const {
        return rotation_matrices.empty() ? orientations[i].toRotationMatrix() : rotation_matrices[i];
    }
};

/// The poses first, first + 1, ..., first + length - 1 of a trajectory.
struct IndexRun {
    std::size_t first = 0;
    std::size_t length = 0;
};

/// The poses at `indices` (in that order, repeats allowed), keeping every per-pose field.
inline Trajectory selectPoses(const Trajectory &trajectory, const std::vector<std::size_t> &indices) {
    Trajectory out;
    out.timestamped = trajectory.timestamped;
    out.reserve(indices.size(), trajectory.hasRotations());
    for (std::size_t i : indices) out.addPosition(trajectory.stamps[i], trajectory.positions[i]);
    if (trajectory.hasRotations())
        for (std::size_t i : indices) out.orientations.push_back(trajectory.orientations[i]);
    if (!trajectory.rotation_matrices.empty()) {
        reserveInHugePages(out.rotation_matrices, indices.size());
        for (std::size_t i : indices) out.rotation_matrices.push_back(trajectory.rotation_matrices[i]);
    }
    return out;
}

}  // namespace robometrics::slam
