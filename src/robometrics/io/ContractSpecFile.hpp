#pragma once
// The spec file of `robometrics check` (docs/check.md): YAML, read into a
// topicstats::RecordingContract, every mistake refused as "spec.yaml:LINE: key: what is wrong"
// before any recording is read; and the commented spec `check --init` writes from a recording
// known to be good, which that recording passes.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::io {

/// Reads and checks the spec at `path`.
Result<topicstats::RecordingContract> readContractSpec(const std::string &path);
/// The same from its text (`path` names it in messages).
Result<topicstats::RecordingContract> parseContractSpec(const std::string &text, const std::string &path);

/// The spec of every topic of `recording` (named `name` in its comments): type, QoS, frame,
/// measured rate with a 10 % tolerance, longest silence and latency with half again as margin.
std::string initialContractSpec(const topicstats::RecordingMeasurement &recording, const std::string &name);

}  // namespace robometrics::io
