#pragma once
// What Ctrl-C leaves behind. Outputs are written under a temporary name and renamed when they
// are complete (core/AtomicFile.hpp); this is the other half: when SIGINT, SIGTERM or SIGHUP
// ends the process, the handler removes every temporary file or folder still registered, then
// lets the same signal end the process (a shell reports 130 after Ctrl-C), so neither a partial
// target nor a stray temporary is left.
//
// The handler runs in signal context, so the registry is a fixed table of paths it can read
// without locks or allocation, and it removes folders with raw system calls.

#include <string>

namespace robometrics {

/// Installs the handler for SIGINT, SIGTERM and SIGHUP (a signal the process was started with
/// ignored stays ignored). A command that stops gracefully on these signals (`run`, `live`)
/// installs its own handler afterwards and commits or discards its outputs itself.
void installInterruptCleanup();

/// Registers `path` (made absolute) for removal by the handler; a folder is removed with its
/// contents. Returns the slot to pass to unregisterCleanup(), or -1 when the table is full or
/// the path too long: the output is then still written aside, only not removed on a signal.
int registerCleanup(const std::string &path, bool directory);

/// Forgets a slot (the temporary was renamed or removed); -1 is ignored.
void unregisterCleanup(int slot);

}  // namespace robometrics
