#pragma once
// Two or three real command lines per command, printed at the end of its --help (and so in its
// man page). They run on the sample data: the simulator's runs (`robometrics simulate ... -o
// out/kidnap`), the bags of tests/data and the trajectories of ../shared/data.

#include <string>
#include <vector>

namespace robometrics::app {

/// The examples of a command path ("evaluate", "live record"); empty for an unknown path.
const std::vector<std::string> &commandExamples(const std::string &path);

}  // namespace robometrics::app
