#include "robometrics/activity/StuckDetector.hpp"

#include <algorithm>

namespace robometrics::activity {

namespace {

/// The distance the held linear commands ask for, as a running integral over time.
class CommandedDistance {
public:
    explicit CommandedDistance(const std::vector<HeldCommand> &held) : held_(held) {
        double sum = 0;
        for (const HeldCommand &h : held_) {
            cumulative_.push_back(sum);
            sum += h.speed_mps * toSeconds(h.end - h.start);
        }
    }
    double between(TimeNs from, TimeNs to) const { return at(to) - at(from); }

private:
    double at(TimeNs t) const {
        auto it =
            std::upper_bound(held_.begin(), held_.end(), t, [](TimeNs v, const HeldCommand &h) { return v < h.start; });
        if (it == held_.begin()) return 0;
        const std::size_t i = static_cast<std::size_t>(it - held_.begin()) - 1;
        const HeldCommand &h = held_[i];
        return cumulative_[i] + h.speed_mps * toSeconds(std::min(t, h.end) - h.start);
    }
    const std::vector<HeldCommand> &held_;
    std::vector<double> cumulative_;
};

/// Trims an episode found on the windows to the spans where the evidence holds on a finer scale:
/// from the first short span that stalls to the last (a window of 5 s that stalls may have
/// begun seconds before the robot stopped).
void trimToOnset(StuckEpisode &episode, const CommandedDistance &commanded, const Track &track,
                 const StuckConfig &config) {
    const TimeNs span = fromSeconds(config.onset_s), step = std::max<TimeNs>(1, fromSeconds(config.onset_step_s));
    if (episode.end - episode.start <= span) return;
    auto stalls = [&](TimeNs from) {
        const double asked = commanded.between(from, from + span);
        return asked > 0 && track.pathBetween(from, from + span) < config.min_progress_ratio * asked;
    };
    TimeNs start = episode.start;
    while (start + span < episode.end && !stalls(start)) start += step;
    TimeNs last = episode.end - span;
    while (last > start && !stalls(last)) last -= step;
    if (!stalls(start)) return;  // nothing stalls on the finer scale: keep the windows' span
    episode.start = start;
    episode.end = last + span;
}

}  // namespace

std::vector<StuckEpisode> findStuckEpisodes(const Intent &intent, const Track &track, const StuckConfig &config) {
    std::vector<StuckEpisode> episodes;
    if (intent.linear.empty() || track.size() < 2) return episodes;
    TimeIntervals driving;
    for (const HeldCommand &h : intent.linear) driving.add(h.start, h.end);
    const CommandedDistance commanded(intent.linear);
    const TimeNs window = fromSeconds(config.window_s), step = fromSeconds(config.step_s);
    for (const TimeSpan &span : driving.spans()) {
        // Only where the track says something: a window outside the samples is not judged.
        const TimeNs first = std::max(span.start, track.start());
        const TimeNs last = std::min(span.end, track.end());
        for (TimeNs t = first; t + window <= last; t += step) {
            const double asked = commanded.between(t, t + window);
            if (asked < config.min_commanded_m) continue;
            const double covered = track.pathBetween(t, t + window);
            if (covered >= config.min_progress_ratio * asked) continue;
            if (!episodes.empty() && t <= episodes.back().end) {
                episodes.back().end = t + window;
            } else {
                episodes.push_back({t, t + window, 0, 0});
            }
        }
    }
    for (StuckEpisode &e : episodes) {
        trimToOnset(e, commanded, track, config);
        e.commanded_m = commanded.between(e.start, e.end);
        e.covered_m = track.pathBetween(e.start, e.end);
    }
    return episodes;
}

}  // namespace robometrics::activity
