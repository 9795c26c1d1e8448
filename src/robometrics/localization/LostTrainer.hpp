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

/// One labelled interval and whether the detector raised an alarm inside it.
struct IntervalDetection {
    LostInterval interval;
    bool detected = false;
    double latency_seconds = 0;  ///< interval start -> first alarm (0 when not detected)
    std::size_t readings = 0;    ///< valid readings inside the interval
};

struct DetectionScore {
    // Per valid reading: a positive prediction is a status other than normal ("alarm"), or "lost"
    // only. Invalid readings repeat the last status without evidence of their own, so they count
    // neither here nor as an interval's detection.
    std::size_t valid_readings = 0;
    std::size_t invalid_readings = 0;
    std::size_t true_positive = 0, false_positive = 0, false_negative = 0, true_negative = 0;
    std::size_t lost_true_positive = 0, lost_false_positive = 0, lost_false_negative = 0;
    std::size_t intervals = 0;
    std::size_t detected = 0;                     ///< intervals with an alarm inside them
    std::vector<double> latency_seconds;          ///< interval start -> first alarm, per detected interval
    std::vector<IntervalDetection> per_interval;  ///< every labelled interval, in the labels' order
    double precision() const;
    double recall() const;
    double lostPrecision() const;
    double lostRecall() const;
    double meanLatency() const;
    double maxLatency() const;
};

/// Scores readings (in time order) against labels; only valid readings are counted.
DetectionScore scoreDetections(const std::vector<LostReading> &readings, const LostLabels &labels);

}  // namespace robometrics::localization
