#include "robometrics/live/DdsSource.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/live/ReaderQos.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::live {

TimeNs wallNow() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

namespace {
/// The publishers' QoS as rosbag2 stores it in offered_qos_profiles (so `ros2 bag play` re-offers it).
std::string publishersQosYaml(const std::vector<Endpoint> &writers) {
    std::string out;
    for (const Endpoint &e : writers) {
        const bool latched = e.qos.durability == Durability::TransientLocal;
        out += bag::offeredQosYaml({.reliable = e.qos.reliability == Reliability::Reliable,
                                    .transient_local = latched,
                                    .depth = latched ? 1 : 10});
    }
    return out;
}
}  // namespace

DdsSource::DdsSource(Transport &transport, DdsSourceOptions options)
    : transport_(transport), options_(std::move(options)) {
    started_ = std::chrono::steady_clock::now();
    next_tick_ = started_ + options_.tick_period;
    kernel_drops_.start();
    // Topics with a known type are listed up front, so the pipeline can check them before reading.
    for (const std::string &topic : options_.topics) {
        if (auto it = options_.types.find(topic); it != options_.types.end()) topicIndex(topic, it->second);
    }
}

DdsSource::~DdsSource() {
    // Readers go first: their listener threads must not push into a dying queue.
    subscriptions_.clear();
}

bool DdsSource::wanted(const std::string &ros_topic) const {
    return options_.topics.empty() ||
           std::find(options_.topics.begin(), options_.topics.end(), ros_topic) != options_.topics.end();
}

std::size_t DdsSource::topicIndex(const std::string &ros_topic, const std::string &ros_type) {
    for (std::size_t i = 0; i < infos_.size(); ++i) {
        if (infos_[i].name == ros_topic) return i;
    }
    bag::TopicInfo info;
    info.name = ros_topic;
    info.type = ros_type;
    info.serialization_format = "cdr";
    const std::string_view schema = msgs::builtinSchemaText(ros_type);
    if (!schema.empty()) info.schema = bag::Schema{ros_type, "ros2msg", std::string(schema)};
    infos_.push_back(info);
    list_.push_back(info);
    return infos_.size() - 1;
}

void DdsSource::refreshDiscovery() {
    const std::uint64_t version = transport_.graph().version();
    if (version == graph_version_) return;
    graph_version_ = version;
    // Group the remote writers by ROS topic; subscribed topics too, since a publisher that joins
    // later can need another reader QoS (a best-effort one beside reliable ones).
    std::map<std::string, std::vector<Endpoint>> writers;
    for (const Endpoint &e : transport_.graph().endpoints()) {
        if (!e.writer) continue;
        auto ros = rosTopicName(e.topic);
        if (ros && wanted(*ros)) writers[*ros].push_back(e);
    }
    for (const auto &[topic, list] : writers) {
        const Endpoint &first = list.front();
        auto ros_type = rosTypeName(first.type);
        if (!ros_type) continue;  // not a ROS 2 type name
        auto expected = options_.types.find(topic);
        if (expected != options_.types.end() && expected->second != *ros_type) {
            if (warned_.insert(topic).second && options_.log) {
                options_.log(
                    fmt::format("{} is published as {}, expected {}: ignored", topic, *ros_type, expected->second));
            }
            continue;
        }
        const Qos qos = readerQosFor(options_.qos, options_.adapt_reliability, list);
        auto subscribed = subscriptions_.find(topic);
        if (subscribed == subscriptions_.end() || !sameMatching(subscribed->second.qos, qos)) {
            const bool again = subscribed != subscriptions_.end();
            if (again) {
                retire(topic, subscribed->second);
                subscriptions_.erase(subscribed);
            }  // its listener stops before the new reader starts
            subscribe(topic, *ros_type, first, list, qos, again);
        }
        warnUnmatched(topic, qos, list);
    }
}

void DdsSource::subscribe(const std::string &topic, const std::string &ros_type, const Endpoint &first,
                          const std::vector<Endpoint> &writers, const Qos &qos, bool again) {
    const std::size_t index = topicIndex(topic, ros_type);
    infos_[index].offered_qos_profiles = publishersQosYaml(writers);
    list_[index].offered_qos_profiles = infos_[index].offered_qos_profiles;  // list_ mirrors infos_
    const bool reorder = options_.clock == MessageClock::Source && options_.reorder_window.count() > 0;
    const MessageClock clock = options_.clock;
    const bool wake = options_.wake_period.count() == 0;
    auto reader =
        transport_.createReader(first.topic, first.type, qos, [this, index, reorder, clock, wake](Sample &&s) {
            {
                std::lock_guard lock(mutex_);
                ++received_;
                const TimeNs key = reorder ? (clock == MessageClock::Source ? s.source_time : s.reception_time) : 0;
                queue_.emplace(std::make_pair(key, sequence_++), Pending{index, std::move(s)});
                while (queue_.size() > options_.queue_limit) {
                    ++queue_dropped_[queue_.begin()->second.topic];
                    queue_.erase(queue_.begin());
                    ++dropped_;
                }
            }
            if (wake) arrived_.notify_one();
        });
    if (!reader) {
        if (options_.log) options_.log(reader.message());
        return;
    }
    if (options_.log) {
        options_.log(fmt::format("{} {} ({}, {}{}){}", again ? "subscribed again to" : "subscribed to", topic, ros_type,
                                 qos.reliability == Reliability::Reliable ? "reliable" : "best effort",
                                 qos.durability == Durability::TransientLocal ? ", transient local" : "",
                                 again ? ": a publisher with another QoS joined" : ""));
    }
    subscriptions_[topic] = Subscription{index, qos, std::move(*reader)};
}

