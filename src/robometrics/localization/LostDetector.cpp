#include "robometrics/localization/LostDetector.hpp"

#include <cmath>
#include <limits>

namespace robometrics::localization {

std::string_view toString(LostStatus status) {
    switch (status) {
        case LostStatus::Normal: return "normal";
        case LostStatus::Confused: return "confused";
        case LostStatus::Lost: return "lost";
    }
    return "normal";
}

LostDetector::LostDetector(const LostDetectorConfig &config) : config_(config), classifier_(config) {}

void LostDetector::reset() {
    window_.clear();
    lost_in_window_ = 0;
    readings_since_reset_ = 0;
    consecutive_normal_ = 0;
    lost_since_reset_ = false;
    sticky_lost_ = false;
    status_ = LostStatus::Normal;
}

LostReading LostDetector::onPose(const msgs::PoseWithCovarianceStamped &pose, TimeNs time) {
    return onFeatures(covarianceFeatures(pose.pose.covariance), time);
}

LostReading LostDetector::onFeatures(const CovarianceFeatures &features, TimeNs time) {
    LostReading r;
    r.time = time;
    r.features = features;
    if (!features.valid) {
        r.probability = std::numeric_limits<double>::quiet_NaN();
        r.status = status_;
        return r;
    }
    r.probability = classifier_.probabilityLost(features.xy_std, features.yaw_std);
    r.label_lost = r.probability > config_.prob_thresh;
    if (readings_since_reset_ < std::numeric_limits<long>::max()) ++readings_since_reset_;
    window_.push_back(r.label_lost);
    if (r.label_lost) ++lost_in_window_;
    if (window_.size() > static_cast<std::size_t>(config_.window_meta_tier2_lost)) {
        if (window_.front()) --lost_in_window_;
        window_.pop_front();
    }
    if (r.label_lost) {
        consecutive_normal_ = 0;
        lost_since_reset_ = true;
    } else if (consecutive_normal_ < config_.window_meta_tier0_normal) {
        ++consecutive_normal_;
    }
    if (!r.label_lost && lost_since_reset_ && consecutive_normal_ >= config_.window_meta_tier0_normal) {
        reset();
        r.reset = true;
        r.status = status_;
        return r;
    }
    const auto window = static_cast<std::size_t>(config_.window_meta_tier2_lost);
    if (window_.size() == window &&
        static_cast<double>(lost_in_window_) / static_cast<double>(window) > config_.ratio_thresh_detections_tier2_lost) {
        sticky_lost_ = true;
    }
    if (sticky_lost_) {
        status_ = LostStatus::Lost;
    } else if (r.label_lost && readings_since_reset_ >= config_.queue_min) {
        status_ = LostStatus::Confused;
    } else {
        status_ = LostStatus::Normal;
    }
    r.status = status_;
    return r;
}

}  // namespace robometrics::localization
