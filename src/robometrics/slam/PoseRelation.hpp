#pragma once
// Which scalar an error pose E = (R_E, t_E) turns into, as evo's `PoseRelation`:
//   trans      ||t_E|| (for APE: ||p_est - p_ref||)
//   angle_deg  |log(R_E)| in degrees;  angle_rad  the same in radians
//   full       ||E - I_4||_F (unitless);  rot_part  ||R_E - I_3||_F
//   point_distance, point_distance_error_ratio   RPE only (see Rpe.hpp); point_distance = trans for APE

#include <Eigen/Core>
#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics::slam {

enum class PoseRelation { Trans, AngleDeg, AngleRad, Full, RotPart, PointDistance, PointDistanceErrorRatio };

Result<PoseRelation> parsePoseRelation(const std::string &name);
const char *poseRelationName(PoseRelation relation);
/// The unit of the relation's values ("m", "deg", "rad", "%", or "" for the unitless norms).
const char *poseRelationUnit(PoseRelation relation);

/// The scalar of an error pose for trans, angle_deg, angle_rad, full and rot_part.
double poseErrorValue(const Eigen::Matrix3d &r_e, const Eigen::Vector3d &t_e, PoseRelation relation);

}  // namespace robometrics::slam
