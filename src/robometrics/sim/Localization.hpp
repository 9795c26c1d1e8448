#pragma once
// What the robot believes about its pose in the map (one estimate shared by the AMCL-like
// pose topic, the map->odom transform and the SLAM-like map). While tracking, the error is an
// Ornstein-Uhlenbeck process around the truth (drift that loop closures and scan matching keep
// bounded). When the rover is kidnapped the estimate dead-reckons on wheel odometry from the old
// belief and the reported spread grows like a particle cloud that has lost the scan match;
// relocalization snaps it back to the truth and the spread shrinks again.

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

struct LocalizationConfig {
    double sigma_xy = 0.04;      ///< m, stationary std of the position error while tracking
    double sigma_yaw = 0.01;     ///< rad
    double tau = 15.0;           ///< s, correlation time of the error
    double reported_xy = 0.05;   ///< m, reported std while tracking
    double reported_yaw = 0.05;  ///< rad
    double lost_xy = 1.5;        ///< m, reported std once fully lost
    double lost_yaw = 1.2;       ///< rad
    double growth_tau = 1.5;     ///< s, e-folding time of the spread while lost
    double recovery_tau = 0.7;   ///< s, time constant of the shrinking after relocalization
};

class Localization {
public:
    Localization(Rng rng, LocalizationConfig config, const Pose2 &start);

    /// Advances by `dt` with the current true pose and wheel-odometry pose.
    void update(double dt, const Pose2 &truth, const Pose2 &odom);
    /// The scan match is lost (kidnapping): from now on the estimate follows odometry.
    void loseTrack(const Pose2 &odom);
    /// Global relocalization succeeded: back on the true pose.
    void relocalize();

    const Pose2 &estimate() const { return estimate_; }
    bool lost() const { return lost_; }
    double reportedSigmaXy() const { return report_xy_; }
    double reportedSigmaYaw() const { return report_yaw_; }
    /// AMCL-style pose with covariance in frame "map" (x, y, yaw entries; stamp left to the caller).
    msgs::PoseWithCovarianceStamped amclPose();

private:
    Rng rng_;
    LocalizationConfig config_;
    Pose2 error_;
    Pose2 estimate_;
    Pose2 truth_;
    bool lost_ = false;
    double lost_for_ = 0;
    Pose2 belief_at_loss_, odom_at_loss_;
    double report_xy_, report_yaw_;
};

}  // namespace robometrics::sim
