#pragma once
// A topic named in a BAG:TOPIC argument that the bag does not hold is an input error that lists
// the topics it does hold, told before any long reading starts (`evaluate --est-traj BAG:/nope`).

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TrajectorySource.hpp"

namespace robometrics::io {

/// For a pose topic in a bag (`BAG:TOPIC` where BAG is a bag): an error when it has no such topic.
/// Anything else (a trajectory file, a TF chain `BAG:tf:PARENT:CHILD`, a path that is no bag): Ok,
/// the reader says what is wrong with it. Opening a bag reads its index or metadata, not its messages. The error
/// lists the bag's topics (bag::missingTopicMessage).
Status checkTrajectoryTopic(const TrajectorySource &source);

}  // namespace robometrics::io
