#include "robometrics/sim/Simulator.hpp"

#include <algorithm>

#include "robometrics/sim/HeavySensors.hpp"
#include "robometrics/sim/LogTimeBatcher.hpp"
#include "robometrics/sim/RoverModel.hpp"
#include "robometrics/sim/TurtleBot3Model.hpp"

namespace robometrics::sim {

namespace {

std::unique_ptr<RobotModel> makeModel(const ScenarioSpec &spec, const Rng &root, std::int64_t ticks) {
    if (spec.robot == RobotKind::TurtleBot3) return std::make_unique<TurtleBot3Model>(spec, root);
    return std::make_unique<RoverModel>(spec, root, ticks);
}

}  // namespace

struct Simulator::State {
    std::uint64_t seed;
    std::int64_t ticks;
    std::int64_t tick = 0;
    LogClock clock;
    Vehicle vehicle;
    std::unique_ptr<RobotModel> model;
    std::unique_ptr<HeavySensors> mast;  ///< the heavy sensor profile's extra sensors, if asked for
    LogTimeBatcher batcher;

    State(ScenarioSpec spec, std::uint64_t seed_in, TimeNs start)
        : seed(seed_in),
          ticks(std::max<std::int64_t>(1, tickOf(spec.duration_s))),
          clock(spec.clock, spec.duration_s, start),
          vehicle(std::move(spec), Rng(seed_in), clock.simStart()),
          model(makeModel(vehicle.spec(), Rng(seed_in), ticks)),
          mast(vehicle.spec().sensors == SensorProfile::Heavy ? std::make_unique<HeavySensors>(Rng(seed_in))
                                                              : nullptr) {}
};

Simulator::Simulator(ScenarioSpec spec, std::uint64_t seed, TimeNs start_time)
    : state_(std::make_unique<State>(std::move(spec), seed, start_time)) {}

Simulator::~Simulator() = default;

bool Simulator::done() const { return state_->tick >= state_->ticks; }
const ScenarioSpec &Simulator::spec() const { return state_->vehicle.spec(); }
std::uint64_t Simulator::seed() const { return state_->seed; }
TimeNs Simulator::startTime() const { return state_->clock.wallStart(); }
const LogClock &Simulator::clock() const { return state_->clock; }
std::int64_t Simulator::ticks() const { return state_->ticks; }
const slam::Trajectory &Simulator::groundTruth() const { return state_->vehicle.groundTruth(); }
double Simulator::truePathLength() const { return state_->vehicle.truePathLength(); }
double Simulator::odometryPathLength() const { return state_->vehicle.odometryPathLength(); }

std::vector<SimTopic> Simulator::topics() const {
    std::vector<SimTopic> topics = state_->model->topics();
    if (state_->mast) {
        for (SimTopic &t : state_->mast->topics()) topics.push_back(std::move(t));
    }
    if (state_->clock.simulated())
        topics.push_back({"/clock", "rosgraph_msgs/msg/Clock", 100, false, 1, "every tick except while paused"});
    const RobotOutputs &outputs = spec().outputs;
    std::erase_if(topics, [&](const SimTopic &t) { return !outputs.records(t.name); });
    return topics;
}

void Simulator::step(std::vector<SimOutput> &out) {
    out.clear();
    State &s = *state_;
    if (done()) return;
    s.vehicle.step(s.tick);
    if (s.clock.simulated()) {
        // Gazebo publishes its simulated time on every physics update it reports.
        msgs::Clock clock;
        clock.clock = msgs::Time::fromNs(s.vehicle.stamp());
        out.push_back({"/clock", s.vehicle.stamp(), false, clock});
    }
    s.model->emit(s.vehicle, out);
    if (s.mast) s.mast->emit(s.vehicle, out);
    // Everything is simulated as published; the recorder keeps only the topics it was given.
    const RobotOutputs &outputs = s.vehicle.spec().outputs;
    if (!outputs.recorded.empty()) std::erase_if(out, [&](const SimOutput &o) { return !outputs.records(o.topic); });
    // Topics off the tick grid (30 Hz) are published later within the tick than the rest.
    std::stable_sort(out.begin(), out.end(), [](const SimOutput &a, const SimOutput &b) { return a.time < b.time; });
    for (SimOutput &o : out) {
        o.time = s.clock.logTime(o.time);
        if (s.vehicle.spec().recorder == RecorderKind::Batched) o.time = s.batcher.logTime(o.time);
    }
    ++s.tick;
    if (done()) s.vehicle.finish();
}

std::vector<Event> Simulator::events() const {
    std::vector<Event> events = state_->vehicle.allEvents();
    const auto byStart = [](const Event &a, const Event &b) { return a.t_start < b.t_start; };
    for (Event &e : state_->model->events())
        events.insert(std::upper_bound(events.begin(), events.end(), e, byStart), std::move(e));
    const LogClock &clock = state_->clock;
    if (clock.simulated()) {
        // Simulated time stands still during the pause: it starts and ends at the same instant.
        const double at = clock.pauseAtSimS();
        Event pause{"pause",
                    at,
                    at,
                    "the simulation is paused (nothing is published, /clock stops): not a gap, no anomaly",
                    {{"wall_start_s", round3(at / clock.profile().real_time_factor)},
                     {"wall_duration_s", round3(clock.pauseWallS())}},
                    ""};
        events.insert(std::upper_bound(events.begin(), events.end(), pause,
                                       [](const Event &a, const Event &b) { return a.t_start < b.t_start; }),
                      std::move(pause));
    }
    return events;
}

}  // namespace robometrics::sim
