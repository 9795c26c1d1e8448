#include "robometrics/sim/ImuModel.hpp"

#include <algorithm>

#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

msgs::Imu ImuModel::measure(const ChassisState &state, double roughness, double speed) {
    msgs::Imu imu;
    imu.header.frame_id = "imu_link";
    const Eigen::Vector3d specific =
        state.orientation.conjugate() * (state.acceleration + Eigen::Vector3d(0, 0, kGravity));
    const double bump_scale = roughness * std::min(speed / 0.5, 1.5);
    const double bump = bump_scale > 0 ? rng_.normal(0, noise_.bump_sigma * bump_scale) : 0.0;
    imu.linear_acceleration = {specific.x() + rng_.normal(0, noise_.accel_sigma) + 0.2 * bump,
                               specific.y() + rng_.normal(0, noise_.accel_sigma) + 0.2 * bump,
                               specific.z() + rng_.normal(0, noise_.accel_sigma) + bump};
    const double shake = 0.05 * bump;
    imu.angular_velocity = {state.angular_velocity.x() + rng_.normal(0, noise_.gyro_sigma) + shake,
                            state.angular_velocity.y() + rng_.normal(0, noise_.gyro_sigma) - shake,
                            state.angular_velocity.z() + rng_.normal(0, noise_.gyro_sigma) + noise_.gyro_bias_z};
    const double s = noise_.orientation_sigma;
    imu.orientation = quaternionFromRpy(state.roll + rng_.normal(0, s), state.pitch + rng_.normal(0, s),
                                        state.yaw + rng_.normal(0, s));
    const double ov = s * s, gv = noise_.gyro_sigma * noise_.gyro_sigma, av = noise_.accel_sigma * noise_.accel_sigma;
    imu.orientation_covariance = {ov, 0, 0, 0, ov, 0, 0, 0, ov};
    imu.angular_velocity_covariance = {gv, 0, 0, 0, gv, 0, 0, 0, gv};
    imu.linear_acceleration_covariance = {av, 0, 0, 0, av, 0, 0, 0, av};
    return imu;
}

}  // namespace robometrics::sim
