#pragma once
// Guards for running DDS on shared machines (docs/live.md, Safety): tests and peers only create
// a participant inside a private network namespace whose only interface is loopback.

#include <string>

namespace robometrics::live {

/// Empty when this process runs inside the project's private network namespace
/// (ROBOMETRICS_IN_NETNS=1 and `lo` is the only network interface); else the reason it does not.
std::string loopbackSandboxProblem();

}  // namespace robometrics::live
