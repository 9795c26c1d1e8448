#pragma once
// Every window record of a run (one per topic, metric and window: `evaluate` keeps them for
// topic_stats.csv, evaluation.mcap and the rate plot), held compactly: a topic's name once, not
// in every record, and the records in a SpillLog, so that a long run's log (21 MB for four hours)
// is on disk, not in memory, and is never held at up to twice its size while it grows. Reads give
// back the records as added, in order; several threads may read at once.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "robometrics/core/SpillLog.hpp"
#include "robometrics/topicstats/WindowRecord.hpp"

namespace robometrics::topicstats {

class WindowLog {
    /// A record with its topic as a slot of topics_: 64 bytes.
    struct Entry {
        TimeNs window_start;
        TimeNs window_stop;
        StatisticsSet stats;
        std::uint32_t topic;
        Metric metric;
    };

public:
    void add(const WindowRecord &record);

    std::size_t size() const { return records_.size(); }
    bool empty() const { return records_.empty(); }

    /// Iterates the records in the order they were added. Each iterator reads them into one
    /// record of its own, which the next record overwrites (a long run has tens of thousands: its
    /// topic name keeps its storage instead of being allocated for each), so a reference from it
    /// lasts until the iterator moves on.
    class const_iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = WindowRecord;
        using difference_type = std::ptrdiff_t;
        using pointer = const WindowRecord *;
        using reference = const WindowRecord &;

        const_iterator() = default;
        const WindowRecord &operator*() const {
            log_->read(*entry_, current_);
            return current_;
        }
        const WindowRecord *operator->() const { return &**this; }
        const_iterator &operator++() {
            ++entry_;
            return *this;
        }
        void operator++(int) { ++entry_; }
        bool operator==(const const_iterator &other) const { return entry_ == other.entry_; }
        bool operator!=(const const_iterator &other) const { return entry_ != other.entry_; }

    private:
        friend class WindowLog;
        const_iterator(const WindowLog *log, SpillLog<Entry>::const_iterator entry) : log_(log), entry_(entry) {}
        const WindowLog *log_ = nullptr;
        SpillLog<Entry>::const_iterator entry_;
        mutable WindowRecord current_;
    };
    const_iterator begin() const { return {this, records_.begin()}; }
    const_iterator end() const { return {this, records_.end()}; }

private:
    struct Topic {
        std::size_t index;
        std::string name;
    };
    /// Writes the record of `entry` over `out`.
    void read(const Entry &entry, WindowRecord &out) const;

    std::vector<Topic> topics_;                 ///< each (index, name) met, once
    std::vector<std::uint32_t> slot_of_index_;  ///< the latest slot of each topic index
    SpillLog<Entry> records_;
};

}  // namespace robometrics::topicstats
