#pragma once
// Every window record of a run (one per topic, metric and window: `evaluate` keeps them for
// topic_stats.csv, evaluation.mcap and the rate plot), held compactly: a topic's name once, not
// in every record, and the records in fixed-size blocks, so that a long run's log neither repeats
// the names nor holds up to twice its size while it grows. Reads give back the records as added.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <iterator>
#include <string>
#include <vector>

#include "robometrics/topicstats/WindowRecord.hpp"

namespace robometrics::topicstats {

class WindowLog {
public:
    void add(const WindowRecord &record);

    std::size_t size() const { return records_.size(); }
    bool empty() const { return records_.empty(); }
    /// The record `i` as it was added.
    WindowRecord at(std::size_t i) const;

    /// Iterates the records in the order they were added, each made on reading (by value).
    class const_iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = WindowRecord;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = WindowRecord;

        const_iterator() = default;
        const_iterator(const WindowLog *log, std::size_t i) : log_(log), i_(i) {}
        WindowRecord operator*() const { return log_->at(i_); }
        const_iterator &operator++() {
            ++i_;
            return *this;
        }
        void operator++(int) { ++i_; }
        bool operator==(const const_iterator &other) const { return i_ == other.i_; }

    private:
        const WindowLog *log_ = nullptr;
        std::size_t i_ = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, records_.size()}; }

private:
    struct Topic {
        std::size_t index;
        std::string name;
    };
    /// A record with its topic as a slot of topics_: 64 bytes, eight to a deque block.
    struct Entry {
        TimeNs window_start;
        TimeNs window_stop;
        StatisticsSet stats;
        std::uint32_t topic;
        Metric metric;
    };
    std::vector<Topic> topics_;                 ///< each (index, name) met, once
    std::vector<std::uint32_t> slot_of_index_;  ///< the latest slot of each topic index
    std::deque<Entry> records_;
};

}  // namespace robometrics::topicstats
