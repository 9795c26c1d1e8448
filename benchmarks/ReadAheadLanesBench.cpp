// Two lanes reading one bag ahead (bag::ReadAhead), as evaluate's: lane 0 wants every message,
// lane 1 two of the 12 topics, a quarter of the messages (the costmap's lane: the grid map and
// /tf, a fifth of the terrain run's). Baseline, measured in the same run: lane 1 walks every message and drops the ones
// it does not want itself (a look-up per message), as before the consumers had topic filters.
// Both lanes run on threads of their own; the times are the wall time of the whole read and the CPU
// time of the process (the reader thread, both lanes), which is what the filter saves.

#include <benchmark/benchmark.h>

#include <thread>
#include <unordered_set>

#include "robometrics/bag/ReadAhead.hpp"

namespace {

using robometrics::Result;
using robometrics::TimeNs;
using robometrics::bag::Message;
using robometrics::bag::MessageSource;
using robometrics::bag::ReadAhead;
using robometrics::bag::TopicInfo;

constexpr std::size_t kMessages = 200000;
constexpr std::size_t kTopics = 12;

/// kMessages small messages cycling through kTopics topics, every 10th on topic 0 (a busy topic).
class CyclingSource : public MessageSource {
public:
    CyclingSource() : payload_(64, 0) {
        for (std::size_t i = 0; i < kTopics; ++i) topics_.push_back(TopicInfo{"/topic_" + std::to_string(i), "t", "cdr"});
    }
    const std::vector<TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(Message &out) override {
        if (produced_ == kMessages) return false;
        out.topic = &topics_[produced_ % 10 == 0 ? 0 : produced_ % kTopics];
        out.log_time = static_cast<TimeNs>(produced_++);
        out.publish_time = out.log_time;
        out.data = payload_;
        return true;
    }
    std::string describe() const override { return "cycling"; }

private:
    std::vector<TopicInfo> topics_;
    std::vector<std::uint8_t> payload_;
    std::size_t produced_ = 0;
};

bool laneOneWants(const TopicInfo &topic) { return topic.name == "/topic_0" || topic.name == "/topic_5"; }

/// Reads `consumer` to its end; counts the messages `keep` keeps.
template <class Keep>
std::size_t drain(MessageSource &consumer, Keep keep) {
    std::size_t kept = 0;
    Message m;
    while (*consumer.next(m)) kept += keep(m) ? 1 : 0;
    return kept;
}

void readBothLanes(benchmark::State &state, bool filtered) {
    std::size_t kept = 0;
    for (auto _ : state) {
        CyclingSource source;
        ReadAhead ahead = filtered ? ReadAhead(source, {ReadAhead::TopicFilter{}, laneOneWants}) : ReadAhead(source, 2);
        std::unordered_set<const TopicInfo *> wanted;  // the baseline's own look-up
        for (const TopicInfo &t : ahead.consumer(1).topics()) {
            if (laneOneWants(t)) wanted.insert(&t);
        }
        std::thread lane1([&] {
            kept = drain(ahead.consumer(1), [&](const Message &m) { return filtered || wanted.count(m.topic) != 0; });
        });
        drain(ahead.consumer(0), [](const Message &) { return true; });
        lane1.join();
    }
    state.counters["lane1_messages"] = static_cast<double>(kept);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kMessages));
}

void BM_LaneWalksEveryMessage(benchmark::State &state) { readBothLanes(state, false); }
void BM_LaneReadsItsTopics(benchmark::State &state) { readBothLanes(state, true); }

BENCHMARK(BM_LaneWalksEveryMessage)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
BENCHMARK(BM_LaneReadsItsTopics)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
