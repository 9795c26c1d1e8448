#pragma once
// ROS 2 topic statistics (libstatistics_collector + rclcpp) over message time, as a pure
// streaming analyzer: per topic, the received message age (receive time - header.stamp) and
// period, in milliseconds, as average / min / max / population stddev (Welford) / count per
// window. Windows are the publish period in receive (bag log) time, starting at the first
// message; every topic gets a record per metric per window, NaN with count 0 when empty.
// Also keeps the whole-run health table (TopicHealth).

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/topicstats/TopicHealth.hpp"
#include "robometrics/topicstats/TopicStatsConfig.hpp"
#include "robometrics/topicstats/WindowRecord.hpp"

namespace robometrics::topicstats {

class TopicStatistics {
public:
    using WindowSink = std::function<void(const WindowRecord &)>;

    explicit TopicStatistics(TopicStatsConfig config = {}, WindowSink sink = {});

    /// Declares a topic (before or during the run); returns its index. A topic declared before
    /// any message gets windows even if it never receives one.
    /// `publishers`: how many publishers the recorder saw (their own rates make drops meaningless).
    /// `role`: when the topic is expected to publish (TopicHealth).
    std::size_t addTopic(const std::string &name, bool has_header, int publishers = 1,
                         TopicRole role = TopicRole::Sensor);

    /// One received message on topic `index` at `receive_time`, with its header stamp when the
    /// type has one (a zero stamp counts as unset: no age sample), and its serialized size.
    void onMessage(std::size_t index, TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes);

    /// Closes every window that ends at or before `t`. onMessage() does this first.
    void advanceTo(TimeNs t);

    /// Emits the last, partial window (ending at the last message) if any message arrived.
    void finish();

    /// The health table, one row per topic in declaration order. `context` says when each
    /// topic should have published (see TopicHealth); the gaps of sensor topics are added to it
    /// before the motion-gated topics are judged.
    std::vector<TopicHealth> health(const HealthContext &context = {}) const;

    /// The same with each topic judged in its own context: `contexts[context_of(name)]` (a
    /// robot's activity in a multi-robot recording); the gaps of a context's sensor topics are
    /// added to that context only.
    std::vector<TopicHealth> health(const std::vector<HealthContext> &contexts,
                                    const std::function<std::size_t(const std::string &)> &context_of) const;

    /// The memory health() takes while it runs: 8 bytes per message of the busiest topic.
    std::size_t healthScratchBytes() const;

    std::size_t topicCount() const { return topics_.size(); }
    std::uint64_t windowCount() const { return windows_; }

private:
    struct Topic {
        std::string name;
        RunningStats age;
        RunningStats period;
        std::optional<TimeNs> last_receive;  ///< for the period
        TopicHealthAccumulator health;
    };

    void closeWindow(TimeNs stop);

    TopicStatsConfig config_;
    WindowSink sink_;
    std::vector<Topic> topics_;
    bool started_ = false;
    TimeNs window_start_ = 0;
    TimeNs last_time_ = 0;
    std::uint64_t windows_ = 0;
    WindowRecord window_;  ///< the record handed to the sink, reused for every topic and window
};

}  // namespace robometrics::topicstats
