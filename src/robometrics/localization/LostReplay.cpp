#include "robometrics/localization/LostReplay.hpp"

namespace robometrics::localization {

LostRun replay(const std::vector<PoseEvent> &events, const LostDetectorConfig &config) {
    LostRun run;
    LostDetector detector(config);
    run.readings.reserve(events.size());
    for (const auto &e : events) {
        if (e.reset) {
            detector.reset();
            run.episodes.addReset(e.time);
            continue;
        }
        run.readings.push_back(detector.onFeatures(e.features, e.time));
        run.episodes.add(run.readings.back());
    }
    run.episodes.finish();
    return run;
}

}  // namespace robometrics::localization
