#include "robometrics/pipeline/Pipeline.hpp"

#include <fmt/format.h>

#include <set>
#include <thread>

#include "robometrics/bag/ReadAhead.hpp"
#include "robometrics/bag/TopicMemo.hpp"
#include "robometrics/core/ByteProgress.hpp"
#include "robometrics/core/ProgressBar.hpp"

namespace robometrics::pipeline {

namespace {
/// Messages between two calls of the check (setCheck): a few milliseconds of analysis.
constexpr std::uint64_t kCheckEvery = 4096;
}  // namespace

void Pipeline::addHandler(const std::string &topic, const std::string &type, RawHandler call) {
    Lane &lane = lanes_[lane_];
    (topic == "*" ? lane.every : lane.handlers[topic]).push_back(Handler{type, std::move(call)});
}

std::vector<std::string> Pipeline::topics() const {
    std::set<std::string> out;
    for (const Lane &lane : lanes_) {
        if (!lane.every.empty()) return {};
        for (const auto &[topic, list] : lane.handlers) out.insert(topic);
    }
    return {out.begin(), out.end()};
}

Status Pipeline::run(bag::MessageSource &source) {
    // Check types once, before reading, so a wrong remapping fails fast and clearly.
    for (const bag::TopicInfo &topic : source.topics()) {
        for (const Lane &lane : lanes_) {
            auto it = lane.handlers.find(topic.name);
            if (it == lane.handlers.end()) continue;
            for (const Handler &h : it->second) {
                if (!h.type.empty() && h.type != topic.type) {
                    return Error{fmt::format("{}: topic {} has type {}, expected {}", source.describe(), topic.name,
                                             topic.type, h.type)};
                }
            }
        }
    }
    std::vector<const Lane *> all;
    for (const Lane &lane : lanes_) all.push_back(&lane);
    if (!read_ahead_) return feed(source, all, progress_, nullptr).status;

    // Each lane's consumer passes over the topics the lane does not subscribe to (the costmap's
    // lane reads /tf and the grid map only), unless some handler of the lane wants every topic.
    std::vector<bag::ReadAhead::TopicFilter> filters;
    for (const Lane &lane : lanes_) {
        if (lane.every.empty()) {
            filters.push_back([&lane](const bag::TopicInfo &topic) { return lane.handlers.count(topic.name) != 0; });
        } else {
            filters.emplace_back();
        }
    }
    bag::ReadAhead ahead(source, std::move(filters));
    std::atomic<std::uint64_t> stop_after{std::numeric_limits<std::uint64_t>::max()};
    std::vector<LaneEnd> ends(lanes_.size());
    std::vector<std::thread> threads;
    for (std::size_t k = 1; k < lanes_.size(); ++k) {
        threads.emplace_back([&, k] {
            ends[k] = feed(ahead.consumer(k), lanes_[k], false, &stop_after);
            ahead.release(k);
        });
    }
    ends[0] = feed(ahead.consumer(0), lanes_[0], progress_, &stop_after);
    ahead.release(0);
    for (std::thread &t : threads) t.join();
    // The error of the earliest message, as one thread feeding the lanes in order would meet it.
    const LaneEnd *first = &ends[0];
    for (const LaneEnd &end : ends) {
        if (end.at < first->at) first = &end;
    }
    return first->status;
}

Status Pipeline::dispatch(const Lane &lane, const std::vector<Handler> *topic_handlers, const bag::Message &message,
                          const bag::MessageSource &source) {
    auto call = [&](const std::vector<Handler> &list) -> Status {
        for (const Handler &h : list) {
            Status status = h.call(message);
            if (!status.ok()) {
                return Error{fmt::format("{}: topic {} at log time {} ns: {}", source.describe(), message.topic->name,
                                         message.log_time, status.message())};
            }
        }
        return Status::Ok();
    };
    if (topic_handlers) ROBOMETRICS_TRY(call(*topic_handlers));
    return call(lane.every);
}

Pipeline::LaneEnd Pipeline::feed(bag::MessageSource &source, const std::vector<const Lane *> &lanes, bool progress,
                                 std::atomic<std::uint64_t> *stop_after) const {
    return feedLanes(
        source, lanes, progress, stop_after, [](std::uint64_t read) { return read; }, false);
}

Pipeline::LaneEnd Pipeline::feed(bag::ReadAheadConsumer &source, const Lane &lane, bool progress,
                                 std::atomic<std::uint64_t> *stop_after) const {
    source.stopAfter(stop_after);
    return feedLanes(
        source, {&lane}, progress, stop_after, [&source](std::uint64_t) { return source.position(); }, true);
}

template <class IndexOf>
Pipeline::LaneEnd Pipeline::feedLanes(bag::MessageSource &source, const std::vector<const Lane *> &lanes,
                                      bool progress, std::atomic<std::uint64_t> *stop_after, IndexOf indexOf,
                                      bool stable_topics) const {
    TimeNs first = 0, last = 0;
    ProgressBar bar(progress && progress_bytes_ == 0);
    ByteProgress bytes(progress, progress_bytes_);
    // Each lane's subscribers of a topic, found once per topic (bag::TopicMemo), not by name
    // for every message.
    std::vector<bag::TopicMemo<const std::vector<Handler> *>> subscribers(
        lanes.size(), bag::TopicMemo<const std::vector<Handler> *>(stable_topics));
    bag::Message message;
    // Only the feed of the first lane calls the check (the other lanes stop after its index).
    const bool checks = check_ && !lanes.empty() && lanes.front() == &lanes_.front();
    auto stopAt = [stop_after](std::uint64_t index) {
        if (!stop_after) return;
        std::uint64_t seen = stop_after->load();
        while (index < seen && !stop_after->compare_exchange_weak(seen, index)) {
        }
    };
    std::uint64_t upcoming = 0;  // the index of the next message, at least (a lane may pass over some)
    for (std::uint64_t read = 0;; ++read) {
        if (checks && read % kCheckEvery == kCheckEvery - 1) {
            if (Status status = check_(); !status.ok()) {
                stopAt(upcoming);
                return {status, upcoming};
            }
        }
        Result<bool> more = source.next(message);
        const std::uint64_t index = indexOf(read);
        if (!more) return {more.error(), index};
        if (!*more) break;
        if (stop_after && index > stop_after->load(std::memory_order_relaxed)) return {};
        upcoming = index + 1;
        if (first == 0) first = message.log_time;
        last = message.log_time;
        for (std::size_t k = 0; k < lanes.size(); ++k) {
            const Lane &lane = *lanes[k];
            const std::vector<Handler> *topic_handlers =
                subscribers[k].get(message.topic, [&lane](const bag::TopicInfo &topic) -> const std::vector<Handler> * {
                    auto it = lane.handlers.find(topic.name);
                    return it == lane.handlers.end() ? nullptr : &it->second;
                });
            // Lanes on one thread see every message, most with no subscriber in the lane: nothing to call.
            if (!topic_handlers && lane.every.empty()) continue;
            Status status = dispatch(lane, topic_handlers, message, source);
            if (status.ok()) continue;
            stopAt(index);
            return {status, index};
        }
        if (!progress) continue;  // both bars are off: no call for every message
        if (bar.due()) bar.update(fmt::format("{:.1f} s of bag time", toSeconds(last - first)));
        bytes.update();
    }
    bar.finish();
    bytes.finish();
    return {};
}

}  // namespace robometrics::pipeline
