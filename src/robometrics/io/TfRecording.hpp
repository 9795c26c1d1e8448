#pragma once
// The /tf and /tf_static of a whole bag, kept so that any chain of frames can be sampled after
// reading: shared by the TF chain reader and the bag trajectory listing, which both read the
// transforms once and then compose one or several chains.

#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

class TfRecording {
public:
    TfRecording();

    /// Subscribes to whichever of /tf and /tf_static `topics` holds; false when it holds neither.
    /// The recording must outlive the pipeline's run().
    bool subscribe(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics);

    void add(const msgs::TFMessage &message, bool is_static);

    /// `child` in `parent` at every stamp of a moving link between the two frames (one pose at
    /// time 0 when every link is static). Errors name `bag` and the frames.
    Result<slam::Trajectory> chain(const std::string &bag, const std::string &parent, const std::string &child) const;

    /// `child` in `parent` as evo looks a chain up (its tf_cache_lookup_frequency): at `start`,
    /// `start + step`, ... while not after the chain's latest common time (the oldest newest sample
    /// of its moving links), step = 1 / `frequency_hz` truncated to whole nanoseconds; a time at
    /// which some moving link has no sample on both sides is skipped (tf2's extrapolation error).
    /// `start` is `bag_start` (the bag's first log time, as evo) unless that is after the chain's
    /// latest time (log times on another clock than the stamps): then the first /tf stamp, which
    /// reproduces evo 1.36 on such bags. An all-static chain gives one pose at time 0. Errors name
    /// `bag` and the frames.
    Result<slam::Trajectory> chainAtFrequency(const std::string &bag, const std::string &parent,
                                              const std::string &child, TimeNs bag_start, double frequency_hz) const;

    /// The chains worth listing: every pair (A, F) where F is the child of a translating link and A
    /// is an ancestor of F that is either the root of its tree or itself the child of a translating
    /// link (map -> odom -> base_link gives map -> odom, map -> base_link and odom -> base_link). A
    /// translating link is a /tf link whose translation changes by more than 1 mm over the bag:
    /// links that only turn in place (wheels, pan-tilt joints) carry no trajectory of their own, and
    /// frames below F joined only by static links (sensors) are left out. Sorted by parent, then
    /// child. Any other chain can still be read by naming its frames.
    std::vector<std::pair<std::string, std::string>> movingChains() const;

private:
    /// An error naming `bag` when `parent` or `child` never appears.
    Status checkFrames(const std::string &bag, const std::string &parent, const std::string &child) const;

    /// Looks the chain up at `times` into a trajectory; an error when no time gives a pose.
    Result<slam::Trajectory> lookUp(const std::string &bag, const std::string &parent, const std::string &child,
                                    const std::vector<TimeNs> &times) const;

    /// The frames from `frame` up to its root, following the last known parent of each frame.
    std::vector<std::string> chainUp(std::string frame) const;

    TfBuffer buffer_;
    std::map<std::string, std::string> parent_of_;
    std::map<std::string, std::vector<TimeNs>> dynamic_stamps_;     ///< by child frame
    std::map<std::string, Eigen::Vector3d> first_translation_;      ///< of each /tf link, by child frame
    std::set<std::string> translating_;                             ///< children of translating links
    TimeNs earliest_dynamic_ = std::numeric_limits<TimeNs>::max();  ///< the first /tf stamp
};

}  // namespace robometrics::io
