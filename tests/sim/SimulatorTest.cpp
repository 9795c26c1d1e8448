#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

namespace {

struct SimRun {
    std::map<std::string, int> counts;
    std::vector<SimOutput> all;
    std::vector<Event> events;
    slam::Trajectory truth;
    double true_path = 0, odom_path = 0;
};

SimRun simulate(const std::string &scenario, double duration, std::uint64_t seed, bool keep = false,
                const RunProfile &profile = {}) {
    auto spec = makeScenario(scenario, duration, seed, std::nullopt, profile);
    EXPECT_TRUE(spec.ok());
    Simulator sim(std::move(spec.value()), seed);
    SimRun run;
    std::vector<SimOutput> batch;
    while (!sim.done()) {
        sim.step(batch);
        for (auto &out : batch) {
            ++run.counts[out.topic];
            if (keep) run.all.push_back(std::move(out));
        }
    }
    run.events = sim.events();
    run.truth = sim.groundTruth();
    run.true_path = sim.truePathLength();
    run.odom_path = sim.odometryPathLength();
    return run;
}

std::vector<Event> ofType(const std::vector<Event> &events, const std::string &type) {
    std::vector<Event> out;
    for (const auto &e : events)
        if (e.type == type) out.push_back(e);
    return out;
}

}  // namespace

TEST(Simulator, EveryTopicAtItsRate) {
    const SimRun run = simulate("office", 10, 1);
    EXPECT_EQ(run.counts.at("/imu/data"), 1000);
    EXPECT_EQ(run.counts.at("/odometry/wheels"), 500);
    EXPECT_EQ(run.counts.at("/tf"), 500);
    EXPECT_EQ(run.counts.at("/rover/pose_array"), 200);
    EXPECT_EQ(run.counts.at("/scan"), 100);
    EXPECT_EQ(run.counts.at("/amcl_pose"), 50);
    EXPECT_EQ(run.counts.at("/groundgrid/grid_map"), 50);
    EXPECT_EQ(run.counts.at("/groundgrid/filtered_cloud"), 50);
    EXPECT_EQ(run.counts.at("/tf_static"), 1);
    EXPECT_EQ(run.counts.at("/map"), 2);  // at 5 s and the final one
    EXPECT_EQ(run.counts.at("/cmd_vel"), 200);
    EXPECT_EQ(run.counts.size(), 11u);
    EXPECT_EQ(run.truth.size(), 200u);
    EXPECT_DOUBLE_EQ(run.truth.stamps.front(), 1.7e9);
    EXPECT_NEAR(run.truth.stamps.back() - run.truth.stamps.front(), 9.95, 1e-6);
}

TEST(Simulator, SameSeedSameMessagesDifferentSeedDifferent) {
    const SimRun a = simulate("terrain", 3, 11, true), b = simulate("terrain", 3, 11, true),
                 c = simulate("terrain", 3, 12, true);
    ASSERT_EQ(a.all.size(), b.all.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.all.size(); ++i) {
        EXPECT_EQ(std::string(a.all[i].topic), b.all[i].topic);
        EXPECT_EQ(a.all[i].time, b.all[i].time);
        EXPECT_TRUE(a.all[i].message == b.all[i].message) << "message " << i << " on " << a.all[i].topic;
        differ += !(a.all[i].message == c.all[i].message);
    }
    EXPECT_GT(differ, a.all.size() / 2);
}

TEST(Simulator, OfficeRunHasClosePassesACollisionAndAStop) {
    const SimRun run = simulate("office", 90, 1);
    const auto close = ofType(run.events, "close_pass"), hit = ofType(run.events, "collision"),
               stop = ofType(run.events, "stop");
    ASSERT_GE(close.size(), 1u);
    ASSERT_GE(hit.size(), 1u);
    ASSERT_EQ(stop.size(), 1u);
    EXPECT_LT(hit[0].details["min_clearance_m"].get<double>(), 0.2);
    // The cabinet beside the x = 10.6 lane.
    EXPECT_NEAR(hit[0].details["x"].get<double>(), 10.6, 0.1);
    // During the stop (after braking for up to 0.63 s) the true pose does not change.
    const double t0 = stop[0].t_start + 1.0, t1 = stop[0].t_end - 0.05;
    std::size_t i0 = 0, i1 = 0;
    for (std::size_t i = 0; i < run.truth.size(); ++i) {
        const double t = run.truth.stamps[i] - run.truth.stamps[0];
        if (t <= t0) i0 = i;
        if (t <= t1) i1 = i;
    }
    EXPECT_GT(i1, i0 + 50);
    EXPECT_LT((run.truth.positions[i1] - run.truth.positions[i0]).norm(), 1e-9);
    EXPECT_GT(run.true_path, 20.0);
}

