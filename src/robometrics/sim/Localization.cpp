#include "robometrics/sim/Localization.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

Localization::Localization(Rng rng, LocalizationConfig config, const Pose2 &start)
    : rng_(rng),
      config_(config),
      estimate_(start),
      truth_(start),
      report_xy_(config.reported_xy),
      report_yaw_(config.reported_yaw) {}

void Localization::update(double dt, const Pose2 &truth, const Pose2 &odom) {
    truth_ = truth;
    // Exact discretisation of the OU process: the stationary std stays sigma for any dt.
    const double decay = std::exp(-dt / config_.tau);
    const double kick = std::sqrt(1 - decay * decay);
    error_.x = error_.x * decay + config_.sigma_xy * kick * rng_.normal();
    error_.y = error_.y * decay + config_.sigma_xy * kick * rng_.normal();
    error_.yaw = error_.yaw * decay + config_.sigma_yaw * kick * rng_.normal();
    if (lost_) {
        lost_for_ += dt;
        estimate_ = belief_at_loss_ * (odom_at_loss_.inverse() * odom);
        const double growth = std::exp(lost_for_ / config_.growth_tau);
        report_xy_ = std::min(config_.lost_xy, config_.reported_xy * growth);
        report_yaw_ = std::min(config_.lost_yaw, config_.reported_yaw * growth);
    } else {
        estimate_ = {truth.x + error_.x, truth.y + error_.y, wrapAngle(truth.yaw + error_.yaw)};
        const double shrink = std::exp(-dt / config_.recovery_tau);
        report_xy_ = config_.reported_xy + (report_xy_ - config_.reported_xy) * shrink;
        report_yaw_ = config_.reported_yaw + (report_yaw_ - config_.reported_yaw) * shrink;
    }
}

void Localization::loseTrack(const Pose2 &odom) {
    lost_ = true;
    lost_for_ = 0;
    belief_at_loss_ = estimate_;
    odom_at_loss_ = odom;
}

void Localization::relocalize() {
    lost_ = false;
    estimate_ = {truth_.x + error_.x, truth_.y + error_.y, wrapAngle(truth_.yaw + error_.yaw)};
}

msgs::PoseWithCovarianceStamped Localization::amclPose() {
    msgs::PoseWithCovarianceStamped msg;
    msg.header.frame_id = "map";
    msg.pose.pose.position = {estimate_.x, estimate_.y, 0};
    msg.pose.pose.orientation = quaternionFromYaw(estimate_.yaw);
    // A particle cloud's spread jitters from update to update; the ellipse is slightly elongated.
    const double sx = report_xy_ * (1 + 0.1 * rng_.normal());
    const double sy = 0.8 * report_xy_ * (1 + 0.1 * rng_.normal());
    const double st = report_yaw_ * (1 + 0.1 * rng_.normal());
    msg.pose.covariance[0] = sx * sx;
    msg.pose.covariance[7] = sy * sy;
    msg.pose.covariance[1] = msg.pose.covariance[6] = 0.1 * sx * sy;
    msg.pose.covariance[35] = st * st;
    return msg;
}

}  // namespace robometrics::sim
