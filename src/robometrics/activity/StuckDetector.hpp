#pragma once
// Stuck = commanded to drive, and not getting anywhere. Over every window of `window_s` in which
// a linear velocity command held throughout, the distance the commands asked for (the integral
// of the commanded speed) is compared with the path the robot covered; a window in which the
// robot covered less than `min_progress_ratio` of it is stalled, and overlapping stalled windows
// make one episode, which starts at its onset (the moment progress stopped while motion was
// commanded, not the start of the first window) and ends when progress resumed or the command
// stopped. Standing still without a command to drive is never stuck; turning in place
// is not judged (it asks for no distance).

#include <vector>

#include "robometrics/activity/Intent.hpp"
#include "robometrics/activity/Track.hpp"

namespace robometrics::activity {

struct StuckConfig {
    double window_s = 5.0;             ///< judged over windows this long
    double step_s = 0.5;               ///< windows start this far apart
    double min_progress_ratio = 0.25;  ///< covered / commanded below this: stalled
    double min_commanded_m = 0.25;     ///< windows asking for less are not judged (creeping)
    /// An episode found on the windows is then trimmed to its onset and its end on this finer
    /// scale: it starts at the first `onset_s` span (probed every `onset_step_s`) in which the
    /// robot covered less than min_progress_ratio of what was asked, and ends with the last.
    double onset_s = 0.5;
    double onset_step_s = 0.05;
};

struct StuckEpisode {
    TimeNs start = 0;
    TimeNs end = 0;
    double commanded_m = 0;  ///< distance the commands asked for over the episode
    double covered_m = 0;    ///< path the robot covered over it
    double durationSeconds() const { return toSeconds(end - start); }
    double commandedSpeed() const { return commanded_m / durationSeconds(); }
    double measuredSpeed() const { return covered_m / durationSeconds(); }
};

std::vector<StuckEpisode> findStuckEpisodes(const Intent &intent, const Track &track, const StuckConfig &config = {});

}  // namespace robometrics::activity
