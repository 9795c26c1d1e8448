#pragma once
// A Nav2 TurtleBot3 (waffle) as its nodes publish (docs/simulate.md, Topics of turtlebot3):
// the LDS-01 driver (5 Hz, 0.0 for no return), the diff drive (/odom and odom->base_footprint
// at 30 Hz), the IMU (100 Hz; 200 Hz with the heavy sensors), robot_state_publisher (static
// frames once, wheel joints at 30 Hz), map_server (/map once), AMCL (motion-gated /amcl_pose,
// map->odom on every scan) and Nav2 (/cmd_vel only while a goal executes, the navigate_to_pose
// status, /goal_pose from the user). The truth profiles add an AMR's two scanners in place of
// the LDS-01 (TwoScanners) or Gazebo's p3d ground truth (/ground_truth).

#include <memory>

#include "robometrics/sim/AmclGate.hpp"
#include "robometrics/sim/CloudScanner.hpp"
#include "robometrics/sim/GoalStatusList.hpp"
#include "robometrics/sim/ImuPublisher.hpp"
#include "robometrics/sim/Lidar.hpp"
#include "robometrics/sim/RobotModel.hpp"
#include "robometrics/sim/TwoScanners.hpp"
#include "robometrics/sim/WheelJoints.hpp"

namespace robometrics::sim {

class TurtleBot3Model : public RobotModel {
public:
    /// AMCL future-dates map->odom by its transform_tolerance (Nav2's TurtleBot3 value).
    static constexpr TimeNs kTransformTolerance = kNsPerSecond;

    TurtleBot3Model(const ScenarioSpec &spec, const Rng &root);

    std::vector<SimTopic> topics() const override;
    void emit(Vehicle &vehicle, std::vector<SimOutput> &out) override;
    std::vector<Event> events() const override;

private:
    void emitStatic(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const;
    void emitDiffDrive(const Vehicle &vehicle, std::vector<SimOutput> &out);
    void emitScanAndAmcl(Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out);
    void emitNavigation(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out);
    void emitGroundTruth(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const;
    void emitPoseInfo(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const;
    void watchAmcl(const Vehicle &vehicle);

    bool teleop_;  ///< a teleop node also publishes /cmd_vel (the mission holds still)
    ImuPublisher imu_;
    Lidar lidar_;
    AmclGate amcl_gate_;
    Pose2 map_odom_;  ///< AMCL's latest map->odom (changes only at filter updates)
    GoalStatusList status_;
    std::size_t goals_ended_ = 0;
    WheelJoints wheels_;
    std::unique_ptr<TwoScanners> scanners_;  ///< the AMR's pair in place of the LDS-01, if the profile has it
    std::unique_ptr<CloudScanner> cloud_;    ///< a 3-D lidar in place of the LDS-01, if the profile has it
    bool ground_truth_;                      ///< Gazebo p3d on /ground_truth
    bool pose_info_;                         ///< Gazebo's world poses on /world/office/pose/info
    bool mocap_;                             ///< a motion-capture body on /vicon/turtlebot3/turtlebot3
    int amcl_watch_goal_;                    ///< report how long /amcl_pose is silent after this goal starts
    double last_amcl_s_ = 0;
    std::vector<Event> amcl_events_;
};

}  // namespace robometrics::sim
