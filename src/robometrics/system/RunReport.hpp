#pragma once
// What `robometrics run` says about a supervised run (docs/run.md): the summary it prints, the
// edge-budget warning and why it exits 1.

#include <string>

#include "robometrics/system/RunSupervisor.hpp"

namespace robometrics::system {

struct RunReport {
    std::string text;     ///< command, duration and how it ended, peak CPU and RSS, samples and files
    std::string warning;  ///< the peak CPU over the budget; empty when within it
    std::string failure;  ///< the command exited non-zero by itself; empty otherwise
};

/// `options` are the ones the run was supervised with (the command, out_dir and cpu_budget).
RunReport describeRun(const SupervisedRun &run, const SuperviseOptions &options);

}  // namespace robometrics::system
