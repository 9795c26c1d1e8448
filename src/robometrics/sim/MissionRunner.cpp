#include "robometrics/sim/MissionRunner.hpp"

#include <cmath>

namespace robometrics::sim {

namespace {

GoalRecord goalAtEndOf(const std::vector<Waypoint> &route, double now) {
    const Waypoint &last = route.back(), &before = route[route.size() >= 2 ? route.size() - 2 : 0];
    return {last, std::atan2(last.y - before.y, last.x - before.x), now};
}

}  // namespace

MissionRunner::MissionRunner(Mission mission, std::vector<Waypoint> route, double cruise_speed, const Pose2 &start)
    : mission_(std::move(mission)), cruise_(cruise_speed), follower_(route, cruise_speed) {
    if (mission_.empty()) {
        goals_.push_back(goalAtEndOf(route, 0.0));
        return;
    }
    begin(0, 0.0, start);
}

void MissionRunner::begin(std::size_t step, double now, const Pose2 &pose) {
    step_ = step;
    const MissionStep &s = mission_.steps[step];
    phase_ = s.kind;
    phase_start_ = now;
    backup_from_ = pose;
    if (s.kind != MissionStep::Kind::Goal) return;
    std::vector<Waypoint> route{{pose.x, pose.y}};
    route.insert(route.end(), s.path.begin(), s.path.end());
    follower_ = WaypointFollower(route, s.speed > 0 ? s.speed : cruise_, false);
    goals_.push_back(goalAtEndOf(route, now));
}

Command MissionRunner::update(double now, const Pose2 &pose, bool stopped) {
    if (mission_.empty()) return stopped ? Command{} : follower_.update(pose);
    // A step that is over hands over to the next within the same tick (a zero-length wait).
    for (std::size_t guard = 0; guard <= mission_.steps.size(); ++guard) {
        const MissionStep &s = mission_.steps[step_];
        if (s.kind == MissionStep::Kind::Goal) {
            const Command cmd = follower_.update(pose);
            if (!follower_.finished()) return cmd;
            goals_.back().ended_s = now;
        } else if (s.kind == MissionStep::Kind::Backup) {
            // Nav2's BackUp measures the distance travelled, not the time spent.
            if (std::hypot(pose.x - backup_from_.x, pose.y - backup_from_.y) < s.distance_m) return {-s.speed, 0.0};
        } else if (now < phase_start_ + s.duration_s - 1e-9) {
            return {};
        }
        done_.push_back(stepEvent(now));
        const std::size_t next = step_ + 1 < mission_.steps.size() ? step_ + 1 : mission_.repeat_from;
        begin(next, now, pose);
    }
    return {};
}

Event MissionRunner::stepEvent(double end) const {
    switch (phase_) {
        case MissionStep::Kind::Wait:
            return {"idle", phase_start_, end, "robot idle between goals: no command, no motion, no anomaly", {}, ""};
        case MissionStep::Kind::Hold:
            return {"stop",
                    phase_start_,
                    end,
                    "intentional stop: a teleop node holds a zero velocity command; standing still without a "
                    "command to move is not stuck",
                    {{"intentional", true}},
                    ""};
        case MissionStep::Kind::Backup:
            return {"backup",
                    phase_start_,
                    end,
                    "Nav2's BackUp behaviour: the robot drives straight backwards, commanded on /cmd_vel",
                    {{"distance_m", round3(mission_.steps[step_].distance_m)},
                     {"speed_mps", round3(mission_.steps[step_].speed)}},
                    ""};
        case MissionStep::Kind::Goal:
        default: {
            const GoalRecord &g = goals_.back();
            return {"goal",
                    g.sent_s,
                    end,
                    "a navigate_to_pose goal: the robot drives to it, no anomaly",
                    {{"goal", {round3(g.target.x), round3(g.target.y)}},
                     {"goal_number", goals_.size() - 1},
                     {"result", g.ended_s >= 0 ? "succeeded" : "executing"}},
                    ""};
        }
    }
}

std::vector<Event> MissionRunner::events(double now) const {
    std::vector<Event> out = done_;
    if (!mission_.empty()) out.push_back(stepEvent(now));
    return out;
}

}  // namespace robometrics::sim
