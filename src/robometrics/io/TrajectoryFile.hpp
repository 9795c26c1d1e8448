#pragma once
// Trajectory files: TUM ("t x y z qx qy qz qw" per line), KITTI (12 numbers of a 3x4 pose per
// line, stamps = line index), EuRoC ground-truth CSV (ns stamps). Reading detects the format
// from the content unless one is forced.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

enum class TrajectoryFormat { Auto, Tum, Kitti, Euroc };

Result<TrajectoryFormat> parseTrajectoryFormat(const std::string &name);

/// What of each pose is kept. PositionsOnly still reads and checks the rotations (a zero
/// quaternion is the same error) but keeps stamps and positions alone: half the memory of a TUM
/// trajectory, for a run that needs no rotation (slam::Trajectory::hasRotations()).
enum class PoseFields { WithRotations, PositionsOnly };

/// Reads a trajectory file block by block (io/LineReader.hpp), parsing the numbers straight from
/// the block; errors name the file and the line.
Result<slam::Trajectory> readTrajectoryFile(const std::string &path, TrajectoryFormat format = TrajectoryFormat::Auto,
                                            PoseFields fields = PoseFields::WithRotations);

/// Writes a TUM file with full double precision.
Status writeTumFile(const std::string &path, const slam::Trajectory &trajectory);

}  // namespace robometrics::io
