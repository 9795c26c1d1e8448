#pragma once
// The whole-run summary of the traversal node as people and programs read it: the text block
// `traversal` and `live traversal` print, and their --json document.

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::nodes {

/// The --json document; `inputs` maps each input role to the topic it was read from.
nlohmann::json traversalSummaryJson(const traversal::TraversalSummary &s, const std::string &csv,
                                    const std::map<std::string, std::string> &inputs);

/// The text summary (several lines, each ending in a newline).
std::string traversalSummaryText(const traversal::TraversalSummary &s, const std::string &csv);

}  // namespace robometrics::nodes
