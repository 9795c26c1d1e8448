#include "robometrics/evaluate/ActivityStage.hpp"

#include <algorithm>

#include "robometrics/nodes/Robots.hpp"

namespace robometrics::evaluate {

namespace {

/// The union of `spans` as intervals (they may overlap and come in any order).
TimeIntervals merged(std::vector<TimeSpan> spans) {
    std::sort(spans.begin(), spans.end(), [](const TimeSpan &a, const TimeSpan &b) { return a.start < b.start; });
    TimeIntervals out;
    for (const TimeSpan &s : spans) out.add(s.start, s.end);
    return out;
}

}  // namespace

ActivityResult activityOf(const nodes::ActivityRun &run, const nodes::TopicChoice &topics, const RunClock &clock,
                          const activity::StuckConfig &stuck, const TimeIntervals &unread,
                          std::vector<std::string> &notes) {
    ActivityResult a;
    a.command_topic = topics.cmd_vel.empty() ? topics.cmd_vel_stamped : topics.cmd_vel;
    for (const std::string &goal : {topics.navigate_status, topics.follow_path_status}) {
        if (!goal.empty()) a.goal_topics.push_back(goal);
    }
    a.intent_known = run.intent.known();
    a.goals = run.intent.goal_count;
    const TimeNs start = clock.systemStart(), end = clock.systemEnd();
    a.commanded_s = toSeconds(run.intent.commanded.overlap(start, end));
    a.moving_s = toSeconds(run.moving.overlap(start, end));
    if (run.has_odometry || run.progress) a.moving = run.moving;
    std::vector<TimeSpan> spans = run.intent.commanded.spans();
    spans.insert(spans.end(), run.moving.spans().begin(), run.moving.spans().end());
    const TimeIntervals active = merged(spans);
    // A lost span is not idle time: what the robot did then is unknown (issue 60).
    spans.insert(spans.end(), unread.spans().begin(), unread.spans().end());
    const TimeNs seen_or_lost = merged(std::move(spans)).overlap(start, end);
    a.idle_s = std::max(0.0, toSeconds(end - start - seen_or_lost));
    a.unread_s = std::max(0.0, toSeconds(seen_or_lost - active.overlap(start, end)));
    if (run.progress) {
        const std::string &truth = topics.pose_array.empty() ? topics.ground_truth : topics.pose_array;
        const std::string why = topics.pose_array.empty() && !topics.ground_truth_why.empty()
                                    ? " (ground truth: " + topics.ground_truth_why + ")"
                                    : " (ground truth)";
        a.progress_source = run.progress_from_ground_truth ? truth + why : topics.odometry;
        a.progress_samples = run.progress->size();
    }
    if (a.command_topic.empty()) {
        notes.push_back(
            "stuck: no velocity command topic (geometry_msgs/Twist or TwistStamped, /cmd_vel): nothing says when the "
            "robot was told to drive, and standing still is not stuck");
    } else if (!run.progress) {
        notes.push_back("stuck: no odometry or ground-truth pose to measure progress on");
    } else {
        a.stuck = activity::findStuckEpisodes(run.intent, *run.progress, stuck);
    }
    std::erase_if(a.stuck, [&unread](const activity::StuckEpisode &s) {
        return unread.meets(s.start, s.end);  // the robot's progress then is not known
    });
    return a;
}

TimeIntervals unreadSpans(const std::vector<bag::LostSpan> &spans, const RunClock &clock) {
    // A span with no message read before it (or after it) reaches back to the start of the run
    // (on to its end): its time is unknown, not empty.
    std::vector<TimeSpan> on_clock;
    for (const bag::LostSpan &span : spans)
        on_clock.push_back({clock.systemTime(span.start_time.value_or(clock.start())),
                            clock.systemTime(span.end_time.value_or(clock.end()))});
    return merged(std::move(on_clock));
}

namespace {

/// When the topics of the robot that did `run` should have published.
topicstats::HealthContext healthContext(const nodes::ActivityRun &run, const std::function<TimeNs(TimeNs)> &to_system,
                                        const TimeIntervals &unread) {
    topicstats::HealthContext context;
    context.to_system = to_system;
    if (!unread.empty()) context.unrecorded = &unread;
    context.navigating = &run.intent.goals;
    if (run.has_odometry || run.progress) context.moving = &run.moving;
    if (run.progress) {
        context.after_travel = [track = &*run.progress](TimeNs from, double metres) {
            return track->timeAfterPath(from, metres);
        };
    }
    return context;
}

}  // namespace

std::future<std::vector<topicstats::TopicHealth>> topicHealth(const topicstats::TopicStatistics &statistics,
                                                              std::unique_ptr<nodes::ActivityRun> run,
                                                              const std::function<TimeNs(TimeNs)> &to_system,
                                                              const TimeIntervals &unread, bool beside,
                                                              std::vector<RobotActivityRun> others) {
    return std::async(beside ? std::launch::async : std::launch::deferred,
                      [&statistics, run = std::move(run), &to_system, &unread, others = std::move(others)]() mutable {
                          std::vector<topicstats::HealthContext> contexts{healthContext(*run, to_system, unread)};
                          for (const RobotActivityRun &other : others)
                              contexts.push_back(healthContext(*other.run, to_system, unread));
                          // A topic under another robot's namespace is judged on what that robot did.
                          const auto context_of = [&others](const std::string &topic) {
                              const std::string ns = nodes::topicNamespace(topic);
                              for (std::size_t i = 0; i < others.size(); ++i)
                                  if (!ns.empty() && others[i].name == ns) return i + 1;
                              return std::size_t{0};
                          };
                          std::vector<topicstats::TopicHealth> table = statistics.health(contexts, context_of);
                          run.reset();  // its tracks are as long as the odometry
                          others.clear();
                          return table;
                      });
}

}  // namespace robometrics::evaluate
