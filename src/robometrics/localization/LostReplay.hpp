#pragma once
// Runs the detector over AMCL readings and reset requests in time order: one event at a time
// (LostTracker, `live lost`) or over a recorded sequence, keeping every reading and the run
// summary (replay, `lost` and `lost-train`).

#include <optional>
#include <vector>

#include "robometrics/localization/LostEpisodes.hpp"

namespace robometrics::localization {

struct PoseEvent {
    TimeNs time = 0;
    bool reset = false;            ///< a /lost_detector/reset message
    CovarianceFeatures features;   ///< for a pose reading
};

struct LostRun {
    std::vector<LostReading> readings;
    LostEpisodes episodes;
};

/// The detector and the run summary, fed one event at a time.
class LostTracker {
public:
    explicit LostTracker(const LostDetectorConfig &config) : detector_(config) {}

    /// A reset request resets the detector and returns nothing; a reading is classified,
    /// counted in the summary and returned.
    std::optional<LostReading> onEvent(const PoseEvent &event);
    /// Closes the summary (an episode still open at the end is marked).
    void finish() { episodes_.finish(); }

    LostStatus status() const { return detector_.status(); }
    const LostEpisodes &episodes() const { return episodes_; }
    LostEpisodes &episodes() { return episodes_; }

private:
    LostDetector detector_;
    LostEpisodes episodes_;
};

LostRun replay(const std::vector<PoseEvent> &events, const LostDetectorConfig &config);

}  // namespace robometrics::localization
