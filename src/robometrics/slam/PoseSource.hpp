#pragma once
// Poses to be matched (slam::matchTrajectories), in memory or on disk: the association reads only
// their stamps, and only the matched poses are then read back. A long run's trajectories are kept
// on disk (PoseLog) where that reads back the same poses; a trajectory with raw rotation matrices
// (KITTI) or without stamps stays in memory as it is.

#include <cstddef>
#include <optional>
#include <vector>

#include "robometrics/slam/PoseLog.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

class PoseSource {
public:
    /// Reads the stamp and position of pose i (forward in one sweep while the indices rise).
    class Reader {
    public:
        explicit Reader(const PoseSource &source) : source_(&source), cursor_(source.disk_) {}
        void read(std::size_t i, double &stamp, Eigen::Vector3d &position);

    private:
        const PoseSource *source_;
        PoseLog::Cursor cursor_;
    };

    /// On disk, unless the trajectory has what a PoseLog does not keep (raw rotation matrices, no
    /// stamps).
    explicit PoseSource(Trajectory trajectory);
    explicit PoseSource(PoseLog log) : disk_(std::move(log)) {}

    std::size_t size() const { return memory_ ? memory_->size() : disk_.size(); }
    bool empty() const { return size() == 0; }
    bool onDisk() const { return !memory_; }

    /// The stamps (and whether they are times) without the poses: enough to associate on.
    Trajectory stampsOnly() const;
    /// The poses at `indices` (in that order, repeats allowed), as selectPoses() of the whole.
    Trajectory select(const std::vector<std::size_t> &indices) const;

private:
    std::optional<Trajectory> memory_;
    PoseLog disk_;
};

}  // namespace robometrics::slam
