#pragma once
// A graceful stop on Ctrl-C for commands that stop what they started themselves (`run`,
// `bench`): SIGINT and SIGTERM are caught and remembered instead of ending the process, so the
// command can stop its process trees in order and still write what it measured.

#include <functional>

namespace robometrics::system {

/// Installs SIGINT and SIGTERM handlers that remember the signal (replacing the cleanup handler
/// of core/InterruptCleanup.hpp) and returns the poll: 0 until one arrives, then its number.
std::function<int()> catchStopSignals();

}  // namespace robometrics::system
