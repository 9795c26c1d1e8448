#pragma once
// Where a trajectory is read from, as a value: a trajectory file (TUM, KITTI, EuRoC), a pose
// topic in a bag, or a TF chain in a bag. The command line spells these `FILE`, `BAG:TOPIC` and
// `BAG:tf:PARENT:CHILD` (ape, rpe, traj, evaluate --gt-traj/--est-traj, slam-eval); that spelling
// is parsed once, by parseTrajectorySource(), and the value travels from there to the reader
// (io::readTrajectory, TrajectoryInput.hpp).

#include <optional>
#include <string>

#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

namespace robometrics::io {

struct TrajectorySource {
    enum class Kind { File, BagTopic, BagTf };
    Kind kind = Kind::File;
    std::string path;                                  ///< the trajectory file, or the bag
    TrajectoryFormat format = TrajectoryFormat::Auto;  ///< File only
    std::string topic;                                 ///< BagTopic only
    std::string entry;   ///< BagTopic: the robot's pose in a message of many (GroundTruthEntry.hpp); "" = as read
    std::string parent;  ///< BagTf: the frame the poses are expressed in ("map")
    std::string child;   ///< BagTf: the moving frame ("base_link")

    static TrajectorySource file(std::string path, TrajectoryFormat format = TrajectoryFormat::Auto);
    static TrajectorySource bagTopic(std::string bag, std::string topic);
    static TrajectorySource bagTf(std::string bag, std::string parent, std::string child);

    bool inBag() const { return kind != Kind::File; }
    /// The command line's spelling: `PATH`, `BAG:TOPIC` or `BAG:tf:PARENT:CHILD` (labels, messages).
    std::string spelling() const;
    bool operator==(const TrajectorySource &) const = default;
};

/// How trajectories are read.
struct TrajectoryLoadOptions {
    /// TF chains: 0 = at every stamp of a moving link; else looked up at this rate, as evo
    /// (ape/rpe/traj --tf_lookup_frequency, default 10 Hz there), from where tf_start says
    /// (ape/rpe/traj --tf_start: the first /tf stamp, or the bag's first log time).
    double tf_lookup_frequency = 0;
    TfLookupStart::Anchor tf_start = TfLookupStart::Anchor::FirstTfStamp;
    /// Only this window of the bag (`evaluate --start/--end`): a pose topic's messages logged in it,
    /// read from its chunks alone; a TF chain read as bag::openWindow reads it (the static TF and
    /// the last /tf before the window too), keeping the poses stamped from the first transform
    /// logged in the window on. Files ignore it.
    std::optional<bag::LogWindow> window;
    /// Files: what of each pose is kept (PositionsOnly for a run that needs no rotation). Bags
    /// keep every field.
    PoseFields fields = PoseFields::WithRotations;
};

/// The command line's trajectory argument as a source. `format`: auto, tum, kitti, euroc or bag.
/// With auto, an existing regular file is a trajectory file; otherwise an argument with a ':' names
/// a trajectory in a bag; a bag itself (no topic) is an error that says how to name one. The
/// reader, not this, says when a file or a bag does not exist.
Result<TrajectorySource> parseTrajectorySource(const std::string &argument, const std::string &format = "auto");

}  // namespace robometrics::io
