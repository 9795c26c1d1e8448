#include "robometrics/localization/LostDetectorConfig.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace robometrics::localization {

namespace {

// Reads `ns/name` written either nested ("ns.name" once flattened) or flat ("ns/name").
template <class T>
Status getScoped(const Params &p, const std::string &ns, const std::string &name, T &out) {
    ROBOMETRICS_TRY(p.get(ns + "." + name, out));
    return p.get(ns + "/" + name, out);
}

// Parses "[a, b, c, d]" (YAML flow text as Params keeps arrays).
Status parseVector4(const std::string &name, const std::string &text, std::array<double, 4> &out) {
    std::string s = text;
    for (char &ch : s) {
        if (ch == '[' || ch == ']' || ch == ',') ch = ' ';
    }
    std::istringstream in(s);
    std::array<double, 4> values{};
    std::size_t n = 0;
    std::string token;
    while (in >> token) {
        char *end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end == token.c_str() || *end != '\0' || n == 4) {
            return Error{fmt::format("parameter '{}': expected 4 numbers like [a, b, c, d], got '{}'", name, text)};
        }
        values[n++] = v;
    }
    if (n != 4) return Error{fmt::format("parameter '{}': expected 4 numbers, got {} in '{}'", name, n, text)};
    out = values;
    return Status::Ok();
}

}  // namespace

Result<LostDetectorConfig> LostDetectorConfig::fromParams(const Params &p) {
    LostDetectorConfig c;
    const std::string cls = "modified_prob_classifier";
    const std::string det = "lost_detector";
    ROBOMETRICS_TRY(getScoped(p, cls, "tier0_normal_prior", c.tier0_normal_prior));
    ROBOMETRICS_TRY(getScoped(p, cls, "prob_thresh", c.prob_thresh));
    for (auto [name, field] : {std::pair{"slice_mu", &c.slice_mu}, {"slice_sigma", &c.slice_sigma}}) {
        for (const std::string &key : {cls + "." + name, cls + "/" + name}) {
            std::string text;
            ROBOMETRICS_TRY(p.get(key, text));
            if (!text.empty()) ROBOMETRICS_TRY(parseVector4(key, text, *field));
        }
    }
    ROBOMETRICS_TRY(getScoped(p, det, "window_meta_tier2_lost", c.window_meta_tier2_lost));
    ROBOMETRICS_TRY(getScoped(p, det, "window_meta_tier0_normal", c.window_meta_tier0_normal));
    ROBOMETRICS_TRY(getScoped(p, det, "queue_min", c.queue_min));
    ROBOMETRICS_TRY(getScoped(p, det, "ratio_thresh_detections_tier2_lost", c.ratio_thresh_detections_tier2_lost));
    ROBOMETRICS_TRY(p.get("pose_topic", c.pose_topic));
    ROBOMETRICS_TRY(p.get("reset_topic", c.reset_topic));
    ROBOMETRICS_TRY(c.validate());
    return c;
}

Status LostDetectorConfig::validate() const {
    auto probability = [](const char *name, double v) -> Status {
        if (!(v >= 0 && v <= 1)) return Error{fmt::format("parameter '{}': expected 0..1, got {}", name, v)};
        return Status::Ok();
    };
    if (!(tier0_normal_prior > 0 && tier0_normal_prior < 1)) {
        return Error{fmt::format("parameter 'modified_prob_classifier/tier0_normal_prior': expected a probability "
                                 "strictly between 0 and 1, got {}",
                                 tier0_normal_prior)};
    }
    ROBOMETRICS_TRY(probability("modified_prob_classifier/prob_thresh", prob_thresh));
    ROBOMETRICS_TRY(probability("lost_detector/ratio_thresh_detections_tier2_lost", ratio_thresh_detections_tier2_lost));
    for (std::size_t k = 0; k < 4; ++k) {
        if (!std::isfinite(slice_mu[k]) || slice_mu[k] < 0) {
            return Error{fmt::format("parameter 'modified_prob_classifier/slice_mu': entry {} must be a finite "
                                     "standard deviation >= 0, got {}",
                                     k, slice_mu[k])};
        }
        if (!std::isfinite(slice_sigma[k]) || !(slice_sigma[k] > 0)) {
            return Error{fmt::format("parameter 'modified_prob_classifier/slice_sigma': entry {} must be > 0, got {}",
                                     k, slice_sigma[k])};
        }
    }
    for (auto [name, v] : {std::pair{"lost_detector/window_meta_tier2_lost", window_meta_tier2_lost},
                           {"lost_detector/window_meta_tier0_normal", window_meta_tier0_normal},
                           {"lost_detector/queue_min", queue_min}}) {
        if (v < 1 || v > 1000000) return Error{fmt::format("parameter '{}': expected 1..1000000, got {}", name, v)};
    }
    return Status::Ok();
}

std::string LostDetectorConfig::toYaml() const {
    return fmt::format(
        "lost_detector:\n"
        "  ros__parameters:\n"
        "    modified_prob_classifier:\n"
        "      tier0_normal_prior: {}\n"
        "      prob_thresh: {}\n"
        "      slice_mu: [{}, {}, {}, {}]\n"
        "      slice_sigma: [{}, {}, {}, {}]\n"
        "    lost_detector:\n"
        "      window_meta_tier2_lost: {}\n"
        "      window_meta_tier0_normal: {}\n"
        "      queue_min: {}\n"
        "      ratio_thresh_detections_tier2_lost: {}\n",
        tier0_normal_prior, prob_thresh, slice_mu[0], slice_mu[1], slice_mu[2], slice_mu[3], slice_sigma[0],
        slice_sigma[1], slice_sigma[2], slice_sigma[3], window_meta_tier2_lost, window_meta_tier0_normal, queue_min,
        ratio_thresh_detections_tier2_lost);
}

}  // namespace robometrics::localization
