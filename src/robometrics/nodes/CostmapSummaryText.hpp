#pragma once
// The costmap node's run summary as `costmap` and `live costmap` print it, and the --json document.

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/nodes/CostmapNode.hpp"

namespace robometrics::nodes {

/// `input` names the source, `output` the MCAP written (none when empty), `png_dir` the snapshots.
std::string costmapSummaryText(const std::string &input, const std::string &output, const std::string &png_dir,
                               const terrain::CostmapConfig &c, const CostmapRun &r);

nlohmann::json costmapSummaryJson(const terrain::CostmapConfig &c, const CostmapRun &r);

}  // namespace robometrics::nodes
