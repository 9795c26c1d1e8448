#include "robometrics/localization/LostReplay.hpp"

namespace robometrics::localization {

std::optional<LostReading> LostTracker::onEvent(const PoseEvent &event) {
    if (event.reset) {
        detector_.reset();
        episodes_.addReset(event.time);
        return std::nullopt;
    }
    const LostReading reading = detector_.onFeatures(event.features, event.time);
    episodes_.add(reading);
    return reading;
}

LostRun replay(const std::vector<PoseEvent> &events, const LostDetectorConfig &config) {
    LostTracker tracker(config);
    LostRun run;
    run.readings.reserve(events.size());
    for (const auto &e : events) {
        if (auto reading = tracker.onEvent(e)) run.readings.push_back(*reading);
    }
    tracker.finish();
    run.episodes = std::move(tracker.episodes());
    return run;
}

}  // namespace robometrics::localization
