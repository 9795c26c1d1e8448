#include "robometrics/localization/LostTrainer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace robometrics::localization {

namespace {

struct MeanStd {
    double mean = 0;
    double std = 0;
};

MeanStd meanStd(const std::vector<double> &v, double floor) {
    MeanStd out;
    if (v.empty()) return out;
    out.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    double ss = 0;
    for (double x : v) ss += (x - out.mean) * (x - out.mean);
    out.std = std::max(std::sqrt(ss / static_cast<double>(v.size())), floor);
    return out;
}

double ratio(std::size_t a, std::size_t b) { return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b); }

}  // namespace

Result<FitResult> fitClassifier(const std::vector<LabelledFeatures> &samples, const LostDetectorConfig &base,
                                double sigma_floor) {
    std::vector<double> xy[2];
    std::vector<double> yaw[2];
    for (const auto &s : samples) {
        const int k = s.lost ? 1 : 0;
        if (std::isfinite(s.xy_std)) xy[k].push_back(s.xy_std);
        if (std::isfinite(s.yaw_std)) yaw[k].push_back(s.yaw_std);
    }
    for (int k = 0; k < 2; ++k) {
        if (xy[k].size() < 2 || yaw[k].size() < 2) {
            return Error{fmt::format("lost-train: need at least 2 {} readings with finite features, got {}",
                                     k ? "lost" : "normal", std::min(xy[k].size(), yaw[k].size()))};
        }
    }
    FitResult out;
    out.config = base;
    for (int k = 0; k < 2; ++k) {
        const MeanStd a = meanStd(xy[k], sigma_floor);
        const MeanStd b = meanStd(yaw[k], sigma_floor);
        out.config.slice_mu[2 * k] = a.mean;
        out.config.slice_mu[2 * k + 1] = b.mean;
        out.config.slice_sigma[2 * k] = a.std;
        out.config.slice_sigma[2 * k + 1] = b.std;
    }
    out.normal_count = xy[0].size();
    out.lost_count = xy[1].size();
    // Keep the prior strictly inside (0, 1).
    const double prior = ratio(out.normal_count, out.normal_count + out.lost_count);
    out.config.tier0_normal_prior = std::clamp(prior, 0.001, 0.999);
    return out;
}

DetectionScore scoreDetections(const std::vector<LostReading> &readings, const LostLabels &labels) {
    DetectionScore s;
    s.intervals = labels.intervals().size();
    for (const auto &r : readings) {
        if (!r.features.valid) {
            ++s.invalid_readings;
            continue;
        }
        ++s.valid_readings;
        const bool truth = labels.isLost(r.time);
        const bool alarm = r.status != LostStatus::Normal;
        const bool lost = r.status == LostStatus::Lost;
        if (alarm && truth) ++s.true_positive;
        if (alarm && !truth) ++s.false_positive;
        if (!alarm && truth) ++s.false_negative;
        if (!alarm && !truth) ++s.true_negative;
        if (lost && truth) ++s.lost_true_positive;
        if (lost && !truth) ++s.lost_false_positive;
        if (!lost && truth) ++s.lost_false_negative;
    }
    for (const auto &interval : labels.intervals()) {
        IntervalDetection d{interval};
        for (const auto &r : readings) {
            if (!r.features.valid || r.time < interval.start || r.time > interval.end) continue;
            ++d.readings;
            if (d.detected || r.status == LostStatus::Normal) continue;
            d.detected = true;
            d.latency_seconds = toSeconds(r.time - interval.start);
        }
        if (d.detected) {
            ++s.detected;
            s.latency_seconds.push_back(d.latency_seconds);
        }
        s.per_interval.push_back(d);
    }
    return s;
}

double DetectionScore::precision() const { return ratio(true_positive, true_positive + false_positive); }
double DetectionScore::recall() const { return ratio(true_positive, true_positive + false_negative); }
double DetectionScore::lostPrecision() const {
    return ratio(lost_true_positive, lost_true_positive + lost_false_positive);
}
double DetectionScore::lostRecall() const {
    return ratio(lost_true_positive, lost_true_positive + lost_false_negative);
}
double DetectionScore::meanLatency() const {
    if (latency_seconds.empty()) return 0;
    return std::accumulate(latency_seconds.begin(), latency_seconds.end(), 0.0) /
           static_cast<double>(latency_seconds.size());
}
double DetectionScore::maxLatency() const {
    return latency_seconds.empty() ? 0 : *std::max_element(latency_seconds.begin(), latency_seconds.end());
}

}  // namespace robometrics::localization
