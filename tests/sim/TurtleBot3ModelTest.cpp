#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

namespace {

constexpr TimeNs kStart = kDefaultStartTime;

struct Recorded {
    std::vector<SimOutput> all;
    std::vector<Event> events;
    std::vector<SimTopic> topics;
};

Recorded record(const std::string &scenario) {
    Simulator sim(makeScenario(scenario, 0, 1).value(), 1);
    Recorded r;
    std::vector<SimOutput> batch;
    while (!sim.done()) {
        sim.step(batch);
        for (SimOutput &o : batch) r.all.push_back(std::move(o));
    }
    r.events = sim.events();
    r.topics = sim.topics();
    return r;
}

double seconds(TimeNs t) { return static_cast<double>(t - kStart) * 1e-9; }

std::vector<const SimOutput *> on(const Recorded &r, const std::string &topic) {
    std::vector<const SimOutput *> out;
    for (const SimOutput &o : r.all)
        if (topic == o.topic) out.push_back(&o);
    return out;
}

std::vector<Event> ofType(const Recorded &r, const std::string &type) {
    std::vector<Event> out;
    for (const Event &e : r.events)
        if (e.type == type) out.push_back(e);
    return out;
}

int publishersOf(const Recorded &r, const std::string &topic) {
    for (const SimTopic &t : r.topics)
        if (t.name == topic) return t.publishers;
    return 0;
}

bool inside(double t, const Event &e) { return t >= e.t_start - 1e-9 && t <= e.t_end + 1e-9; }

const Recorded &nav2() {
    static const Recorded r = record("nav2");
    return r;
}

}  // namespace

TEST(TurtleBot3Model, TheLds01ScanReadsZeroWhereNothingIsWithin3Point5M) {
    const auto scans = on(nav2(), "/scan");
    ASSERT_EQ(scans.size(), 600u);  // 5 Hz for 120 s
    int zeros = 0;
    for (const SimOutput *o : scans) {
        const auto &scan = std::get<msgs::LaserScan>(o->message);
        EXPECT_EQ(scan.header.frame_id, "base_scan");
        ASSERT_EQ(scan.ranges.size(), 360u);
        for (float r : scan.ranges) {
            EXPECT_FALSE(std::isinf(r));
            EXPECT_TRUE(r == 0.0f || r >= 0.12f);
            zeros += r == 0.0f;
        }
    }
    // In the 20 m corridor the beams along it find nothing within 3.5 m.
    EXPECT_GT(zeros, 1000);
    EXPECT_FLOAT_EQ(std::get<msgs::LaserScan>(scans[0]->message).range_max, 3.5f);
}

TEST(TurtleBot3Model, AmclIsSilentWhileTheRobotWaits) {
    const Recorded &r = nav2();
    const auto poses = on(r, "/amcl_pose");
    ASSERT_FALSE(poses.empty());
    EXPECT_EQ(poses[0]->time, kStart);  // the initial pose
    const auto idle = ofType(r, "idle");
    ASSERT_EQ(idle.size(), 4u);  // before the first goal and between the goals
    for (const Event &e : idle) {
        // The first scan after a goal may still catch up with the last bit of motion.
        int during = 0;
        for (const SimOutput *p : poses) during += seconds(p->time) > e.t_start + 0.2 && inside(seconds(p->time), e);
        EXPECT_EQ(during, 0) << "idle " << e.t_start << " - " << e.t_end;
    }
    int first_wait = 0;
    for (const SimOutput *p : poses) first_wait += seconds(p->time) < 8.0;
    EXPECT_EQ(first_wait, 1);
    // While driving it updates every 0.25 m (about once a second at 0.26 m/s).
    EXPECT_GT(poses.size(), 60u);
}

TEST(TurtleBot3Model, CmdVelOnlyWhileAGoalExecutesWithAZeroWhenItEnds) {
    const Recorded &r = nav2();
    const auto goals = ofType(r, "goal");
    ASSERT_EQ(goals.size(), 4u);
    const auto cmds = on(r, "/cmd_vel");
    for (const SimOutput *c : cmds) {
        bool during_goal = false;
        for (const Event &g : goals) during_goal = during_goal || inside(seconds(c->time), g);
        EXPECT_TRUE(during_goal) << seconds(c->time);
    }
    // At each goal's end: one zero command.
    for (std::size_t i = 0; i < 3; ++i) {
        int zeros_at_end = 0;
        for (const SimOutput *c : cmds) {
            const auto &tw = std::get<msgs::Twist>(c->message);
            zeros_at_end += std::abs(seconds(c->time) - goals[i].t_end) < 1e-6 && tw.linear.x == 0 && tw.angular.z == 0;
        }
        EXPECT_EQ(zeros_at_end, 1) << goals[i].t_end;
    }
    // 20 Hz during the goals: the first goal lasts from 8 s to about 30 s.
    int first = 0;
    for (const SimOutput *c : cmds) first += inside(seconds(c->time), goals[0]);
    EXPECT_NEAR(first, (goals[0].t_end - goals[0].t_start) * 20, 2);
}

