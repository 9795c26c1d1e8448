#pragma once
// Ground-truth "lost" intervals for training and evaluation. Text format: one interval per line,
// "start,end" in seconds of bag time (the same clock as the readings), '#' comments and a
// "start,end" header line allowed. The simulator's scenario.json is read too (its kidnap events).

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::localization {

struct LostInterval {
    TimeNs start = 0;
    TimeNs end = 0;
};

class LostLabels {
public:
    /// Parses the text format; errors name the line and what was expected.
    static Result<LostLabels> parse(const std::string &text, const std::string &source_name);
    /// Reads the "kidnap" events of the simulator's scenario.json (t_start..t_end seconds after
    /// start_time_ns) as lost intervals.
    static Result<LostLabels> fromScenarioJson(const std::string &text, const std::string &source_name);

    void add(LostInterval interval) { intervals_.push_back(interval); }
    /// True when `t` lies in some interval (inclusive).
    bool isLost(TimeNs t) const;
    const std::vector<LostInterval> &intervals() const { return intervals_; }

private:
    std::vector<LostInterval> intervals_;
};

}  // namespace robometrics::localization
