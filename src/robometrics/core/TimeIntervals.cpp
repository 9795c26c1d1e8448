#include "robometrics/core/TimeIntervals.hpp"

#include <algorithm>

namespace robometrics {

void TimeIntervals::add(TimeNs start, TimeNs end) {
    if (end < start) return;
    if (!spans_.empty() && start <= spans_.back().end) {
        spans_.back().end = std::max(spans_.back().end, end);
        return;
    }
    spans_.push_back({start, end});
}

namespace {
/// The first span that ends at or after t.
std::vector<TimeSpan>::const_iterator firstEndingAfter(const std::vector<TimeSpan> &spans, TimeNs t) {
    return std::lower_bound(spans.begin(), spans.end(), t, [](const TimeSpan &s, TimeNs v) { return s.end < v; });
}
}  // namespace

bool TimeIntervals::contains(TimeNs t) const {
    auto it = firstEndingAfter(spans_, t);
    return it != spans_.end() && it->start <= t;
}

bool TimeIntervals::covers(TimeNs start, TimeNs end) const {
    auto it = firstEndingAfter(spans_, end);
    return it != spans_.end() && it->start <= start;
}

TimeNs TimeIntervals::overlap(TimeNs start, TimeNs end) const {
    TimeNs sum = 0;
    for (auto it = firstEndingAfter(spans_, start); it != spans_.end() && it->start <= end; ++it) {
        sum += std::min(end, it->end) - std::max(start, it->start);
    }
    return sum;
}

bool TimeIntervals::meets(TimeNs start, TimeNs end) const {
    auto it = firstEndingAfter(spans_, start);  // the first span ending at or after `start`
    return it != spans_.end() && it->start <= end;
}

TimeNs TimeIntervals::total() const {
    TimeNs sum = 0;
    for (const TimeSpan &s : spans_) sum += s.length();
    return sum;
}

}  // namespace robometrics