void DdsSource::warnUnmatched(const std::string &topic, const Qos &qos, const std::vector<Endpoint> &writers) {
    if (!options_.log) return;
    for (const Endpoint &e : writers) {
        if (warned_writers_.count(e.guid)) continue;  // each publisher is reported once
        for (const std::string &why : unmatchedWriters(qos, {e})) {
            warned_writers_.insert(e.guid);
            options_.log(fmt::format("incompatible QoS on {}: {}; nothing it publishes is received{}", topic, why,
                                     options_.qos.reliability == Reliability::Reliable ? " (drop --reliable)" : ""));
        }
    }
}

bool DdsSource::stopRequested() const {
    if (options_.stop_requested && options_.stop_requested()) return true;
    return options_.duration && std::chrono::steady_clock::now() - started_ >= *options_.duration;
}

Result<bool> DdsSource::next(bag::Message &out) {
    while (true) {
        const bool stopping = stopRequested();
        if (stopping && !subscriptions_.empty()) {
            // Stop receiving, so that draining what is already queued ends even under load.
            matched_at_stop_ = matchedWriters();
            for (const auto &[topic, sub] : subscriptions_) retire(topic, sub);
            subscriptions_.clear();
        }
        if (!stopping) refreshDiscovery();
        const auto now = std::chrono::steady_clock::now();
        if (options_.tick && now >= next_tick_ && !pending_tick_) {
            next_tick_ = now + options_.tick_period;
            pending_tick_ = wallNow();
        }
        // A sample the DDS thread stamped just before the tick may still be on its way into the
        // queue: the tick waits a little past its time.
        constexpr TimeNs kTickGrace = 1'000'000;
        if (pending_tick_ && wallNow() >= *pending_tick_ + kTickGrace && !receivedBefore(*pending_tick_)) {
            // Every sample received before the tick has been given: a window the tick closes holds
            // them all (ticking first put such a sample in the next window).
            const TimeNs tick_time = *pending_tick_;
            pending_tick_.reset();
            options_.tick(tick_time);
        }
        std::unique_lock lock(mutex_);
        if (!queue_.empty()) {
            auto first = queue_.begin();
            const TimeNs age = wallNow() - first->second.sample.reception_time;
            if (stopping || age >= options_.reorder_window.count()) {
                current_ = std::move(first->second);
                queue_.erase(first);
                lock.unlock();
                out.topic = &infos_[current_.topic];
                if (delivered_.size() <= current_.topic) delivered_.resize(current_.topic + 1, 0);
                ++delivered_[current_.topic];
                out.publish_time = current_.sample.source_time;
                out.log_time = options_.clock == MessageClock::Source ? current_.sample.source_time
                                                                      : current_.sample.reception_time;
                out.data = current_.sample.data;
                return true;
            }
        }
        if (stopping) return false;  // drained
        auto wait = std::min<std::chrono::nanoseconds>(std::chrono::milliseconds(20), options_.tick_period);
        if (options_.wake_period.count() > 0) wait = std::min(options_.tick_period, options_.wake_period);
        if (!queue_.empty() || pending_tick_)
            wait = std::min<std::chrono::nanoseconds>(wait, std::chrono::milliseconds(1));
        arrived_.wait_for(lock, wait);
    }
}

bool DdsSource::receivedBefore(TimeNs wall) const {
    // Samples are given in queue order: by reception with the reception clock, else held for the
    // reorder window by source time (whose clock a wall-time tick does not order).
    if (options_.clock != MessageClock::Reception) return false;
    std::lock_guard lock(mutex_);
    return !queue_.empty() && queue_.begin()->second.sample.reception_time <= wall;
}

std::string DdsSource::describe() const { return "DDS (" + transport_.describe() + ")"; }

std::uint64_t DdsSource::received() const {
    std::lock_guard lock(mutex_);
    return received_;
}

std::uint64_t DdsSource::dropped() const {
    std::lock_guard lock(mutex_);
    return dropped_;
}

TopicLosses topicLosses(const ReaderLosses &l) {
    TopicLosses t;
    t.dds_lost = l.lost;
    t.dds_rejected = l.rejected;
    t.unreported_gaps = l.sequence_gaps > l.lost + l.rejected ? l.sequence_gaps - l.lost - l.rejected : 0;
    t.before_first = l.before_first;
    t.sequence_gaps = l.sequence_gaps;
    t.written_through_last = l.written_through_last;
    return t;
}

void DdsSource::retire(const std::string &topic, const Subscription &subscription) {
    retired_losses_[topic] += topicLosses(subscription.reader->losses());
}

std::map<std::string, TopicLosses> DdsSource::losses() const {
    std::map<std::string, TopicLosses> out = retired_losses_;
    for (const auto &[topic, sub] : subscriptions_) out[topic] += topicLosses(sub.reader->losses());
    std::lock_guard lock(mutex_);
    for (const auto &[index, n] : queue_dropped_) out[infos_[index].name].queue_dropped += n;
    return out;
}

std::uint64_t DdsSource::kernelDrops() { return kernel_drops_.read(); }

std::map<std::string, std::uint64_t> DdsSource::delivered() const {
    std::map<std::string, std::uint64_t> out;
    for (std::size_t i = 0; i < delivered_.size(); ++i) out[infos_[i].name] = delivered_[i];
    return out;
}

std::map<std::string, std::size_t> DdsSource::matchedWriters() const {
    if (subscriptions_.empty() && !matched_at_stop_.empty()) return matched_at_stop_;
    std::map<std::string, std::size_t> out;
    for (const auto &[topic, sub] : subscriptions_) out[topic] = sub.reader->matched();
    return out;
}

}  // namespace robometrics::live
