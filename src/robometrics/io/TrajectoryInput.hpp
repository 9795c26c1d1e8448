#pragma once
// One entry point for the trajectory arguments of the commands: a file (TUM, KITTI, EuRoC,
// detected from content) or a bag (`PATH:TOPIC`, `PATH:tf:PARENT:CHILD`), as a TrajectorySource.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// True for a bag itself (a directory, or a file that starts like an MCAP, sqlite3, zstd or ROS 1
/// bag), as opposed to a trajectory file or a `BAG:TOPIC` argument.
bool looksLikeBag(const std::string &path);

/// The anchor a --tf_start word names ("bag": BagStart; anything else, "tf" included: FirstTfStamp;
/// the commands accept only those two words).
inline TfLookupStart::Anchor tfLookupAnchor(const std::string &word) {
    return parseTfLookupAnchor(word).value_or(TfLookupStart::Anchor::FirstTfStamp);
}

/// Reads the trajectory `source` names; errors name the file, or the bag and the topic or frames.
Result<slam::Trajectory> readTrajectory(const TrajectorySource &source, const TrajectoryLoadOptions &options = {});

/// parseTrajectorySource(argument, format), then readTrajectory(): a bag without a topic is an
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
