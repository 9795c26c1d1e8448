#include "TrajectoryChecks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace robometrics::app {

namespace {

// Stamps above this are wall-clock (epoch) time: 1e8 s is 1973.
constexpr double kEpochSeconds = 1e8;
// Stamps below this started from a boot or sim clock: 1e6 s is under twelve days.
constexpr double kNearZeroSeconds = 1e6;
// Below this confidence the estimated offset is a guess (TimeOffsetEstimator.hpp).
constexpr double kLowConfidence = 0.2;

void warn(const std::string &command, TrajectoryOptions &o, std::string message) {
    if (!o.no_warnings) fmt::print(stderr, "robometrics {}: warning: {}\n", command, message);
    o.warnings.push_back(std::move(message));
}

double firstStamp(const slam::Trajectory &t) { return *std::min_element(t.stamps.begin(), t.stamps.end()); }

}  // namespace

int resolveTimeOffset(const std::string &command, TrajectoryOptions &o, const io::TrajectoryPair &input) {
    const bool stamped = input.ref.timestamped && input.est.timestamped && !input.ref.empty() && !input.est.empty();
    const bool automatic = o.t_offset_arg == "auto";
    if (stamped && !automatic) {
        const double ref0 = firstStamp(input.ref), est0 = firstStamp(input.est);
        const bool ref_epoch = std::abs(ref0) > kEpochSeconds, est_epoch = std::abs(est0) > kEpochSeconds;
        if ((ref_epoch && std::abs(est0) < kNearZeroSeconds) || (est_epoch && std::abs(ref0) < kNearZeroSeconds)) {
            warn(command, o,
                 fmt::format("the {} stamps are epoch time ({:.3f} s) and the {} stamps start near zero ({:.3f} s): "
                             "different clocks (sim time, time since boot?); try --t-offset auto, or record both "
                             "with the same clock (use_sim_time)",
                             ref_epoch ? "reference" : "estimate", ref_epoch ? ref0 : est0,
                             ref_epoch ? "estimate" : "reference", ref_epoch ? est0 : ref0));
        }
    }
    if (!automatic) {
        char *end = nullptr;
        const double value = std::strtod(o.t_offset_arg.c_str(), &end);
        if (o.t_offset_arg.empty() || *end != '\0' || !std::isfinite(value)) {
            fmt::print(stderr, "robometrics {}: error: --t-offset: '{}' is neither a number of seconds nor 'auto'\n",
                       command, o.t_offset_arg);
            return 2;
        }
        o.t_offset = value;
        return 0;
    }
    auto estimate = slam::estimateTimeOffset(input.ref, input.est);
    if (!estimate) return fail(command, estimate.error().message + " (give --t-offset SECONDS instead)");
    o.t_offset = estimate->offset;
    o.offset_estimate = *estimate;
    if (!o.silent) {
        fmt::print(stderr,
                   "robometrics {}: estimated time offset {:+.4f} s (confidence {:.2f}: correlation {:.2f}, "
                   "sharpness {:.2f}, on the {}; {})\n",
                   command, estimate->offset, estimate->confidence, estimate->peak, estimate->sharpness,
                   estimate->signal == "speed" ? "speed" : "angular rate",
                   estimate->refined ? "refined on the position residual" : "correlation only");
    }
    if (estimate->confidence < kLowConfidence) {
        warn(command, o,
             fmt::format("the estimated time offset ({:+.4f} s) has a low confidence ({:.2f}): the motion has little "
                         "to match (straight lines, constant speed, repeated patterns); check it or give "
                         "--t-offset SECONDS",
                         estimate->offset, estimate->confidence));
    }
    return 0;
}

void checkAssociation(const std::string &command, TrajectoryOptions &o, const slam::TrajectoryErrorResult &r) {
    const auto &a = r.prepared.association;
    if (!r.prepared.est.timestamped || a.max_pairs == 0 || 2 * a.size() >= a.max_pairs) return;
    warn(command, o,
         fmt::format("only {} of {} possible poses matched ({:.0f} %): the stamps may be offset (try --t-offset "
                     "auto) or --t-max-diff ({} s) too small for the rates",
                     a.size(), a.max_pairs, 100.0 * static_cast<double>(a.size()) / static_cast<double>(a.max_pairs),
                     o.t_max_diff));
}

}  // namespace robometrics::app
