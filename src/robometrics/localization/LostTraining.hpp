#pragma once
// Training the lost detector on a labelled run: the classifier fitted from the valid readings
// (labelled lost inside the intervals), and the detector scored before and after the fit on the
// same run, so the user sees what the new parameters change.

#include <vector>

#include "robometrics/localization/LostReplay.hpp"
#include "robometrics/localization/LostTrainer.hpp"

namespace robometrics::localization {

struct LostTraining {
    FitResult fit;
    DetectionScore before;  ///< with the given parameters
    DetectionScore after;   ///< with the fitted ones
};

Result<LostTraining> trainLostDetector(const std::vector<PoseEvent> &events, const LostLabels &labels,
                                       const LostDetectorConfig &config);

}  // namespace robometrics::localization
