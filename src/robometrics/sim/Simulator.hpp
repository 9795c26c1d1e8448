#pragma once
// Runs a scenario tick by tick (10 ms of simulated time per tick) and hands out the messages
// each tick produces, with their topics and log times: the Vehicle moves, its RobotModel
// publishes on the simulated clock (with the heavy sensor profile, HeavySensors adds its mast),
// the LogClock turns publish times into the recorder's clock
// (adding /clock under Gazebo) and a batched recorder quantises them. Pure: no files, no wall
// clock; the same scenario and seed always give the same messages.

#include <cstdint>
#include <memory>
#include <vector>

#include "robometrics/sim/LogClock.hpp"
#include "robometrics/sim/RobotModel.hpp"

namespace robometrics::sim {

/// Log time of the first message: 2023-11-14T22:13:20Z. A fixed, plausible epoch instead of the
/// wall clock keeps the bytes reproducible.
constexpr TimeNs kDefaultStartTime = 1'700'000'000LL * kNsPerSecond;

class Simulator {
public:
    Simulator(ScenarioSpec spec, std::uint64_t seed, TimeNs start_time = kDefaultStartTime);
    ~Simulator();
    Simulator(const Simulator &) = delete;
    Simulator &operator=(const Simulator &) = delete;

    bool done() const;
    /// Simulates the next tick; `out` is cleared and filled with the messages due in it, in log
    /// time order (`time` is the log time).
    void step(std::vector<SimOutput> &out);

    const ScenarioSpec &spec() const;
    std::uint64_t seed() const;
    /// Log time of the first message (the recorder's clock).
    TimeNs startTime() const;
    const LogClock &clock() const;
    std::int64_t ticks() const;
    /// Every topic the run writes, /clock included under Gazebo.
    std::vector<SimTopic> topics() const;
    /// The true pose at 20 Hz, stamps in seconds on the simulated clock (the header stamps).
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
