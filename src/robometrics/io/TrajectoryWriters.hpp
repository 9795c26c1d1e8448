#pragma once
// Writing trajectories in the three text formats the readers take (TrajectoryFile.hpp), so any
// trajectory (a file or a bag topic) can be exported and read back:
//   TUM    "t x y z qx qy qz qw", stamps in seconds
//   KITTI  the 3x4 pose [R t] row-major; no stamps (the rotation as read when the input was KITTI)
//   EuRoC  "#timestamp [ns],..." header, then "t_ns,x,y,z,qw,qx,qy,qz" (stamps rounded to ns)
// Numbers are printed in the shortest form that reads back to the same double. Trajectories
// without time (KITTI) get their pose index as the stamp (seconds; EuRoC: index x 1e9 ns).

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// Writes `trajectory` to `path` through an AtomicFile (no partial file on an error). `format`
/// must not be Auto.
Status writeTrajectoryFile(const std::string &path, const slam::Trajectory &trajectory, TrajectoryFormat format);

/// The usual file extension of a format: "tum", "kitti", "csv".
const char *trajectoryFileExtension(TrajectoryFormat format);

}  // namespace robometrics::io
