#pragma once
// A trajectory: poses with timestamps in seconds (double, as evo and the TUM format use), in the
// order they were recorded. Pure data, shared by the readers, the aligner and the metrics.

#include <Eigen/Geometry>
#include <vector>

namespace robometrics::slam {

struct Trajectory {
    std::vector<double> stamps;                  ///< seconds
    std::vector<Eigen::Vector3d> positions;      ///< metres
    std::vector<Eigen::Quaterniond> orientations;  ///< unit quaternions

    std::size_t size() const { return stamps.size(); }
    bool empty() const { return stamps.empty(); }
    void add(double stamp, const Eigen::Vector3d &position, const Eigen::Quaterniond &orientation) {
        stamps.push_back(stamp);
        positions.push_back(position);
        orientations.push_back(orientation);
    }
};

}  // namespace robometrics::slam
