#pragma once
// The table `robometrics bench` prints at the end: one row per cell of the matrix.

#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"

namespace robometrics::bench {

/// Columns: cell, done, failed, other (pending or running), ok verdicts, mean run s, mean evaluate s.
std::string formatCellTable(const std::vector<JobRecord> &jobs);

}  // namespace robometrics::bench
