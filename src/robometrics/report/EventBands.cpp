#include "robometrics/report/EventBands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace robometrics::report {

namespace {
// Saturated enough to read at 25 % opacity, distinct from the line palette's blues and greens.
const char *kEventColours[] = {"#d62728", "#ff7f0e", "#9467bd", "#e377c2", "#8c564b", "#bcbd22", "#17becf"};
}  // namespace

std::string EventBand::label() const { return count > 1 ? fmt::format("{} x{}", code, count) : code; }

double mergeGapFor(double run_duration_s) {
    return std::isfinite(run_duration_s) && run_duration_s > 0 ? run_duration_s / 100.0 : 0.0;
}

std::vector<EventBand> mergeEvents(std::vector<TimeEvent> events, double merge_gap_s) {
    std::erase_if(events, [](const TimeEvent &e) { return !std::isfinite(e.start_s); });
    std::stable_sort(events.begin(), events.end(),
                     [](const TimeEvent &a, const TimeEvent &b) { return a.start_s < b.start_s; });
    std::map<std::string, std::string> colours;
    for (const TimeEvent &e : events) {
        if (!colours.contains(e.code)) {
            colours[e.code] = kEventColours[colours.size() % std::size(kEventColours)];
        }
    }
    std::vector<EventBand> bands;
    std::map<std::string, std::size_t> open;  // code -> its latest band
    for (const TimeEvent &e : events) {
        const double end = e.end_s && std::isfinite(*e.end_s) ? std::max(*e.end_s, e.start_s) : e.start_s;
        auto it = open.find(e.code);
        if (it != open.end() && e.start_s - bands[it->second].end_s <= merge_gap_s) {
            EventBand &b = bands[it->second];
            b.end_s = std::max(b.end_s, end);
            ++b.count;
            continue;
        }
        open[e.code] = bands.size();
        bands.push_back({e.code, e.start_s, end, 1, colours[e.code]});
    }
    std::stable_sort(bands.begin(), bands.end(), [](const EventBand &a, const EventBand &b) {
        return a.start_s != b.start_s ? a.start_s < b.start_s : a.code < b.code;
    });
    return bands;
}

}  // namespace robometrics::report