TEST(Simulator, KidnapTeleportsLosesAndRecoversLocalization) {
    const SimRun run = simulate("kidnap", 40, 3);
    const auto teleport = ofType(run.events, "teleport"), kidnap = ofType(run.events, "kidnap"),
               reloc = ofType(run.events, "relocalization");
    ASSERT_EQ(teleport.size(), 1u);
    ASSERT_EQ(kidnap.size(), 1u);
    ASSERT_EQ(reloc.size(), 1u);
    EXPECT_DOUBLE_EQ(teleport[0].t_start, 18.0);
    EXPECT_GT(teleport[0].details["distance_m"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(reloc[0].t_start, 28.0);
    const double lost_from = kidnap[0].details["lost_from_s"].get<double>();
    EXPECT_GT(lost_from, 18.0);
    EXPECT_LT(lost_from, 28.0);
    // The ground truth jumps once by more than 0.5 m between consecutive 20 Hz samples.
    int jumps = 0;
    for (std::size_t i = 1; i < run.truth.size(); ++i)
        jumps += (run.truth.positions[i] - run.truth.positions[i - 1]).norm() > 0.5;
    EXPECT_EQ(jumps, 1);
}

TEST(Simulator, StuckRoverBarelyMovesWhileOdometryCounts) {
    const SimRun run = simulate("stuck", 60, 4);
    EXPECT_LT(run.true_path, 0.2);
    EXPECT_GT(run.odom_path, 10.0);
    const auto stuck = ofType(run.events, "stuck");
    ASSERT_EQ(stuck.size(), 1u);
    EXPECT_NEAR(stuck[0].details["gt_path_m"].get<double>(), run.true_path, 0.001);
}

TEST(Simulator, TerrainRunHasRoughStretchesAndRockPasses) {
    const SimRun run = simulate("terrain", 45, 5);
    const auto rough = ofType(run.events, "rough");
    ASSERT_GE(rough.size(), 1u);
    int above = 0;
    for (const auto &e : rough) above += e.details["imu_samples_above_15"].get<int>();
    EXPECT_GT(above, 10);
    EXPECT_GE(ofType(run.events, "close_pass").size(), 1u);
    EXPECT_EQ(ofType(run.events, "stop").size(), 1u);
    double max_z = -1e9, min_z = 1e9;
    for (const auto &p : run.truth.positions) {
        max_z = std::max(max_z, p.z());
        min_z = std::min(min_z, p.z());
    }
    EXPECT_GT(max_z - min_z, 0.05);  // not flat
}

TEST(Simulator, UnderGazeboStampsAreSimulatedTimeAndNothingIsPublishedDuringThePause) {
    RunProfile gazebo;
    gazebo.clock = {ClockProfile::Kind::Gazebo, 0.6};
    // 10 s simulated at 0.6: the pause at 3 s of simulated time lasts min(10, 0.1 * 10 / 0.6) s.
    const SimRun run = simulate("office", 10, 1, true, gazebo);
    EXPECT_EQ(run.counts.at("/clock"), 1000);  // every tick
    const TimeNs s = kNsPerSecond;
    std::vector<const SimOutput *> clock;
    for (const SimOutput &o : run.all)
        if (std::string(o.topic) == "/clock") clock.push_back(&o);
    EXPECT_EQ(std::get<msgs::Clock>(clock.front()->message).clock.toNs(), 12 * s);
    EXPECT_EQ(clock.front()->time, kDefaultStartTime);
    // The last /clock before the pause (14.99 s) and the first after it (15.0 s).
    EXPECT_EQ(std::get<msgs::Clock>(clock[299]->message).clock.toNs(), 14'990'000'000);
    EXPECT_EQ(clock[299]->time, kDefaultStartTime + 4'983'333'333);  // 2.99 s / 0.6
    EXPECT_EQ(std::get<msgs::Clock>(clock[300]->message).clock.toNs(), 15 * s);
    EXPECT_EQ(clock[300]->time, kDefaultStartTime + 5 * s + 1'666'666'667);  // 3 s / 0.6 + the pause
    // Nothing at all in between, and the header stamps are simulated time.
    for (const SimOutput &o : run.all) {
        EXPECT_FALSE(o.time > clock[299]->time && o.time < clock[300]->time) << o.topic;
        if (std::string(o.topic) == "/imu/data") {
            EXPECT_GE(std::get<msgs::Imu>(o.message).header.stamp.toNs(), 12 * s);
            EXPECT_LT(std::get<msgs::Imu>(o.message).header.stamp.toNs(), 22 * s);
        }
    }
    EXPECT_DOUBLE_EQ(run.truth.stamps.front(), 12.0);  // the true trajectory on the same clock
    const auto pause = ofType(run.events, "pause");
    ASSERT_EQ(pause.size(), 1u);
    EXPECT_DOUBLE_EQ(pause[0].t_start, 3.0);
    EXPECT_DOUBLE_EQ(pause[0].t_end, 3.0);
    EXPECT_DOUBLE_EQ(pause[0].details["wall_start_s"].get<double>(), 5.0);
    EXPECT_DOUBLE_EQ(pause[0].details["wall_duration_s"].get<double>(), 1.667);
    EXPECT_TRUE(pause[0].anomaly.empty());
}

TEST(Simulator, ABatchedRecorderLogsBurstsAtTheWakeUps) {
    RunProfile batched;
    batched.recorder = RecorderKind::Batched;
    const SimRun plain = simulate("nav2", 2, 1, true), run = simulate("nav2", 2, 1, true, batched);
    ASSERT_EQ(run.all.size(), plain.all.size());
    const TimeNs wake = 50'000'000;
    TimeNs previous = 0;
    for (std::size_t i = 0; i < run.all.size(); ++i) {
        const TimeNs t = run.all[i].time, arrival = plain.all[i].time;
        EXPECT_GT(t, previous);
        previous = t;
        // Logged at the first wake-up at or after the arrival, plus 2 us per earlier message of the burst.
        const TimeNs burst = (arrival + wake - 1) / wake * wake;
        EXPECT_EQ((t - burst) % 2'000, 0);
        EXPECT_LT(t - burst, 100'000);
        EXPECT_TRUE(run.all[i].message == plain.all[i].message);  // the header stamps are unchanged
    }
    // The first burst: everything published at 0, 10, ..., 50 ms after the start.
    EXPECT_EQ(run.all[0].time, kDefaultStartTime);
    EXPECT_EQ(run.all[1].time, kDefaultStartTime + 2'000);
}

TEST(Simulator, TheRecorderKeepsOnlyTheTopicsItWasGiven) {
    // tf_only and no_scanner are the nav2 run recorded in part: what is kept is the nav2 run's.
    const SimRun full = simulate("nav2", 20, 1);
    const SimRun tf = simulate("tf_only", 20, 1);
    EXPECT_EQ(tf.counts, (std::map<std::string, int>{{"/tf", full.counts.at("/tf")},
                                                     {"/tf_static", full.counts.at("/tf_static")}}));
    const SimRun blind = simulate("no_scanner", 20, 1);
    EXPECT_EQ(blind.counts.count("/scan"), 0u);
    EXPECT_EQ(blind.counts.count("/imu"), 0u);
    for (const char *topic : {"/odom", "/tf", "/tf_static", "/cmd_vel", "/amcl_pose", "/map"})
        EXPECT_EQ(blind.counts.at(topic), full.counts.at(topic)) << topic;
    // Under Gazebo /clock is a topic like any other: not recorded unless asked for.
    RunProfile gazebo;
    gazebo.clock.kind = ClockProfile::Kind::Gazebo;
    EXPECT_EQ(simulate("tf_only", 20, 1, false, gazebo).counts.count("/clock"), 0u);
    // The truth profiles are TurtleBot3 topic sets.
    RunProfile rover;
    rover.robot = RobotKind::Rover;
    EXPECT_FALSE(makeScenario("tf_only", 0, 1, std::nullopt, rover).ok());
}

}  // namespace robometrics::sim
