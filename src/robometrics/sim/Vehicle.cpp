#include "robometrics/sim/Vehicle.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

namespace {
// A scan gap starts on a multiple of 0.2 s, a slot of every laser simulated (10 Hz and 5 Hz),
// so that the number of scans it drops is exact.
constexpr std::int64_t kScanSlotTicks = 20;
// The stall is injected while the controller drives straight ahead at (nearly) cruise speed.
constexpr double kStallMinSpeedFraction = 0.9;
}  // namespace

Vehicle::Vehicle(ScenarioSpec spec, const Rng &root, TimeNs sim_start)
    : spec_(std::move(spec)),
      sim_start_(sim_start),
      body_(robotBody(spec_.robot)),
      drive_(spec_.start, body_.limits),
      mission_(spec_.mission, spec_.waypoints, spec_.max_speed, spec_.start),
      chassis_(spec_.world.terrain),
      odometry_(root.fork(1)),
      localization_(root.fork(2), LocalizationConfig{spec_.localization_sigma}, spec_.start) {
    chassis_.reset(spec_.start);
    last_truth_ = chassis_.state().position;
    if (spec_.stop) {
        events_.add({"stop",
                     spec_.stop->start_s,
                     spec_.stop->start_s + spec_.stop->duration_s,
                     "commanded stop: ground-truth and odometry speed 0, no distance gained",
                     {},
                     ""});
    }
}

bool Vehicle::stopped() const {
    return spec_.stop && tick_ >= tickOf(spec_.stop->start_s) &&
           tick_ < tickOf(spec_.stop->start_s + spec_.stop->duration_s);
}

Pose2 Vehicle::laserPose() const {
    const Pose2 &p = drive_.pose();
    return {p.x + body_.laser_x * std::cos(p.yaw), p.y + body_.laser_x * std::sin(p.yaw), p.yaw};
}

void Vehicle::step(std::int64_t tick) {
    tick_ = tick;
    if (tick_ > 0) {
        injectKidnapping();
        const Pose2 pose = drive_.pose();
        command_ = mission_.update(now(), pose, stopped());
        // What a controller sends is within the robot's limits.
        command_.w = std::clamp(command_.w, -body_.limits.max_angular_speed, body_.limits.max_angular_speed);
        startGoalScripts();
        const double roughness = spec_.world.terrain.roughness(pose.x, pose.y);
        // Blocked wheels brake to a standstill at the drive's limit whatever is commanded.
        const Command applied = stalled() ? Command{} : command_;
        // Spinning wheels turn as commanded (the encoders count) while the ground does not move.
        const double traction = slipping() ? 0.0 : spec_.traction * (1 - 0.15 * roughness);
        drive_.step(kTickS, applied.v, applied.w, traction);
        chassis_.update(kTickS, drive_.pose());
        odometry_.update(kTickS, drive_.wheelSpeed(), drive_.yawRate());
        localization_.update(kTickS, drive_.pose(), odometry_.pose());
    }
    recordTruth();
}

void Vehicle::recordTruth() {
    // Sampled as the rover publishes them: odometry at 50 Hz, the truth at 20 Hz.
    if (tick_ % 2 == 0) {
        const Pose2 &o = odometry_.pose();
        odom_path_ += std::hypot(o.x - last_odom_.x, o.y - last_odom_.y);
        last_odom_ = o;
    }
    if (tick_ % 5 == 0) {
        const ChassisState &b = chassis_.state();
        if (!truth_.empty()) true_path_ += (b.position - last_truth_).norm();
        last_truth_ = b.position;
        truth_.add(toSeconds(stamp()), b.position, b.orientation);
        // Two scanners: their own readings say where the contact is (TwoScanners), not one origin.
        if (spec_.outputs.scans == ScanLayout::FrontRear) return;
        if (spec_.outputs.scans == ScanLayout::Cloud3d) return;  // the footprint's truth: CloudScanner
        const Pose2 laser = laserPose();
        events_.observeClearance(now(), spec_.world.map.clearance(laser.x, laser.y, events_.thresholds().close_pass),
                                 laser.x, laser.y);
    }
}

bool Vehicle::goalScriptDue(const std::optional<GoalScript> &script) const {
    if (!script || !mission_.navigating()) return false;
    const auto &goals = mission_.goals();
    return static_cast<int>(goals.size()) == script->goal + 1 && now() + 1e-9 >= goals.back().sent_s + script->after_s;
}

void Vehicle::startWheelFault(const std::optional<GoalScript> &script, std::int64_t &start, std::int64_t &end,
                              const char *type, const char *expected) {
    if (start >= 0 || !goalScriptDue(script) || command_.v < kStallMinSpeedFraction * spec_.max_speed) return;
    start = tick_;
    end = tick_ + tickOf(script->duration_s);
    const Pose2 &p = drive_.pose();
    events_.add({type,
                 now(),
                 static_cast<double>(end) * kTickS,
                 expected,
                 {{"commanded_speed_mps", round3(command_.v)}, {"x", round3(p.x)}, {"y", round3(p.y)}},
                 "stuck"});
}

