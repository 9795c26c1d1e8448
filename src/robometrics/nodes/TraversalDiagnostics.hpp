#pragma once
// `live traversal`'s status on /diagnostics: "robometrics: traversal" (hardware_id the input
// topics), OK while rows come from fresh input, WARN when the input or the rows are stale,
// ERROR when the run failed on an input it could not decode. Its figures: the rows (seconds)
// evaluated, the share of them judged traversable, the collisions and distance of the last row.
// Pure: the caller feeds rows and input counts and gives the time (AnalysisHealth).

#include <cstdint>
#include <map>
#include <string>

#include "robometrics/nodes/AnalysisHealth.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::nodes {

class TraversalDiagnostics {
public:
    /// `inputs`: role -> topic, as the node reads them.
    explicit TraversalDiagnostics(const std::map<std::string, std::string> &inputs, HealthTiming timing = {});

    /// A message read on one of the inputs.
    void onInput() { ++inputs_; }
    /// A row the node logged.
    void onRow(const traversal::TraversalRow &row);
    /// The run stopped on this error (a message it could not decode).
    void fail(std::string why) { failure_ = std::move(why); }

    /// True when a status is due at `now` (once per period), after sampling the counts.
    bool due(TimeNs now);
    /// The status at `now`.
    msgs::DiagnosticArray status(TimeNs now);

private:
    AnalysisHealth health_;
    std::uint64_t inputs_ = 0;
    std::uint64_t rows_ = 0;
    std::uint64_t traversable_ = 0;
    traversal::TraversalRow last_;
    std::string failure_;
};

/// A row is traversable when the seed noted nothing on it: no low clearance, no rough terrain,
/// no rough movement ("Normal operation").
bool traversableRow(const traversal::TraversalRow &row);

}  // namespace robometrics::nodes
