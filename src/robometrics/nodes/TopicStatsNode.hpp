#pragma once
// ROS 2 topic statistics (seed ros2-topic-statistics) as a node: every message of every declared
// topic, raw (only the header stamp is read, in place), feeds topicstats::TopicStatistics, which
// closes a window every period and publishes it as statistics_msgs/MetricsMessage on
// /statistics. One definition for `topic-stats`, `live topic-stats` and `evaluate`.

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "robometrics/bag/TopicMemo.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"

namespace robometrics::nodes {

class TopicStatsNode : public Node {
public:
    /// Reads every topic ("*"); publishes the windows on /statistics.
    static const NodeSpec &spec();

    /// The accepted window, in seconds. rclcpp's statistics publish_period is a
    /// std::chrono::milliseconds that must be > 0, so 1 ms is the finest window a ROS 2 node can
    /// have; the upper bound keeps the window in nanoseconds far inside an int64.
    static constexpr double kMinWindowS = 0.001;
    static constexpr double kMaxWindowS = 1e9;
    /// An error (a usage error) for a window outside [kMinWindowS, kMaxWindowS], NaN included.
    static Status checkWindow(double window_s);
    /// A window of `window_s` seconds; the period measured across windows with `rclcpp_period`.
    static topicstats::TopicStatsConfig config(double window_s, bool rclcpp_period);

    using WindowSink = std::function<void(const topicstats::WindowRecord &)>;
    /// Called with every message's log time and header stamp (if its type has a header).
    using StampObserver = std::function<void(TimeNs log_time, std::optional<TimeNs> stamp)>;

    TopicStatsNode(const topicstats::TopicStatsConfig &config, WindowSink windows);
    TopicStatsNode(const TopicStatsNode &) = delete;
    TopicStatsNode &operator=(const TopicStatsNode &) = delete;

    /// Declares a topic once (a declared topic gets windows even without messages).
    void declare(const bag::TopicInfo &topic);
    bool declared(const std::string &topic) const { return entries_.count(topic) != 0; }
    /// Types of the declared topics, in declaration order (as TopicStatistics::health()).
    const std::vector<std::string> &types() const { return types_; }

    void observeStamps(StampObserver observer) { observer_ = std::move(observer); }
    /// Called with every /clock message (rosgraph_msgs/Clock): its log time and the sim time it carries.
    using ClockObserver = std::function<void(TimeNs log_time, TimeNs sim_time)>;
    void observeClock(ClockObserver observer) { clock_observer_ = std::move(observer); }

    /// Topics not declared are declared on their first message (live: topics appear as they are
    /// discovered) instead of being skipped; before subscribe().
    void declareNewTopics() { declare_new_ = true; }
    /// Subscribes to every topic (`topics` is not used: every declared topic is read).
    void subscribe(pipeline::Pipeline &pipeline, const NodeTopics &topics) override;

    /// Messages logged before `log_time` are not counted (nor observed): the state read from
    /// before a window of the recording (bag::openWindow).
    void ignoreBefore(TimeNs log_time) { ignore_before_ = log_time; }

    /// Closes the windows due by `now` without a message (a wall-clock timer).
    void advanceTo(TimeNs now) { stats_.advanceTo(now); }
    /// Closes the last window.
    void finish() override { stats_.finish(); }

    const topicstats::TopicStatistics &statistics() const { return stats_; }

private:
    struct Entry {
        std::size_t index;
        bool has_header;
        bool clock;  ///< rosgraph_msgs/Clock: its value is its stamp
    };
    topicstats::TopicStatistics stats_;
    std::unordered_map<std::string, Entry> entries_;  ///< by topic name (node-based: entries stay put)
    bag::TopicMemo<const Entry *> by_topic_;          ///< the entry of a message's topic, null when undeclared
    std::vector<std::string> types_;
    StampObserver observer_;
    ClockObserver clock_observer_;
    TimeNs ignore_before_ = std::numeric_limits<TimeNs>::min();
    bool declare_new_ = false;
};

}  // namespace robometrics::nodes
