#include "robometrics/slam/PoseLog.hpp"

namespace robometrics::slam {

void PoseLog::add(double stamp, const Eigen::Vector3d &p, const Eigen::Quaterniond &q) {
    poses_.push_back(Pose{stamp, {p.x(), p.y(), p.z()}, {q.x(), q.y(), q.z(), q.w()}});
}

void PoseLog::append(const Trajectory &trajectory) {
    for (std::size_t i = 0; i < trajectory.size(); ++i) {
        add(trajectory.stamps[i], trajectory.positions[i], trajectory.orientations[i]);
    }
}

void PoseLog::addTo(Trajectory &out, const Pose &pose) {
    out.add(pose.stamp, Eigen::Vector3d(pose.position[0], pose.position[1], pose.position[2]),
            Eigen::Quaterniond(pose.orientation[3], pose.orientation[0], pose.orientation[1], pose.orientation[2]));
}

Trajectory PoseLog::stampsOnly() const {
    Trajectory out;
    out.stamps.reserve(size());
    for (const Pose &pose : poses_) out.stamps.push_back(pose.stamp);
    return out;
}

Trajectory PoseLog::select(const std::vector<std::size_t> &indices) const {
    Trajectory out;
    out.reserve(indices.size());
    // Matched indices mostly rise (both trajectories in time order): read forward, and from the
    // start again only where one goes back.
    auto it = poses_.begin();
    std::size_t at = 0;
    for (std::size_t i : indices) {
        if (i < at) {
            it = poses_.begin();
            at = 0;
        }
        for (; at < i; ++at) ++it;
        addTo(out, *it);
    }
    return out;
}

Trajectory PoseLog::all() const {
    Trajectory out;
    out.reserve(size());
    for (const Pose &pose : poses_) addTo(out, pose);
    return out;
}

}  // namespace robometrics::slam