TEST(TurtleBot3Model, GoalsAreSentAndReportedOnTheActionStatus) {
    const Recorded &r = nav2();
    const auto sent = on(r, "/goal_pose");
    ASSERT_EQ(sent.size(), 4u);
    const std::vector<std::pair<double, double>> targets{{3.6, 4.6}, {6.6, 7.0}, {5.0, 10.6}, {1.5, 7.0}};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto &g = std::get<msgs::PoseStamped>(sent[i]->message);
        EXPECT_EQ(g.header.frame_id, "map");
        EXPECT_DOUBLE_EQ(g.pose.position.x, targets[i].first);
        EXPECT_DOUBLE_EQ(g.pose.position.y, targets[i].second);
    }
    EXPECT_DOUBLE_EQ(seconds(sent[0]->time), 8.0);
    // Executing, succeeded, (succeeded, executing), ... : one message per status change.
    const auto status = on(r, "/navigate_to_pose/_action/status");
    ASSERT_EQ(status.size(), 7u);
    const std::vector<std::vector<std::int8_t>> expected{{2}, {4}, {4, 2}, {4, 4}, {4, 4, 2}, {4, 4, 4}, {4, 4, 4, 2}};
    std::set<std::array<std::uint8_t, 16>> ids;
    for (std::size_t i = 0; i < status.size(); ++i) {
        const auto &list = std::get<msgs::GoalStatusArray>(status[i]->message).status_list;
        ASSERT_EQ(list.size(), expected[i].size()) << i;
        for (std::size_t k = 0; k < list.size(); ++k) {
            EXPECT_EQ(list[k].status, expected[i][k]) << i;
            ids.insert(list[k].goal_info.goal_id.uuid);
        }
    }
    EXPECT_EQ(ids.size(), 4u);
}

TEST(TurtleBot3Model, DiffDriveAt30HzAndAmclTransformsFutureDated) {
    const Recorded &r = nav2();
    const auto odom = on(r, "/odom");
    ASSERT_EQ(odom.size(), 3600u);
    EXPECT_EQ(odom[1]->time - kStart, 33'333'333);
    EXPECT_EQ(odom[2]->time - kStart, 66'666'666);
    const auto &o = std::get<msgs::Odometry>(odom[1]->message);
    EXPECT_EQ(o.child_frame_id, "base_footprint");
    EXPECT_EQ(o.header.stamp.toNs(), odom[1]->time);
    int map_odom = 0, odom_base = 0, wheels = 0;
    for (const SimOutput *t : on(r, "/tf")) {
        const auto &tf = std::get<msgs::TFMessage>(t->message).transforms;
        const std::string child = tf.at(0).child_frame_id;
        if (child == "odom") {
            ++map_odom;
            EXPECT_EQ(tf[0].header.stamp.toNs(), t->time + kNsPerSecond);  // transform_tolerance
        } else if (child == "base_footprint") {
            ++odom_base;
        } else {
            ASSERT_EQ(tf.size(), 2u);
            EXPECT_EQ(child, "wheel_left_link");
            ++wheels;
        }
    }
    EXPECT_EQ(map_odom, 600);  // on every scan
    EXPECT_EQ(odom_base, 3600);
    EXPECT_EQ(wheels, 3600);
    EXPECT_EQ(publishersOf(r, "/tf"), 3);
}

TEST(TurtleBot3Model, DuringTheScanGapNeitherTheScanNorAmclPublish) {
    const Recorded r = record("scan_gap");
    std::vector<double> scans, amcl;
    for (const SimOutput *o : on(r, "/scan")) scans.push_back(seconds(o->time));
    for (const SimOutput *o : on(r, "/amcl_pose")) amcl.push_back(seconds(o->time));
    EXPECT_EQ(scans.size(), 300u - 25u);  // 5 s at 5 Hz missing
    const auto after = std::lower_bound(scans.begin(), scans.end(), 18.0 - 1e-9);
    ASSERT_NE(after, scans.end());
    EXPECT_NEAR(*(after - 1), 17.8, 1e-9);
    EXPECT_NEAR(*after, 23.0, 1e-9);
    for (double t : amcl) EXPECT_FALSE(t >= 18.0 - 1e-9 && t < 23.0 - 1e-9) << t;
    // Driving on, AMCL updates at the first scan after the gap.
    EXPECT_TRUE(std::find_if(amcl.begin(), amcl.end(), [](double t) { return std::abs(t - 23.0) < 1e-9; }) !=
                amcl.end());
    for (const SimOutput *o : on(r, "/tf")) {
        const auto &tf = std::get<msgs::TFMessage>(o->message).transforms;
        if (tf[0].child_frame_id == "odom") {
            EXPECT_FALSE(seconds(o->time) >= 18.0 && seconds(o->time) < 23.0 - 1e-9);
        }
    }
}

