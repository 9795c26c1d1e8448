#pragma once
// The /tf and /tf_static of a whole bag, kept so that any chain of frames can be sampled after
// reading: shared by the TF chain reader and the bag trajectory listing, which both read the
// transforms once and then compose one or several chains.

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/RecentLookups.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/PoseLog.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// Called with each message of /tf (is_static false) and /tf_static (true).
using TfHandler = std::function<void(const msgs::TFMessage &, bool is_static)>;

/// Subscribes `handler` to whichever of /tf and /tf_static `topics` holds; false when neither.
bool subscribeToTf(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics, const TfHandler &handler);

/// Where chainAtFrequency() starts its grid.
struct TfLookupStart {
    /// FirstTfStamp: the header stamp of the first /tf transform read, as evo >= 1.36.4 (its
    /// TfCache keeps that stamp as the start time). BagStart: `bag_start` (the bag's first log
    /// time, as evo before 1.36.4), unless that is after the chain's latest time (log times on
    /// another clock than the stamps): then the smallest /tf stamp.
    enum class Anchor { FirstTfStamp, BagStart } anchor = Anchor::FirstTfStamp;
    TimeNs bag_start = 0;  ///< BagStart only
};

/// `tf` or `bag`, the words of ape/rpe/traj --tf_start; nullopt for another word.
std::optional<TfLookupStart::Anchor> parseTfLookupAnchor(const std::string &word);

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
    /// chain() of a chain declared to buildWhileReading(), moved out (after the pass: call once).
    Result<slam::Trajectory> takeStreamedChain(const std::string &bag, const std::string &parent,
                                               const std::string &child);
    /// The same poses left on disk, where they were written as they were built.
    Result<slam::PoseLog> takeStreamedPoses(const std::string &bag, const std::string &parent,
                                            const std::string &child);

    /// `child` in `parent` as evo looks a chain up (its tf_cache_lookup_frequency): at `start`,
    /// `start + step`, ... while not after the chain's latest common time (the oldest newest sample
    /// of its moving links), step = 1 / `frequency_hz` truncated to whole nanoseconds; a time at
    /// which some moving link has no sample on both sides is skipped (tf2's extrapolation error).
    /// An all-static chain gives one pose at time 0; so does a start after the chain's latest time
    /// (one pose at that time). Errors name `bag` and the frames. `start` is given by `from`
    /// (TfLookupStart).
    Result<slam::Trajectory> chainAtFrequency(const std::string &bag, const std::string &parent,
                                              const std::string &child, double frequency_hz,
                                              const TfLookupStart &from = {}) const;

    /// The header stamp of the first /tf transform added (in reading order, not the smallest);
    /// nullopt before any.
    std::optional<TimeNs> firstTfStamp() const { return first_dynamic_; }

    /// The chains worth listing: every pair (A, F) where F is the child of a translating link and A
    /// is an ancestor of F that is either the root of its tree or itself the child of a translating
    /// link (map -> odom -> base_link gives map -> odom, map -> base_link and odom -> base_link). A
    /// translating link is a /tf link whose translation changes by more than 1 mm over the bag:
    /// links that only turn in place (wheels, pan-tilt joints) carry no trajectory of their own, and
    /// frames below F joined only by static links (sensors) are left out. Sorted by parent, then
    /// child. Any other chain can still be read by naming its frames.
    std::vector<std::pair<std::string, std::string>> movingChains() const;

    /// Declares the only chains that chain() will be asked for, before the first add(). Each is
    /// then built as the transforms arrive, and the recording keeps only the samples and stamps
    /// that a pose not yet built still needs, so its memory stops growing with the run once every
    /// declared chain is connected. The poses are those chain() gives after reading everything as
    /// long as each link's samples arrive in stamp order and the tree under the chains keeps its
    /// shape; where not, streamNotes() says what and where. chainAtFrequency(), movingChains()'s
    /// callers and undeclared chains are then refused.
    /// The built poses are kept on disk (slam::PoseLog), not in memory.
    void buildWhileReading(const std::vector<std::pair<std::string, std::string>> &chains);

    /// Where a chain built while reading may differ from one built after it: a sample that arrived
    /// after later ones of its link had been used, or a change of the tree under a chain.
    const std::vector<std::string> &streamNotes() const { return stream_notes_; }

    /// How many /tf stamps the recording holds (a chain's poses are built from them).
    std::size_t heldStamps() const;

