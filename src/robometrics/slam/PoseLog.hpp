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
    /// One pose as stored.
    struct Record {
        double stamp;
        double position[3];
        double orientation[4];  ///< x, y, z, w
        Eigen::Vector3d positionVector() const { return {position[0], position[1], position[2]}; }
    };

    /// Reads poses by index, forward in one sweep while the indices rise (matched indices mostly
    /// do), from the start again where one goes back.
    class Cursor {
    public:
        explicit Cursor(const PoseLog &log) : log_(&log), it_(log.poses_.begin()) {}
        const Record &at(std::size_t i);

    private:
        const PoseLog *log_;
        SpillLog<Record>::const_iterator it_;
        std::size_t at_ = 0;
    };

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
    static void addTo(Trajectory &out, const Record &pose);
    SpillLog<Record> poses_;
};

}  // namespace robometrics::slam
