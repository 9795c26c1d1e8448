#include "robometrics/activity/Intent.hpp"

#include <algorithm>

#include "robometrics/activity/TimeOrder.hpp"

namespace robometrics::activity {

void IntentBuilder::addGoalStatus(TimeNs t, const std::array<std::uint8_t, 16> &goal_id, int status) {
    const bool active = status >= 1 && status <= 3;
    const bool terminal = status >= 4 && status <= 6;
    auto it = goals_.find(goal_id);
    if (it == goals_.end()) {
        // A status array repeats every goal the server still remembers: a goal first seen
        // already finished (recorded after its end) tells nothing about when it ran.
        if (active) goals_.emplace(goal_id, GoalSpan{t, t, true});
        return;
    }
    GoalSpan &g = it->second;
    if (!g.open) return;
    g.end = t;
    if (terminal) g.open = false;
}

void IntentBuilder::addCommands(std::vector<VelocityCommand> &&commands) {
    if (commands_.empty()) {
        commands_ = std::move(commands);
    } else {
        commands_.insert(commands_.end(), commands.begin(), commands.end());
    }
    std::vector<VelocityCommand>().swap(commands);
}

Intent IntentBuilder::finish(TimeNs end) {
    Intent intent;
    intent.has_commands = !commands_.empty();
    intent.has_goals = !goals_.empty();
    intent.goal_count = goals_.size();
    std::vector<TimeSpan> goal_spans;
    for (const auto &[id, g] : goals_) goal_spans.push_back({g.start, g.open ? end : g.end});
    std::sort(goal_spans.begin(), goal_spans.end(),
              [](const TimeSpan &a, const TimeSpan &b) { return a.start < b.start; });
    for (const TimeSpan &s : goal_spans) intent.goals.add(s.start, s.end);

    std::vector<VelocityCommand> commands = std::move(commands_);
    commands_.clear();
    sortByTime(commands);
    const TimeNs timeout = fromSeconds(config_.command_timeout_s);
    const auto drives = [this](const VelocityCommand &c) { return c.linear_mps >= config_.min_linear_mps; };
    intent.linear.reserve(static_cast<std::size_t>(std::count_if(commands.begin(), commands.end(), drives)));
    // The commanded spans are the moving commands' holds and the goals, both in time order:
    // merged as they are made, so that no list of a long run's spans is built to be sorted.
    std::size_t goal = 0;
    for (std::size_t i = 0; i < commands.size(); ++i) {
        const VelocityCommand &c = commands[i];
        const bool drive = drives(c);
        if (!drive && !(c.angular_rps >= config_.min_angular_rps)) continue;
        const TimeNs hold_end = i + 1 < commands.size() ? std::min(commands[i + 1].t, c.t + timeout) : c.t + timeout;
        for (; goal < goal_spans.size() && goal_spans[goal].start < c.t; ++goal) {
            intent.commanded.add(goal_spans[goal].start, goal_spans[goal].end);
        }
        intent.commanded.add(c.t, hold_end);
        if (drive) intent.linear.push_back({c.t, hold_end, c.linear_mps});
    }
    for (; goal < goal_spans.size(); ++goal) intent.commanded.add(goal_spans[goal].start, goal_spans[goal].end);
    return intent;
}

}  // namespace robometrics::activity
