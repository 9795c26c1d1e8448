#pragma once
// One entry point for the trajectory arguments of the commands: a file (TUM, KITTI, EuRoC,
// detected from content) or a bag (`PATH:TOPIC`, `PATH:tf:PARENT:CHILD`).

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// True for a bag itself (a directory, or a file that starts like an MCAP, sqlite3, zstd or ROS 1
/// bag), as opposed to a trajectory file or a `BAG:TOPIC` argument.
bool looksLikeBag(const std::string &path);

/// How bag trajectories are read.
struct TrajectoryLoadOptions {
    /// TF chains: 0 = at every stamp of a moving link; else looked up at this rate, as evo
    /// (ape/rpe/traj --tf_lookup_frequency, default 10 Hz there), from where tf_start says
    /// (ape/rpe/traj --tf_start: the first /tf stamp, or the bag's first log time).
    double tf_lookup_frequency = 0;
    TfLookupStart::Anchor tf_start = TfLookupStart::Anchor::FirstTfStamp;
};

/// The anchor a --tf_start word names ("bag": BagStart; anything else, "tf" included: FirstTfStamp;
/// the commands accept only those two words).
inline TfLookupStart::Anchor tfLookupAnchor(const std::string &word) {
    return parseTfLookupAnchor(word).value_or(TfLookupStart::Anchor::FirstTfStamp);
}

/// `format`: auto, tum, kitti, euroc or bag. With auto, an argument that is not an existing file
/// but whose part before a ':' is an existing bag is read as a bag; a bag without a topic is an
/// error that says how to name one (listBagTrajectories() says which there are).
Result<slam::Trajectory> loadTrajectory(const std::string &argument, const std::string &format = "auto",
                                        const TrajectoryLoadOptions &options = {});

/// Loads a reference and an estimate at the same time (two threads): on large files reading is
/// most of the work of an evaluation.
struct TrajectoryPair {
    slam::Trajectory ref, est;
};
Result<TrajectoryPair> loadTrajectoryPair(const std::string &ref, const std::string &ref_format, const std::string &est,
                                          const std::string &est_format, const TrajectoryLoadOptions &options = {});

}  // namespace robometrics::io
