#pragma once
// Several simulated robots in one recording (the two_robots scenario, docs/simulate.md): each
// robot is its own Simulator on the same start time, stepped tick by tick together; every topic
// a robot publishes goes under its namespace (/robot1/odom, /robot1/tf, /robot1/tf_static, ...),
// as Nav2's multi-robot bringup records them: one /tf per namespace, frames without a prefix.
// /clock (under --clock gazebo) is the simulation's, once, at the root. Robot i (0-based) runs
// on seed + i. The robots do not see each other: each is simulated alone in the world. Pure.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

class Fleet {
public:
    Fleet(std::vector<ScenarioSpec> robots, std::uint64_t seed);

    bool done() const;
    /// The next tick of every robot: `out` is cleared and filled with their messages, topics
    /// under their namespaces (names that point into the Fleet: valid while it lives), in log
    /// time order.
    void step(std::vector<SimOutput> &out);
    std::int64_t ticks() const;
    /// Every topic the recording holds, robot by robot (/clock once, first).
    std::vector<SimTopic> topics() const;

    std::size_t size() const { return robots_.size(); }
    const Simulator &robot(std::size_t i) const { return *robots_[i].sim; }
    /// "robot1", "robot2", ...
    static std::string robotName(std::size_t i);
    /// The name `topic` of robot i has in the recording; empty for one it does not record (its /clock).
    std::string recordedTopic(std::size_t i, const std::string &topic) const;

private:
    struct Member {
        std::unique_ptr<Simulator> sim;
        std::map<std::string, std::string> names;  ///< its topic -> the recording's (stable c_str())
    };
    const char *rename(Member &m, std::size_t i, const char *topic);
    std::vector<Member> robots_;
    std::vector<SimOutput> batch_;
};

}  // namespace robometrics::sim
