#pragma once
// lost-train: fits the classifier's slice_mu, slice_sigma and prior from labelled readings, and
// scores a detector run against labels (precision, recall, detection latency).

#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/localization/LostDetector.hpp"
#include "robometrics/localization/LostLabels.hpp"

namespace robometrics::localization {

struct LabelledFeatures {
    double xy_std = 0;
    double yaw_std = 0;
    bool lost = false;
};

struct FitResult {
    LostDetectorConfig config;  ///< the input config with slice_mu, slice_sigma and prior replaced
    std::size_t normal_count = 0;
    std::size_t lost_count = 0;
};

/// Per-class mean and population standard deviation of each feature (with a floor of
/// `sigma_floor` so a constant feature cannot give sigma 0), and the prior P(normal) = share of
/// normal readings. Infinite yaw values are skipped. Fails when a class has fewer than 2 readings.
Result<FitResult> fitClassifier(const std::vector<LabelledFeatures> &samples, const LostDetectorConfig &base,
                                double sigma_floor = 1e-3);

struct DetectionScore {
    // Per reading: a positive prediction is a status other than normal ("alarm"), or "lost" only.
    std::size_t true_positive = 0, false_positive = 0, false_negative = 0, true_negative = 0;
    std::size_t lost_true_positive = 0, lost_false_positive = 0, lost_false_negative = 0;
    std::size_t intervals = 0;
    std::size_t detected = 0;             ///< intervals with an alarm inside them
    std::vector<double> latency_seconds;  ///< interval start -> first alarm, per detected interval
    double precision() const;
    double recall() const;
    double lostPrecision() const;
    double lostRecall() const;
    double meanLatency() const;
    double maxLatency() const;
};

/// Scores readings (in time order) against labels; invalid readings are not counted.
DetectionScore scoreDetections(const std::vector<LostReading> &readings, const LostLabels &labels);

}  // namespace robometrics::localization
