#include "robometrics/localization/LostTraining.hpp"

namespace robometrics::localization {

Result<LostTraining> trainLostDetector(const std::vector<PoseEvent> &events, const LostLabels &labels,
                                       const LostDetectorConfig &config) {
    std::vector<LabelledFeatures> samples;
    for (const auto &e : events) {
        if (e.reset || !e.features.valid) continue;
        samples.push_back({e.features.xy_std, e.features.yaw_std, labels.isLost(e.time)});
    }
    auto fit = fitClassifier(samples, config);
    if (!fit) return fit.error();
    LostTraining training{*fit, scoreDetections(replay(events, config).readings, labels),
                          scoreDetections(replay(events, fit->config).readings, labels)};
    return training;
}

}  // namespace robometrics::localization