TEST(TurtleBot3Model, StandstillHasTwoCmdVelPublishersAndZeroCommandsFor60S) {
    const Recorded r = record("standstill");
    EXPECT_EQ(publishersOf(r, "/cmd_vel"), 2);
    int zeros = 0;
    for (const SimOutput *c : on(r, "/cmd_vel")) {
        if (seconds(c->time) >= 60.0 - 1e-9) continue;
        const auto &tw = std::get<msgs::Twist>(c->message);
        EXPECT_EQ(tw.linear.x, 0.0);
        ++zeros;
    }
    EXPECT_EQ(zeros, 1200);  // 20 Hz for 60 s
    const auto amcl = on(r, "/amcl_pose");
    ASSERT_GT(amcl.size(), 1u);
    EXPECT_GT(seconds(amcl[1]->time), 60.0);  // after the initial pose silent until the goal
}

TEST(TurtleBot3Model, P3dGroundTruthStandsStillWhileOdomRunsOnDuringTheSlip) {
    const Recorded r = record("wheel_slip");
    const auto truth = on(r, "/ground_truth");
    ASSERT_EQ(truth.size(), 3000u);  // 50 Hz for 60 s
    const auto &first = std::get<msgs::Odometry>(truth[0]->message);
    EXPECT_EQ(first.header.frame_id, "world");
    EXPECT_EQ(first.child_frame_id, "base_footprint");
    EXPECT_DOUBLE_EQ(first.pose.pose.position.x, 1.5);
    EXPECT_DOUBLE_EQ(first.pose.pose.position.y, 6.8);
    // The slip holds the true pose from 15 s to 25 s; /odom moves about 0.265 m/s meanwhile.
    const auto x_at = [&](const std::vector<const SimOutput *> &stream, double t) {
        for (const SimOutput *o : stream)
            if (std::abs(seconds(o->time) - t) < 0.016)
                return std::get<msgs::Odometry>(o->message).pose.pose.position.x;
        return -1.0;
    };
    EXPECT_DOUBLE_EQ(x_at(truth, 15.02), x_at(truth, 24.98));
    EXPECT_GT(x_at(truth, 15.0), x_at(truth, 14.9));
    const auto odom = on(r, "/odom");
    EXPECT_NEAR(x_at(odom, 24.9) - x_at(odom, 15.1), 0.265 * 9.8, 0.1);
    // /cmd_vel commands the cruise speed all through the slip.
    for (const SimOutput *c : on(r, "/cmd_vel")) {
        if (seconds(c->time) >= 15.0 && seconds(c->time) < 25.0) {
            EXPECT_DOUBLE_EQ(std::get<msgs::Twist>(c->message).linear.x, 0.26) << seconds(c->time);
        }
    }
}

TEST(TurtleBot3Model, AfterA20SStopAmclStaysSilentUntilTheSlowRobotHasMoved25Cm) {
    const Recorded r = record("amcl_restart");
    const auto gated = ofType(r, "amcl_gated");
    ASSERT_EQ(gated.size(), 1u);
    const Event &e = gated[0];
    EXPECT_TRUE(e.anomaly.empty());
    const auto goals = ofType(r, "goal");
    ASSERT_GE(goals.size(), 2u);
    EXPECT_DOUBLE_EQ(e.t_start, goals[1].t_start);  // the slow goal starts: motion resumes
    // Silent for seconds after the restart, and through the 20 s stop before it: the last
    // /amcl_pose came while the first goal drove (at 0.05 m/s, 0.25 m take 4.9 s; less the bit
    // travelled between AMCL's last update and the stop).
    EXPECT_GE(e.t_end - e.t_start, 3.0);
    EXPECT_LE(e.t_end - e.t_start, 5.4);
    const double last = e.details["last_amcl_pose_s"].get<double>();
    EXPECT_GE(e.details["silent_s"].get<double>(), 20.0 + 3.0);
    EXPECT_DOUBLE_EQ(e.details["silent_s"].get<double>(), e.t_end - last);
    // The gate by hand: the update comes at the first scan where odometry is more than 0.25 m
    // along x (east, the robot's heading) from where it was at the last update (the /odom
    // messages are up to 33 ms off the scans: 2 mm at this speed).
    const auto odom_x = [&](double t) {
        double x = 0;
        for (const SimOutput *o : on(r, "/odom")) {
            if (seconds(o->time) > t + 1e-9) break;
            x = std::get<msgs::Odometry>(o->message).pose.pose.position.x;
        }
        return x;
    };
    EXPECT_LT(odom_x(e.t_end - 0.2) - odom_x(last), 0.25 + 0.002);
    EXPECT_GT(odom_x(e.t_end) - odom_x(last), 0.25 - 0.002);
    std::vector<double> amcl;
    for (const SimOutput *o : on(r, "/amcl_pose")) amcl.push_back(seconds(o->time));
    for (double t : amcl) EXPECT_FALSE(t > e.details["last_amcl_pose_s"].get<double>() + 1e-9 && t < e.t_end - 1e-9);
    EXPECT_TRUE(std::find_if(amcl.begin(), amcl.end(), [&](double t) { return std::abs(t - e.t_end) < 1e-9; }) !=
                amcl.end());
    for (const Event &ev : r.events) EXPECT_TRUE(ev.anomaly.empty()) << ev.type;
}

}  // namespace robometrics::sim
