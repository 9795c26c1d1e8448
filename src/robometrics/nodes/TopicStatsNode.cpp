#include "robometrics/nodes/TopicStatsNode.hpp"

#include <fmt/format.h>

#include "robometrics/topicstats/HeaderStamp.hpp"

namespace robometrics::nodes {

const NodeSpec &TopicStatsNode::spec() {
    static const NodeSpec spec{"topic_statistics",
                               {{"messages", "*", "*"}},
                               {{"/statistics", std::string(msgs::TypeInfo<msgs::MetricsMessage>::name)}}};
    return spec;
}

Status TopicStatsNode::checkWindow(double window_s) {
    if (window_s >= kMinWindowS && window_s <= kMaxWindowS) return Status::Ok();
    return Error{
        fmt::format("--window must be at least {} s (1 ms, the finest period of rclcpp's topic statistics) "
                    "and at most {:g} s, got {}",
                    kMinWindowS, kMaxWindowS, window_s)};
}

topicstats::TopicStatsConfig TopicStatsNode::config(double window_s, bool rclcpp_period) {
    topicstats::TopicStatsConfig config;
    config.window = fromSeconds(window_s);
    config.period_mode = rclcpp_period ? topicstats::PeriodMode::AcrossWindows : topicstats::PeriodMode::PerWindow;
    return config;
}

TopicStatsNode::TopicStatsNode(const topicstats::TopicStatsConfig &config, WindowSink windows)
    : stats_(config, std::move(windows)) {}

void TopicStatsNode::declare(const bag::TopicInfo &t) {
    if (entries_.count(t.name)) return;
    const bool clock = topicstats::typeIsClock(t.type);
    const bool header = clock || topicstats::typeHasHeader(t.type, t.schema.text, t.schema.encoding);
    entries_[t.name] =
        Entry{stats_.addTopic(t.name, header, bag::publisherCount(t), topicstats::topicRoleOf(t.type)), header, clock};
    by_topic_.clear();  // it may remember the topic as undeclared
    types_.push_back(t.type);
}

void TopicStatsNode::subscribe(pipeline::Pipeline &pipeline, const NodeTopics &) {
    pipeline.subscribeRaw("*", [this, declare_new = declare_new_](const bag::Message &m) -> Status {
        if (m.log_time < ignore_before_) return Status::Ok();
        auto find = [this](const bag::TopicInfo &topic) -> const Entry * {
            auto it = entries_.find(topic.name);
            return it == entries_.end() ? nullptr : &it->second;
        };
        const Entry *entry = by_topic_.get(m.topic, find);
        if (!entry) {
            if (!declare_new) return Status::Ok();
            declare(*m.topic);
            entry = by_topic_.get(m.topic, find);
        }
        std::optional<TimeNs> stamp;
        const msgs::WireFormat format = msgs::wireFormatOf(m.topic->serialization_format);
        if (entry->clock) {
            stamp = topicstats::readClockValue(m.data, format);
            if (clock_observer_ && stamp) clock_observer_(m.log_time, *stamp);
        } else if (entry->has_header) {
            stamp = topicstats::readHeaderStamp(m.data, format);
        }
        if (observer_) observer_(m.log_time, stamp);
        stats_.onMessage(entry->index, m.log_time, stamp, m.data.size());
        return Status::Ok();
    });
}

}  // namespace robometrics::nodes