private:
    /// A chain built while reading (buildWhileReading).
    struct StreamedChain {
        std::string parent, child;
        std::vector<std::string> path;  ///< the child frames of the links between the two, once connected
        bool connected = false;
        bool saw_stamp = false;  ///< a moving link of the path had a sample (else one pose at time 0)
        bool late_noted = false, tree_noted = false;               ///< each said once in streamNotes()
        TimeNs built_before = std::numeric_limits<TimeNs>::min();  ///< poses at earlier stamps are built
        slam::PoseLog poses;                                       ///< the poses built so far
        slam::Trajectory step;  ///< the poses of one build step, before they go to `poses`
    };

    /// The stamps of the moving links of `path` (child frames) in [from, until), sorted, once each.
    std::vector<TimeNs> stampsOn(const std::vector<std::string> &path, TimeNs from, TimeNs until) const;
    /// An error naming `bag` when the recording keeps only the chains built while reading.
    Status checkNotStreamed(const std::string &bag) const;

    /// The child frames of the links between `parent` and `child`; nullopt when not connected.
    std::optional<std::vector<std::string>> pathChildren(const std::string &parent, const std::string &child) const;

    /// Builds each streamed chain up to the oldest newest sample of its moving links (everything,
    /// `at_end`), then forgets what no streamed chain needs any more.
    void buildStreamed(bool at_end);
    /// Notes a late sample of `child` stamped `stamp` (TfBuffer::lateBefore() gave `lower`) where
    /// a streamed chain's built poses did not see it.
    void noteLateSample(const std::string &child, TimeNs stamp, TimeNs lower);
    void forgetUnneeded();

    std::vector<StreamedChain> streamed_;
    bool streamed_done_ = false;
    std::size_t added_since_build_ = 0;
    std::vector<std::string> stream_notes_;

    /// An error naming `bag` when `parent` or `child` never appears.
    Status checkFrames(const std::string &bag, const std::string &parent, const std::string &child) const;

    /// Appends the chain's pose at each of `times` at which every link is known; false when the
    /// frames are not connected.
    bool appendPoses(const std::string &parent, const std::string &child, const std::vector<TimeNs> &times,
                     slam::Trajectory &out) const;
    static Error notConnected(const std::string &bag, const std::string &parent, const std::string &child);
    static Error noCommonTime(const std::string &bag, const std::string &parent, const std::string &child);

    /// Looks the chain up at `times` into a trajectory; an error when no time gives a pose.
    Result<slam::Trajectory> lookUp(const std::string &bag, const std::string &parent, const std::string &child,
                                    const std::vector<TimeNs> &times) const;

    /// The frames from `frame` up to its root, following the last known parent of each frame.
    std::vector<std::string> chainUp(std::string frame) const;

    /// What the recording knows of the link to one child frame: one look-up a transform.
    struct Link {
        std::string parent;                 ///< the last one given
        bool dynamic = false;               ///< it came on /tf (else only on /tf_static)
        bool translating = false;           ///< its translation changed by more than 1 mm
        Eigen::Vector3d first_translation;  ///< of its first /tf sample
        std::vector<TimeNs> stamps;         ///< of its /tf samples still needed
    };

    TfBuffer buffer_;
    std::unordered_map<std::string, Link> links_;                        ///< by child frame (hashed, as the buffer's)
    RecentLookups<std::unordered_map<std::string, Link>> recent_links_;  ///< the links the last samples went to
    TimeNs earliest_dynamic_ = std::numeric_limits<TimeNs>::max();       ///< the smallest /tf stamp
    std::optional<TimeNs> first_dynamic_;                                ///< the first /tf stamp read
};

}  // namespace robometrics::io
