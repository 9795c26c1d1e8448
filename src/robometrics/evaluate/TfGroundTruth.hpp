#pragma once
// Ground truth published in TF, as some simulators do: a frame beside the robot's own whose name
// says it is the truth (`base_link_gt`, `base_footprint_ground_truth`, `ground_truth`, ...), under
// the simulator's world frame. A frame has one parent in TF, so the true pose cannot be the
// robot's `base_link` itself: it is a frame of its own. The frames are learnt from /tf_static and
// the first messages of /tf (a ground-truth frame is published all along), so the scan costs
// nothing on a long run.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "robometrics/activity/Track.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/core/RunClock.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

class TfGroundTruthScan {
public:
    /// /tf messages looked at; later ones are skipped.
    static constexpr std::size_t kMessagesScanned = 2000;

    /// Subscribes to the bag's /tf and /tf_static.
    void subscribe(pipeline::Pipeline &pipe, const std::vector<bag::TopicInfo> &topics);
    void add(const msgs::TFMessage &message, bool is_static);

    /// (root, frame): the moving frame whose name says it is ground truth (one with "base" in its
    /// name first), and the root of its tree; none when no such frame was seen.
    std::optional<std::pair<std::string, std::string>> chain() const;

private:
    std::map<std::string, std::string> parent_;  ///< child frame -> parent frame
    std::set<std::string> moving_;               ///< children of /tf links
    std::size_t messages_ = 0;
};

/// The poses of `bag`'s TF chain `parent` -> `child` as a track on the system's clock (their
/// header stamps mapped onto it), for progress; none when the chain has fewer than two poses.
/// `window`: read over it only (io::TrajectoryLoadOptions::window).
std::optional<activity::Track> tfTrackOnSystemClock(const std::string &bag, const std::string &parent,
                                                    const std::string &child, const RunClock &clock,
                                                    const std::optional<bag::LogWindow> &window = {});

}  // namespace robometrics::evaluate
