#pragma once
// The running binary, for commands that start further copies of themselves (a benchmark's jobs
// and workers run `{robometrics} simulate`, `{robometrics} bench run-job`, ...).

#include <string>

namespace robometrics::system {

/// The absolute path of this process's executable (/proc/self/exe), or "robometrics" (found on
/// PATH) when it cannot be read.
std::string executablePath();

}  // namespace robometrics::system
