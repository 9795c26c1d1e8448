#pragma once
// The tiered lost detector of the seed (Kuri's lost_detector), streaming: one reading per AMCL
// pose message. Settled semantics (docs/lost.md):
//  * each valid reading is labelled lost when P(lost | features) > prob_thresh;
//  * the queue holds the labels of the readings since the last reset; only the last
//    window_meta_tier2_lost are kept;
//  * "confused" (tier 1): at least queue_min readings since the reset and this reading lost;
//  * "lost" (tier 2): the window is full and lost/window > ratio_thresh (strict); sticky until a reset;
//  * window_meta_tier0_normal consecutive normal readings reset the detector (queue cleared,
//    normal) once it has seen a lost label since the last reset;
//  * precedence lost > confused > normal;
//  * an invalid reading (NaN, negative or unset all-zero covariance) changes nothing and repeats
//    the last status.

#include <deque>
#include <string_view>

#include "robometrics/core/Time.hpp"
#include "robometrics/localization/CovarianceFeatures.hpp"
#include "robometrics/localization/LostClassifier.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::localization {

enum class LostStatus { Normal = 0, Confused = 1, Lost = 2 };

std::string_view toString(LostStatus status);

struct LostReading {
    TimeNs time = 0;
    CovarianceFeatures features;
    double probability = 0;  ///< P(lost | features); NaN for an invalid reading
    bool label_lost = false;
    bool reset = false;  ///< this reading triggered the tier-0 reset
    LostStatus status = LostStatus::Normal;
};

/// A reading as a whole run keeps it, fixed-size (a 4-hour run's 72 000 readings are kept on disk
/// by `evaluate`): its time, figures and status, without the text of why an invalid one is.
struct LostSample {
    TimeNs time = 0;
    double xy_std = 0;   ///< [m]
    double yaw_std = 0;  ///< [rad]
    double probability = 0;
    bool valid = false;
    LostStatus status = LostStatus::Normal;

    static LostSample of(const LostReading &r) {
        return {r.time, r.features.xy_std, r.features.yaw_std, r.probability, r.features.valid, r.status};
    }
};

class LostDetector {
public:
    explicit LostDetector(const LostDetectorConfig &config);

    /// Processes one AMCL pose (time = header stamp or receive time, chosen by the caller).
    LostReading onPose(const msgs::PoseWithCovarianceStamped &pose, TimeNs time);
    /// Same, from features directly.
    LostReading onFeatures(const CovarianceFeatures &features, TimeNs time);
    /// The /lost_detector/reset topic: empty queue, status normal.
    void reset();

    LostStatus status() const { return status_; }
    std::size_t queueSize() const { return window_.size(); }

private:
    LostDetectorConfig config_;
    LostClassifier classifier_;
    std::deque<bool> window_;  ///< labels of the last readings since the reset
    std::size_t lost_in_window_ = 0;
    long readings_since_reset_ = 0;
    int consecutive_normal_ = 0;
    bool lost_since_reset_ = false;
    bool sticky_lost_ = false;
    LostStatus status_ = LostStatus::Normal;
};

}  // namespace robometrics::localization
