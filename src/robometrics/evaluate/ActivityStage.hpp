#pragma once
// The activity stage of the evaluate pass (docs/architecture.md, "The evaluate pass"): what the
// robot was told to do and what it did (evaluate's ActivityResult, stuck episodes), and the
// topics' health judged on it (a silence while the robot stood still is no drop).

#include <functional>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/activity/StuckDetector.hpp"
#include "robometrics/core/RunClock.hpp"
#include "robometrics/core/TimeIntervals.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"

namespace robometrics::evaluate {

/// The activity summary and the stuck episodes of `run`, none over a stretch the reader could not
/// read (`unread`, system clock); stuck is "not evaluated" without a velocity command (a note).
ActivityResult activityOf(const nodes::ActivityRun &run, const nodes::TopicChoice &topics, const RunClock &clock,
                          const activity::StuckConfig &stuck, const TimeIntervals &unread,
                          std::vector<std::string> &notes);

/// The stretches of the recording the reader skipped, on the system clock, merged.
TimeIntervals unreadSpans(const std::vector<bag::LostSpan> &spans, const RunClock &clock);

/// What another robot of a multi-robot recording did, for the health of its own topics.
struct RobotActivityRun {
    std::string name;  ///< its namespace ("robot2"): the topics under /robot2/ are its own
    std::unique_ptr<nodes::ActivityRun> run;
};

/// The topics' health judged on what the robot did (`run`, released once the health is known):
/// worked out on a second thread when `beside`, else when get() is called. `statistics`,
/// `to_system` and `unread` must outlive the future. In a multi-robot recording the topics under
/// the namespace of one of `others` are judged on what that robot did, the rest on `run`.
std::future<std::vector<topicstats::TopicHealth>> topicHealth(const topicstats::TopicStatistics &statistics,
                                                              std::unique_ptr<nodes::ActivityRun> run,
                                                              const std::function<TimeNs(TimeNs)> &to_system,
                                                              const TimeIntervals &unread, bool beside,
                                                              std::vector<RobotActivityRun> others = {});

}  // namespace robometrics::evaluate
