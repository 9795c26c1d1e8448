#pragma once
// Parameters of the lost detector with the seed's names. In a params file they sit under the
// node `lost_detector`, nested (modified_prob_classifier: {prob_thresh: ...}) or flat with
// '/' ("modified_prob_classifier/prob_thresh"). The original defaults are not public; these are
// the project's own, chosen for Nav2 AMCL and justified in docs/lost.md.

#include <array>
#include <string>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::localization {

struct LostDetectorConfig {
    // modified_prob_classifier/...
    double tier0_normal_prior = 0.9;  ///< P(normal) before seeing a reading (P(lost) = 1 - this)
    double prob_thresh = 0.8;         ///< a reading is "lost" when P(lost | features) > this
    /// [xy normal, theta normal, xy lost, theta lost] means of the two features [m, rad]. The
    /// normal means sit at a converged Nav2 AMCL's usual spread (a real run: 0.375 m, 0.27 rad
    /// median), not at an ideal filter's few centimetres: docs/lost.md has the measurements.
    std::array<double, 4> slice_mu{0.3, 0.25, 1.5, 1.2};
    /// Standard deviations, same order [m, rad]; must be > 0. The normal yaw sigma is wide enough
    /// that a heading spread alone (xy tight) never reaches prob_thresh: AMCL's yaw variance
    /// (-2 ln R of the headings) swings with its motion noise while the position holds.
    std::array<double, 4> slice_sigma{0.25, 0.25, 0.6, 0.6};
    // lost_detector/...
    int window_meta_tier2_lost = 10;                 ///< readings in the tier-2 window
    int window_meta_tier0_normal = 10;               ///< consecutive normal readings that reset
    int queue_min = 3;                               ///< readings since reset before "confused"
    double ratio_thresh_detections_tier2_lost = 0.6; ///< lost share of the window above which "lost"
    // Not in the seed: how to read the input.
    std::string pose_topic = "/amcl_pose";
    std::string reset_topic = "/lost_detector/reset";

    static Result<LostDetectorConfig> fromParams(const Params &params);
    Status validate() const;
    /// The parameters as a ROS 2 params file for node `lost_detector`.
    std::string toYaml() const;
};

}  // namespace robometrics::localization