void Vehicle::startGoalScripts() {
    startWheelFault(spec_.stall, stall_start_, stall_end_, "stall",
                    "wheels blocked while the controller keeps commanding the cruise speed: true pose and "
                    "odometry stay put (after braking) while /cmd_vel asks to move");
    // Spinning wheels: the true pose stops in this very tick (no traction), so the stall begins now.
    startWheelFault(spec_.slip, slip_start_, slip_end_, "slip",
                    "wheels spin on the spot while the controller keeps commanding the cruise speed: wheel odometry "
                    "moves on, the true pose (/ground_truth) stays put");
    if (gap_start_ < 0 && goalScriptDue(spec_.scan_gap)) {
        gap_start_ = (tick_ + kScanSlotTicks - 1) / kScanSlotTicks * kScanSlotTicks;
        gap_end_ = gap_start_ + tickOf(spec_.scan_gap->duration_s);
        events_.add({"scan_gap",
                     static_cast<double>(gap_start_) * kTickS,
                     static_cast<double>(gap_end_) * kTickS,
                     "the laser driver publishes nothing (a driver hiccup); AMCL does not update either",
                     {{"topic", "/scan"}},
                     "topic_drops"});
    }
}

void Vehicle::injectKidnapping() {
    if (!spec_.kidnap) return;
    const KidnapScript &k = *spec_.kidnap;
    WaypointFollower &follower = mission_.follower();
    if (tick_ == tickOf(k.start_s)) {
        const Pose2 from = drive_.pose();
        const Waypoint &to_wp = follower.skip(static_cast<std::size_t>(k.skip));
        const Waypoint &next = follower.route()[(follower.target() + 1) % follower.route().size()];
        follower.skip(1);
        const Pose2 to{to_wp.x, to_wp.y, std::atan2(next.y - to_wp.y, next.x - to_wp.x)};
        drive_.teleport(to);
        chassis_.reset(to);
        localization_.loseTrack(odometry_.pose());
        const double jump = std::hypot(to.x - from.x, to.y - from.y);
        events_.add({"teleport",
                     now(),
                     now(),
                     "ground-truth pose jumps by more than 0.5 m between two samples",
                     {{"from", {round3(from.x), round3(from.y)}},
                      {"to", {round3(to.x), round3(to.y)}},
                      {"distance_m", round3(jump)}},
                     "pose_jump"});
        kidnap_ = {"kidnap",
                   now(),
                   k.recover_s,
                   "localization lost (AMCL covariance grows, lost detector reports lost) until recovery, then normal",
                   {{"recovered_s", k.recover_s}},
                   "localization_lost"};
    }
    if (localization_.lost() && lost_tick_ < 0 && localization_.reportedSigmaXy() > 0.5) {
        lost_tick_ = tick_;
        kidnap_.details["lost_from_s"] = round3(now());
    }
    if (tick_ == tickOf(k.recover_s)) {
        const Pose2 before = localization_.estimate();
        localization_.relocalize();
        const Pose2 after = localization_.estimate();
        const double jump = std::hypot(after.x - before.x, after.y - before.y);
        events_.add({"relocalization",
                     now(),
                     now(),
                     "estimated pose (map->odom) jumps back onto the truth; covariance shrinks to normal",
                     {{"jump_m", round3(jump)}},
                     ""});
        events_.add(kidnap_);
        // While lost the estimate dead-reckoned from the wrong place: metres off the truth, which
        // a trajectory comparison sees as drift (its largest error falls in this interval).
        events_.add({"estimate_error",
                     kidnap_.t_start,
                     now(),
                     "the localization estimate is metres off the truth while lost: ATE RMSE above 1 m, largest "
                     "error in this interval",
                     {{"relocalization_jump_m", round3(jump)}},
                     "drift"});
    }
}

void Vehicle::finish() {
    const double end = static_cast<double>(tick_ + 1) * kTickS;
    if (spec_.stuck) {
        events_.add({"stuck",
                     0.0,
                     end,
                     "ground-truth path below 0.2 m (stuck) while wheel odometry reports motion",
                     {{"gt_path_m", round3(true_path_)}, {"odom_path_m", round3(odom_path_)}},
                     "stuck"});
    }
}

std::vector<Event> Vehicle::allEvents() const {
    EventLog copy = events_;
    // A step still going on lasts until the end of the run so far (the end of this tick).
    for (Event &e : mission_.events(static_cast<double>(tick_ + 1) * kTickS)) copy.add(std::move(e));
    return copy.finish();
}

}  // namespace robometrics::sim
