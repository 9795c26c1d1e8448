#include <gtest/gtest.h>

#include "robometrics/sim/Vehicle.hpp"

namespace robometrics::sim {

namespace {

struct Sample {
    double t;
    Pose2 truth, odom;
    Command command;
    bool scan_dropped;
};

std::vector<Sample> drive(const std::string &scenario, std::vector<Event> *events = nullptr) {
    ScenarioSpec spec = makeScenario(scenario, 0, 1).value();
    const std::int64_t ticks = tickOf(spec.duration_s);
    Vehicle v(std::move(spec), Rng(1), 0);
    std::vector<Sample> out;
    for (std::int64_t t = 0; t < ticks; ++t) {
        v.step(t);
        out.push_back({v.now(), v.drive().pose(), v.odometry().pose(), v.command(), v.scanDropped()});
    }
    v.finish();
    if (events) *events = v.allEvents();
    return out;
}

const Event *find(const std::vector<Event> &events, const std::string &type) {
    for (const Event &e : events)
        if (e.type == type) return &e;
    return nullptr;
}

/// The event of `type` spans [t_start, t_end] and must raise `anomaly` ("" for none).
const Event &expectEvent(const std::vector<Event> &events, const std::string &type, double t_start, double t_end,
                         const std::string &anomaly) {
    static const Event missing;
    const Event *e = find(events, type);
    EXPECT_NE(e, nullptr) << type;
    if (!e) return missing;
    EXPECT_DOUBLE_EQ(e->t_start, t_start) << type;
    EXPECT_DOUBLE_EQ(e->t_end, t_end) << type;
    EXPECT_EQ(e->anomaly, anomaly) << type;
    return *e;
}

/// A stall or slip of the stall mission: 12 s into the first goal (sent after the 3 s wait),
/// straight east along the corridor at the cruise speed, for 10 s; true anomaly stuck.
void expectWheelFaultFrom15To25(const std::vector<Event> &events, const std::string &type) {
    const Event &e = expectEvent(events, type, 15.0, 25.0, "stuck");
    EXPECT_DOUBLE_EQ(e.details.value("commanded_speed_mps", 0.0), 0.26);
}

/// From `from` to `to` (tick indexes) the true pose stays where it is at `from` while the
/// controller commands the TurtleBot3's cruise speed.
void expectHeldWhileCommanded(const std::vector<Sample> &run, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
        EXPECT_EQ(run[i].truth.x, run[from].truth.x) << run[i].t;
        EXPECT_EQ(run[i].truth.y, run[from].truth.y) << run[i].t;
        EXPECT_DOUBLE_EQ(run[i].command.v, 0.26) << run[i].t;
    }
}

}  // namespace

TEST(Vehicle, StalledWheelsHoldPoseAndOdometryWhileTheControllerCommandsCruise) {
    std::vector<Event> events;
    const std::vector<Sample> run = drive("stall", &events);
    expectWheelFaultFrom15To25(events, "stall");
    // After braking (0.26 m/s at 2.5 m/s^2: 0.11 s) nothing moves until the end of the stall.
    const Sample &held = run[1520];
    ASSERT_DOUBLE_EQ(held.t, 15.2);
    expectHeldWhileCommanded(run, 1520, 2500);
    for (std::size_t i = 1520; i < 2500; ++i) {
        EXPECT_EQ(run[i].odom.x, held.odom.x) << run[i].t;
        EXPECT_EQ(run[i].odom.yaw, held.odom.yaw) << run[i].t;
    }
    EXPECT_GT(run[2600].truth.x, held.truth.x + 0.1);  // it drives on afterwards
    EXPECT_GT(run[1400].truth.x, run[1300].truth.x + 0.2);
}

TEST(Vehicle, TheScanGapSilencesTheLaserFor5SOnScanSlots) {
    std::vector<Event> events;
    const std::vector<Sample> run = drive("scan_gap", &events);
    // 15 s into the first goal (sent at 3 s): 18 s, a multiple of 0.2 s already.
    const Event &gap = expectEvent(events, "scan_gap", 18.0, 23.0, "topic_drops");
    EXPECT_EQ(gap.details.value("topic", ""), "/scan");
    int dropped = 0;
    for (const Sample &s : run) dropped += s.scan_dropped;
    EXPECT_EQ(dropped, 500);
    EXPECT_FALSE(run[1799].scan_dropped);
    EXPECT_TRUE(run[1800].scan_dropped);
    EXPECT_TRUE(run[2299].scan_dropped);
    EXPECT_FALSE(run[2300].scan_dropped);
    EXPECT_EQ(find(events, "stall"), nullptr);
}

TEST(Vehicle, StandingStillHoldsAZeroCommandAndDoesNotMove) {
    std::vector<Event> events;
    const std::vector<Sample> run = drive("standstill", &events);
    for (std::size_t i = 0; i < 6000; ++i) {
        EXPECT_DOUBLE_EQ(run[i].command.v, 0.0);
        EXPECT_EQ(run[i].truth.x, run[0].truth.x);
    }
    expectEvent(events, "stop", 0.0, 60.0, "");
    EXPECT_GT(run.back().truth.x, run[0].truth.x + 4.0);  // then the goal 5 m east
}

TEST(Vehicle, SpinningWheelsMoveTheOdometryButNotTheRobot) {
    std::vector<Event> events;
    const std::vector<Sample> run = drive("wheel_slip", &events);
    // As the stall; the true pose stops in the first tick of the slip (no traction), the wheels
    // keep turning at cruise speed.
    expectWheelFaultFrom15To25(events, "slip");
    const Sample &held = run[1500];
    ASSERT_DOUBLE_EQ(held.t, 15.0);
    expectHeldWhileCommanded(run, 1500, 2500);
    EXPECT_GT(run[1499].truth.x, run[1498].truth.x);  // still moving the tick before
    EXPECT_GT(run[2501].truth.x, held.truth.x);       // and again right after
    // Odometry integrates 10 s of 0.26 m/s wheel speed (scale 1.02, noise): about 2.65 m.
    EXPECT_NEAR(run[2499].odom.x - run[1500].odom.x, 2.65, 0.1);
    EXPECT_EQ(find(events, "stall"), nullptr);
}

}  // namespace robometrics::sim
