#include "robometrics/topicstats/WindowLog.hpp"

#include <limits>

namespace robometrics::topicstats {

void WindowLog::add(const WindowRecord &record) {
    constexpr auto kNone = std::numeric_limits<std::uint32_t>::max();
    if (record.topic_index >= slot_of_index_.size()) slot_of_index_.resize(record.topic_index + 1, kNone);
    std::uint32_t &slot = slot_of_index_[record.topic_index];
    // TopicStatistics gives an index one name for the whole run; a new name still gets a slot
    // of its own, so that every record reads back as it was added.
    if (slot == kNone || topics_[slot].name != record.topic) {
        slot = static_cast<std::uint32_t>(topics_.size());
        topics_.push_back(Topic{record.topic_index, record.topic});
    }
    records_.push_back(Entry{record.window_start, record.window_stop, record.stats, slot, record.metric});
}

void WindowLog::read(const Entry &e, WindowRecord &out) const {
    const Topic &topic = topics_[e.topic];
    out.topic_index = topic.index;
    out.topic = topic.name;  // an assignment: the name's storage is kept from record to record
    out.metric = e.metric;
    out.window_start = e.window_start;
    out.window_stop = e.window_stop;
    out.stats = e.stats;
}

}  // namespace robometrics::topicstats
