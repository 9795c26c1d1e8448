#pragma once
// Runs a scenario tick by tick (10 ms of simulated time per tick) and hands out the messages
// each tick produces, with their topics and times. Pure: no files, no wall clock; the same
// scenario and seed always give the same messages.

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/EventLog.hpp"
#include "robometrics/sim/Scenario.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::sim {

using SimMessage = std::variant<msgs::LaserScan, msgs::Imu, msgs::Odometry, msgs::PoseArray, msgs::TFMessage,
                                msgs::OccupancyGrid, msgs::PoseWithCovarianceStamped, msgs::GridMap, msgs::PointCloud2>;

struct SimOutput {
    const char *topic = "";
    TimeNs time = 0;
    bool latched = false;
    SimMessage message;
};

/// A topic the simulator writes: name, ROS type, nominal rate (0 = once) and durability.
struct SimTopic {
    const char *name;
    const char *type;
    double rate_hz;
    bool latched;
};
const std::vector<SimTopic> &simTopics();

/// Sim time of the first message: 2023-11-14T22:13:20Z. A fixed, plausible epoch instead of the
/// wall clock keeps the bytes reproducible.
constexpr TimeNs kDefaultStartTime = 1'700'000'000LL * kNsPerSecond;
constexpr TimeNs kTickNs = 10'000'000;  ///< 100 Hz base tick

class Simulator {
public:
    Simulator(ScenarioSpec spec, std::uint64_t seed, TimeNs start_time = kDefaultStartTime);
    ~Simulator();
    Simulator(const Simulator &) = delete;
    Simulator &operator=(const Simulator &) = delete;

    bool done() const;
    /// Simulates the next tick; `out` is cleared and filled with the messages due in it.
    void step(std::vector<SimOutput> &out);

    const ScenarioSpec &spec() const;
    std::uint64_t seed() const;
    TimeNs startTime() const;
    std::int64_t ticks() const;
    /// The ground truth as published on /rover/pose_array (20 Hz), stamps in seconds.
    const slam::Trajectory &groundTruth() const;
    /// Length of the true path and of the wheel-odometry path so far (m).
    double truePathLength() const;
    double odometryPathLength() const;
    /// The events so far; call after the run for the complete list.
    std::vector<Event> events() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace robometrics::sim
