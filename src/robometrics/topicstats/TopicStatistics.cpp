#include "robometrics/topicstats/TopicStatistics.hpp"

#include <algorithm>

namespace robometrics::topicstats {

TopicStatistics::TopicStatistics(TopicStatsConfig config, WindowSink sink) : config_(config), sink_(std::move(sink)) {
    if (config_.window <= 0) config_.window = kNsPerSecond;  // rclcpp rejects a period <= 0
    if (config_.max_gap_windows < 1) config_.max_gap_windows = 1;
}

std::size_t TopicStatistics::addTopic(const std::string &name, bool has_header, int publishers, TopicRole role) {
    topics_.push_back(Topic{name, {}, {}, std::nullopt, TopicHealthAccumulator(name, has_header, publishers, role)});
    return topics_.size() - 1;
}

void TopicStatistics::closeWindow(TimeNs stop) {
    for (std::size_t i = 0; i < topics_.size(); ++i) {
        Topic &topic = topics_[i];
        // rclcpp's order: the age collector first, then the period collector.
        if (sink_) {
            window_.topic_index = i;
            window_.topic = topic.name;  // an assignment: the name's storage is kept from window to window
            window_.window_start = window_start_;
            window_.window_stop = stop;
            window_.metric = Metric::MessageAge;
            window_.stats = StatisticsSet::from(topic.age);
            sink_(window_);
            window_.metric = Metric::MessagePeriod;
            window_.stats = StatisticsSet::from(topic.period);
            sink_(window_);
        }
        topic.age.reset();
        topic.period.reset();
        if (config_.period_mode == PeriodMode::PerWindow) topic.last_receive.reset();
    }
    ++windows_;
    window_start_ = stop;
}

void TopicStatistics::advanceTo(TimeNs t) {
    if (!started_) {
        started_ = true;
        window_start_ = last_time_ = t;
        return;
    }
    if (t > last_time_) last_time_ = t;
    const TimeNs w = config_.window;
    if (t < window_start_ + w) return;
    closeWindow(window_start_ + w);
    const TimeNs empty = (t - window_start_) / w;  // whole windows still passed, all empty
    if (empty > config_.max_gap_windows) {
        closeWindow(window_start_ + empty * w);  // one empty window spanning the gap
        return;
    }
    for (TimeNs k = 0; k < empty; ++k) closeWindow(window_start_ + w);
}

void TopicStatistics::onMessage(std::size_t index, TimeNs receive_time, std::optional<TimeNs> stamp,
                                std::size_t size_bytes) {
    if (index >= topics_.size()) return;
    advanceTo(receive_time);
    Topic &topic = topics_[index];
    if (topic.last_receive) topic.period.add(static_cast<double>(receive_time - *topic.last_receive) / 1e6);
    topic.last_receive = receive_time;
    // rclcpp takes an age sample only when both the stamp and the receive time are non-zero;
    // negative ages (stamps from the future, clock skew) are kept. A sim-time stamp recorded on
    // the wall clock has no age (in ROS both clocks would be sim time; a bag keeps only one).
    if (stamp && *stamp != 0 && receive_time != 0 && !simTimeStamp(*stamp, receive_time)) {
        topic.age.add(static_cast<double>(receive_time - *stamp) / 1e6);
    }
    topic.health.add(receive_time, stamp, size_bytes);
}

void TopicStatistics::finish() {
    if (!started_) return;
    closeWindow(last_time_);
    started_ = false;
}

std::size_t TopicStatistics::healthScratchBytes() const {
    std::uint64_t busiest = 0;
    for (const Topic &t : topics_) busiest = std::max(busiest, t.health.count());
    return static_cast<std::size_t>(busiest) * sizeof(double);
}

std::vector<TopicHealth> TopicStatistics::health(const HealthContext &context) const {
    return health(std::vector<HealthContext>{context}, [](const std::string &) { return std::size_t{0}; });
}

std::vector<TopicHealth> TopicStatistics::health(
    const std::vector<HealthContext> &contexts,
    const std::function<std::size_t(const std::string &)> &context_of) const {
    std::vector<TopicHealth> out(topics_.size());
    std::vector<std::size_t> owner(topics_.size());
    for (std::size_t i = 0; i < topics_.size(); ++i)
        owner[i] = std::min(context_of(topics_[i].name), contexts.size() - 1);
    for (std::size_t c = 0; c < contexts.size(); ++c) {
        // Sensors first: a motion-gated topic (AMCL) silent while its scan was is not dropping.
        std::vector<TimeSpan> blind;
        for (std::size_t i = 0; i < topics_.size(); ++i) {
            if (owner[i] != c || topics_[i].health.role() != TopicRole::Sensor) continue;
            out[i] = topics_[i].health.result(config_.drop_gap_factor, contexts[c]);
            for (const TopicGap &g : out[i].gaps) blind.push_back({g.start, g.end});
        }
        std::sort(blind.begin(), blind.end(), [](const TimeSpan &a, const TimeSpan &b) { return a.start < b.start; });
        TimeIntervals sensor_gaps;
        for (const TimeSpan &s : blind) sensor_gaps.add(s.start, s.end);
        HealthContext with_gaps = contexts[c];
        with_gaps.sensor_gaps = &sensor_gaps;
        for (std::size_t i = 0; i < topics_.size(); ++i) {
            if (owner[i] != c || topics_[i].health.role() == TopicRole::Sensor) continue;
            out[i] = topics_[i].health.result(config_.drop_gap_factor, with_gaps);
        }
    }
    return out;
}

}  // namespace robometrics::topicstats
