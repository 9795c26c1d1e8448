#pragma once
// The robot as a physical thing in its world, tick by tick: what it is asked to do (the route or
// the mission), the drive, the chassis on the terrain, the wheel odometry and the localization
// estimate, and the scripted faults (stop, kidnapping, spinning wheels, blocked wheels, a silent
// laser driver). Also keeps the truth: the true trajectory, the path lengths and the events.
// Which messages the robot publishes about all this is its RobotModel's business.

#include <cstdint>

#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/DiffDrive.hpp"
#include "robometrics/sim/EventLog.hpp"
#include "robometrics/sim/Localization.hpp"
#include "robometrics/sim/MissionRunner.hpp"
#include "robometrics/sim/Random.hpp"
#include "robometrics/sim/Scenario.hpp"
#include "robometrics/sim/Ticks.hpp"
#include "robometrics/sim/WheelOdometry.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::sim {

class Vehicle {
public:
    /// `root` is the run's generator (odometry and localization fork their streams from it);
    /// `sim_start` the header stamp of tick 0, for the true trajectory.
    Vehicle(ScenarioSpec spec, const Rng &root, TimeNs sim_start);

    /// Advances to `tick` (the first tick only records the start) and records the truth of it.
    void step(std::int64_t tick);
    /// Closes the run (the stuck verdict needs the whole path).
    void finish();

    const ScenarioSpec &spec() const { return spec_; }
    std::int64_t tick() const { return tick_; }
    double now() const { return static_cast<double>(tick_) * kTickS; }
    TimeNs stamp() const { return sim_start_ + tick_ * kTickNs; }
    /// The header stamp of tick 0.
    TimeNs simStart() const { return sim_start_; }

    const DiffDrive &drive() const { return drive_; }
    const ChassisState &body() const { return chassis_.state(); }
    const WheelOdometry &odometry() const { return odometry_; }
    /// Mutable: reporting the pose draws the covariance jitter from its stream.
    Localization &localization() { return localization_; }
    /// What the controller (route follower or Nav2) commands in this tick.
    const Command &command() const { return command_; }
    const MissionRunner &mission() const { return mission_; }
    /// The scan origin in the world (the laser sits `laser_x` ahead of the rotation centre).
    Pose2 laserPose() const;
    /// The laser driver publishes nothing in this tick (the scan_gap script).
    bool scanDropped() const { return gap_start_ >= 0 && tick_ >= gap_start_ && tick_ < gap_end_; }

    EventLog &events() { return events_; }
    /// Every event so far, ordered by start (mission steps included).
    std::vector<Event> allEvents() const;
    const slam::Trajectory &groundTruth() const { return truth_; }
    double truePathLength() const { return true_path_; }
    double odometryPathLength() const { return odom_path_; }

private:
    bool stopped() const;
    bool stalled() const { return stall_start_ >= 0 && tick_ >= stall_start_ && tick_ < stall_end_; }
    bool slipping() const { return slip_start_ >= 0 && tick_ >= slip_start_ && tick_ < slip_end_; }
    void injectKidnapping();
    void startGoalScripts();
    /// Starts a stall or a slip in this tick when its script is due and the robot drives at
    /// (nearly) cruise speed: sets its tick range and adds its event (true anomaly stuck).
    void startWheelFault(const std::optional<GoalScript> &script, std::int64_t &start, std::int64_t &end,
                         const char *type, const char *expected);
    bool goalScriptDue(const std::optional<GoalScript> &script) const;
    void recordTruth();

    ScenarioSpec spec_;
    TimeNs sim_start_;
    RobotBody body_;
    std::int64_t tick_ = 0;
    DiffDrive drive_;
    MissionRunner mission_;
    Chassis chassis_;
    WheelOdometry odometry_;
    Localization localization_;
    Command command_;
    EventLog events_;
    slam::Trajectory truth_;
    double true_path_ = 0, odom_path_ = 0;
    Pose2 last_odom_;
    Eigen::Vector3d last_truth_ = Eigen::Vector3d::Zero();
    // Kidnapping bookkeeping.
    std::int64_t lost_tick_ = -1;
    Event kidnap_;
    // Goal scripts: first tick and end tick (exclusive), -1 before they start.
    std::int64_t stall_start_ = -1, stall_end_ = -1;
    std::int64_t gap_start_ = -1, gap_end_ = -1;
    std::int64_t slip_start_ = -1, slip_end_ = -1;
};

}  // namespace robometrics::sim
