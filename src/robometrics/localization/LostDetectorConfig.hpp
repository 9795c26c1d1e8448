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
    /// [xy normal, theta normal, xy lost, theta lost] means of the two features [m, rad].
    std::array<double, 4> slice_mu{0.15, 0.05, 1.5, 0.8};
    /// Standard deviations, same order [m, rad]; must be > 0.
    std::array<double, 4> slice_sigma{0.1, 0.04, 0.8, 0.4};
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
