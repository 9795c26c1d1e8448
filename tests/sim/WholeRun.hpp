#pragma once
// A simulated scenario stepped to its end, everything it published kept in memory: what the
// profile tests read back (seed 1, the scenario's default duration).

#include <string>
#include <utility>
#include <vector>

#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

struct WholeRun {
    std::vector<SimOutput> outputs;
    std::vector<Event> events;
    std::vector<SimTopic> topics;
};

inline WholeRun runWhole(const std::string &scenario) {
    Simulator sim(makeScenario(scenario, 0, 1).value(), 1);
    WholeRun r;
    std::vector<SimOutput> batch;
    while (!sim.done()) {
        sim.step(batch);
        for (SimOutput &o : batch) r.outputs.push_back(std::move(o));
    }
    r.events = sim.events();
    r.topics = sim.topics();
    return r;
}

}  // namespace robometrics::sim
