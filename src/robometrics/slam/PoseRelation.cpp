#include "robometrics/slam/PoseRelation.hpp"

#include <cmath>

#include "robometrics/slam/TrajectoryGeometry.hpp"

namespace robometrics::slam {

Result<PoseRelation> parsePoseRelation(const std::string &name) {
    if (name == "trans" || name == "trans_part") return PoseRelation::Trans;
    if (name == "angle_deg") return PoseRelation::AngleDeg;
    if (name == "angle_rad") return PoseRelation::AngleRad;
    if (name == "full") return PoseRelation::Full;
    if (name == "rot_part") return PoseRelation::RotPart;
    if (name == "point_distance") return PoseRelation::PointDistance;
    if (name == "point_distance_error_ratio") return PoseRelation::PointDistanceErrorRatio;
    return Error{
        "unknown pose relation '" + name +
        "' (expected trans, angle_deg, angle_rad, full, rot_part, point_distance or point_distance_error_ratio)"};
}

const char *poseRelationName(PoseRelation relation) {
    switch (relation) {
        case PoseRelation::Trans:
            return "trans";
        case PoseRelation::AngleDeg:
            return "angle_deg";
        case PoseRelation::AngleRad:
            return "angle_rad";
        case PoseRelation::Full:
            return "full";
        case PoseRelation::RotPart:
            return "rot_part";
        case PoseRelation::PointDistance:
            return "point_distance";
        case PoseRelation::PointDistanceErrorRatio:
            return "point_distance_error_ratio";
    }
    return "trans";
}

const char *poseRelationUnit(PoseRelation relation) {
    switch (relation) {
        case PoseRelation::Trans:
        case PoseRelation::PointDistance:
            return "m";
        case PoseRelation::AngleDeg:
            return "deg";
        case PoseRelation::AngleRad:
            return "rad";
        case PoseRelation::PointDistanceErrorRatio:
            return "%";
        case PoseRelation::Full:
        case PoseRelation::RotPart:
            return "";
    }
    return "";
}

double poseErrorValue(const Eigen::Matrix3d &r_e, const Eigen::Vector3d &t_e, PoseRelation relation) {
    switch (relation) {
        case PoseRelation::Trans:
        case PoseRelation::PointDistance:
        case PoseRelation::PointDistanceErrorRatio:
            return t_e.norm();
        case PoseRelation::AngleRad:
            return rotationAngle(r_e);
        case PoseRelation::AngleDeg:
            return rotationAngle(r_e) * (180.0 / M_PI);
        case PoseRelation::RotPart:
            return (r_e - Eigen::Matrix3d::Identity()).norm();
        case PoseRelation::Full:
            return std::sqrt((r_e - Eigen::Matrix3d::Identity()).squaredNorm() + t_e.squaredNorm());
    }
    return 0.0;
}

}  // namespace robometrics::slam
