#pragma once
// A trajectory kept on disk while it is built (core/SpillLog): a long run's TF estimate chain
// (47 MB for four hours at 50 Hz) is read back only where an analysis needs it, the matched poses
// of the ATE. Each pose is stored as its exact doubles, so what is read back is bit for bit what
// was added.

#include <cstddef>
#include <vector>

#include "robometrics/core/SpillLog.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

class PoseLog {
public:
    void add(double stamp, const Eigen::Vector3d &position, const Eigen::Quaterniond &orientation);
    /// Every pose of `trajectory` (its raw rotation matrices are not kept: TF chains have none).
    void append(const Trajectory &trajectory);

    std::size_t size() const { return poses_.size(); }
    bool empty() const { return poses_.empty(); }

    /// The stamps alone: a trajectory of size() poses without positions or orientations, enough to
    /// associate on.
    Trajectory stampsOnly() const;
    /// The poses at `indices` (in that order, repeats allowed), as selectPoses() of the whole.
    Trajectory select(const std::vector<std::size_t> &indices) const;
    /// Every pose.
    Trajectory all() const;

private:
    struct Pose {
        double stamp;
        double position[3];
        double orientation[4];  ///< x, y, z, w
    };
    static void addTo(Trajectory &out, const Pose &pose);
    SpillLog<Pose> poses_;
};

}  // namespace robometrics::slam
