#include "robometrics/slam/PoseLog.hpp"

namespace robometrics::slam {

void PoseLog::add(double stamp, const Eigen::Vector3d &p, const Eigen::Quaterniond &q) {
    poses_.push_back(Record{stamp, {p.x(), p.y(), p.z()}, {q.x(), q.y(), q.z(), q.w()}});
}

void PoseLog::append(const Trajectory &trajectory) {
    for (std::size_t i = 0; i < trajectory.size(); ++i) {
        add(trajectory.stamps[i], trajectory.positions[i], trajectory.orientations[i]);
    }
}

void PoseLog::addTo(Trajectory &out, const Record &pose) {
    out.add(pose.stamp, pose.positionVector(),
            Eigen::Quaterniond(pose.orientation[3], pose.orientation[0], pose.orientation[1], pose.orientation[2]));
}

Trajectory PoseLog::stampsOnly() const {
    Trajectory out;
    out.stamps.reserve(size());
    for (const Record &pose : poses_) out.stamps.push_back(pose.stamp);
    return out;
}

const PoseLog::Record &PoseLog::Cursor::at(std::size_t i) {
    if (i < at_) {
        it_ = log_->poses_.begin();
        at_ = 0;
    }
    for (; at_ < i; ++at_) ++it_;
    return *it_;
}

Trajectory PoseLog::select(const std::vector<std::size_t> &indices) const {
    Trajectory out;
    out.reserve(indices.size());
    Cursor cursor(*this);
    for (std::size_t i : indices) addTo(out, cursor.at(i));
    return out;
}

Trajectory PoseLog::all() const {
    Trajectory out;
    out.reserve(size());
    for (const Record &pose : poses_) addTo(out, pose);
    return out;
}

}  // namespace robometrics::slam
