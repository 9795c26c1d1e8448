// The per-message look-up of a topic's state (bag::TopicMemo, in Pipeline::feed for every lane,
// the topic statistics and the read-ahead) next to std::unordered_map keyed by the same pointer,
// the baseline measured in the same run. Messages cycle through 12 topics in a shuffled order,
// as a merged bag interleaves them.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "robometrics/bag/TopicMemo.hpp"

namespace {

using robometrics::bag::TopicInfo;

struct Stream {
    std::vector<TopicInfo> topics;
    std::vector<const TopicInfo *> messages;  ///< the topic of each message
};

const Stream &stream() {
    static const Stream s = [] {
        Stream out;
        for (int i = 0; i < 12; ++i) out.topics.push_back(TopicInfo{"/robot/sensor_topic_" + std::to_string(i)});
        std::mt19937 random(7);
        std::uniform_int_distribution<int> pick(0, 11);
        for (int i = 0; i < 4096; ++i) out.messages.push_back(&out.topics[static_cast<std::size_t>(pick(random))]);
        return out;
    }();
    return s;
}

void BM_UnorderedMapWithNameCheck(benchmark::State &state) {
    const Stream &s = stream();
    struct Entry {
        std::string name;
        int value;
    };
    std::unordered_map<const TopicInfo *, Entry> map;
    for (auto _ : state) {
        for (const TopicInfo *topic : s.messages) {
            auto [it, added] = map.try_emplace(topic);
            if (added || it->second.name != topic->name)
                it->second = Entry{topic->name, static_cast<int>(topic->name.size())};
            benchmark::DoNotOptimize(it->second.value);
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * s.messages.size()));
}

void BM_TopicMemo(benchmark::State &state) {
    const Stream &s = stream();
    robometrics::bag::TopicMemo<int> memo;
    for (auto _ : state) {
        for (const TopicInfo *topic : s.messages) {
            int value = memo.get(topic, [](const TopicInfo &t) { return static_cast<int>(t.name.size()); });
            benchmark::DoNotOptimize(value);
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * s.messages.size()));
}

BENCHMARK(BM_UnorderedMapWithNameCheck);
BENCHMARK(BM_TopicMemo);

}  // namespace

BENCHMARK_MAIN();
