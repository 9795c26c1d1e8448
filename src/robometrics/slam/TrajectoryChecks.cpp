#include "robometrics/slam/TrajectoryChecks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace robometrics::slam {

namespace {

// Stamps above this are wall-clock (epoch) time: 1e8 s is 1973.
constexpr double kEpochSeconds = 1e8;
// Stamps below this started from a boot or sim clock: 1e6 s is under twelve days.
constexpr double kNearZeroSeconds = 1e6;
// Below this confidence the estimated offset is a guess (TimeOffsetEstimator.hpp).
constexpr double kLowConfidence = 0.2;

double firstStamp(const Trajectory &t) { return *std::min_element(t.stamps.begin(), t.stamps.end()); }

}  // namespace

std::optional<std::string> clockMismatchWarning(const Trajectory &ref, const Trajectory &est) {
    if (!ref.timestamped || !est.timestamped || ref.empty() || est.empty()) return std::nullopt;
    const double ref0 = firstStamp(ref), est0 = firstStamp(est);
    const bool ref_epoch = std::abs(ref0) > kEpochSeconds, est_epoch = std::abs(est0) > kEpochSeconds;
    if (!(ref_epoch && std::abs(est0) < kNearZeroSeconds) && !(est_epoch && std::abs(ref0) < kNearZeroSeconds)) {
        return std::nullopt;
    }
    return fmt::format(
        "the {} stamps are epoch time ({:.3f} s) and the {} stamps start near zero ({:.3f} s): different clocks (sim "
        "time, time since boot?); try --t-offset auto, or record both with the same clock (use_sim_time)",
        ref_epoch ? "reference" : "estimate", ref_epoch ? ref0 : est0, ref_epoch ? "estimate" : "reference",
        ref_epoch ? est0 : ref0);
}

std::optional<std::string> lowConfidenceWarning(const TimeOffsetEstimate &estimate) {
    if (estimate.confidence >= kLowConfidence) return std::nullopt;
    return fmt::format(
        "the estimated time offset ({:+.4f} s) has a low confidence ({:.2f}): the motion has little to match "
        "(straight lines, constant speed, repeated patterns); check it or give --t-offset SECONDS",
        estimate.offset, estimate.confidence);
}

std::optional<std::string> sparseAssociationWarning(const Association &a, bool timestamped, double t_max_diff) {
    if (!timestamped || a.max_pairs == 0 || 2 * a.size() >= a.max_pairs) return std::nullopt;
    return fmt::format(
        "only {} of {} possible poses matched ({:.0f} %): the stamps may be offset (try --t-offset auto) or "
        "--t-max-diff ({} s) too small for the rates",
        a.size(), a.max_pairs, 100.0 * static_cast<double>(a.size()) / static_cast<double>(a.max_pairs), t_max_diff);
}

}  // namespace robometrics::slam
