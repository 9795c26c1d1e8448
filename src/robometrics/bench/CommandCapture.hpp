#pragma once
// Runs a short command (sbatch, squeue, sacct) from an argv, no shell, and captures what it
// prints. Output goes through files in a scratch folder, not pipes, so a command that prints
// more than a pipe holds can never block on a full pipe while we wait for it.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct Captured {
    int exit_code = -1;  ///< 127 when the program was not found; -1 when killed at the timeout
    std::string out, err;
};

/// Runs `argv` with the current environment; the whole process group is stopped after `timeout_s`.
Result<Captured> captureCommand(const std::vector<std::string> &argv, double timeout_s = 60);

}  // namespace robometrics::bench
