#pragma once
// A set of time spans on one clock, kept sorted and disjoint: when a robot was commanded to move,
// when it moved, when a sensor was silent. Spans are added in time order (each starts at or after
// the previous start); touching or overlapping spans merge.

#include <vector>

#include "robometrics/core/Time.hpp"

namespace robometrics {

struct TimeSpan {
    TimeNs start = 0;
    TimeNs end = 0;
    TimeNs length() const { return end - start; }
};

class TimeIntervals {
public:
    /// Adds [start, end]; ignored when end < start. Starts must not decrease.
    void add(TimeNs start, TimeNs end);

    bool empty() const { return spans_.empty(); }
    const std::vector<TimeSpan> &spans() const { return spans_; }
    /// t lies in a span (ends included).
    bool contains(TimeNs t) const;
    /// [start, end] lies wholly inside one span.
    bool covers(TimeNs start, TimeNs end) const;
    /// Some span shares a moment with [start, end] (ends included; a span of one instant too).
    bool meets(TimeNs start, TimeNs end) const;
    /// How much of [start, end] the spans cover.
    TimeNs overlap(TimeNs start, TimeNs end) const;
    /// Total length of the spans.
    TimeNs total() const;

private:
    std::vector<TimeSpan> spans_;
};

}  // namespace robometrics
