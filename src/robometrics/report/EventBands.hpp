#pragma once
// Anomalies and events drawn on the time plots: each is a span (time_s..end_time_s) or a moment.
// On a long run dozens of one kind fall within a few pixels of each other and their labels print
// over each other, so nearby events of the same code are merged into one band that carries a
// count ("collision x12"). Events of different codes are never merged: the reader must be able to
// tell them apart (each code gets its own colour, the same on every plot).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace robometrics::report {

struct TimeEvent {
    std::string code;  ///< what kind ("stall", "collision"): merged only with its own kind
    double start_s = 0;
    std::optional<double> end_s;  ///< none: a moment
};

struct EventBand {
    std::string code;
    double start_s = 0, end_s = 0;  ///< equal for a single moment
    std::size_t count = 0;          ///< events merged into it
    std::string color;

    bool moment() const { return end_s <= start_s; }
    /// "stall", "collision x12".
    std::string label() const;
};

/// Merges events of one code whose gap to the band so far is at most `merge_gap_s`, and gives each
/// code a colour (in the order codes first occur in time). Bands come sorted by start, then code.
std::vector<EventBand> mergeEvents(std::vector<TimeEvent> events, double merge_gap_s);

/// A merge gap that keeps bands a few pixels apart on a plot of the whole run (1 % of it).
double mergeGapFor(double run_duration_s);

}  // namespace robometrics::report
