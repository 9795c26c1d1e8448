#include "robometrics/slam/PoseSource.hpp"

namespace robometrics::slam {

PoseSource::PoseSource(Trajectory trajectory) {
    if (!trajectory.timestamped || !trajectory.rotation_matrices.empty()) {
        memory_ = std::move(trajectory);
        return;
    }
    disk_.append(trajectory);
}

void PoseSource::Reader::read(std::size_t i, double &stamp, Eigen::Vector3d &position) {
    if (source_->memory_) {
        stamp = source_->memory_->stamps[i];
        position = source_->memory_->positions[i];
        return;
    }
    const PoseLog::Record &pose = cursor_.at(i);
    stamp = pose.stamp;
    position = pose.positionVector();
}

Trajectory PoseSource::stampsOnly() const {
    if (!memory_) return disk_.stampsOnly();
    Trajectory out;
    out.stamps = memory_->stamps;
    out.timestamped = memory_->timestamped;
    return out;
}

Trajectory PoseSource::select(const std::vector<std::size_t> &indices) const {
    return memory_ ? selectPoses(*memory_, indices) : disk_.select(indices);
}

}  // namespace robometrics::slam
