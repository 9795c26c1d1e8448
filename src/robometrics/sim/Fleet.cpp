#include "robometrics/sim/Fleet.hpp"

#include <algorithm>

namespace robometrics::sim {

namespace {

constexpr const char *kClock = "/clock";

}  // namespace

Fleet::Fleet(std::vector<ScenarioSpec> robots, std::uint64_t seed) {
    for (std::size_t i = 0; i < robots.size(); ++i)
        robots_.push_back({std::make_unique<Simulator>(std::move(robots[i]), seed + i), {}});
}

std::string Fleet::robotName(std::size_t i) { return "robot" + std::to_string(i + 1); }

std::string Fleet::recordedTopic(std::size_t i, const std::string &topic) const {
    if (topic == kClock) return i == 0 ? topic : std::string();
    return "/" + robotName(i) + topic;
}

bool Fleet::done() const {
    return std::all_of(robots_.begin(), robots_.end(), [](const Member &m) { return m.sim->done(); });
}

std::int64_t Fleet::ticks() const {
    std::int64_t most = 0;
    for (const Member &m : robots_) most = std::max(most, m.sim->ticks());
    return most;
}

std::vector<SimTopic> Fleet::topics() const {
    std::vector<SimTopic> all;
    for (std::size_t i = 0; i < robots_.size(); ++i) {
        for (SimTopic &t : robots_[i].sim->topics()) {
            t.name = recordedTopic(i, t.name);
            if (t.name.empty()) continue;
            if (t.name == kClock)
                all.insert(all.begin(), std::move(t));
            else
                all.push_back(std::move(t));
        }
    }
    return all;
}

const char *Fleet::rename(Member &m, std::size_t i, const char *topic) {
    auto it = m.names.find(topic);
    if (it == m.names.end()) it = m.names.emplace(topic, recordedTopic(i, topic)).first;
    return it->second.empty() ? nullptr : it->second.c_str();
}

void Fleet::step(std::vector<SimOutput> &out) {
    out.clear();
    for (std::size_t i = 0; i < robots_.size(); ++i) {
        Member &m = robots_[i];
        m.sim->step(batch_);
        for (SimOutput &o : batch_) {
            const char *name = rename(m, i, o.topic);
            if (name == nullptr) continue;
            o.topic = name;
            out.push_back(std::move(o));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const SimOutput &a, const SimOutput &b) { return a.time < b.time; });
}

}  // namespace robometrics::sim
