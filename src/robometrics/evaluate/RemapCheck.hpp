#pragma once
// Before the long part of `evaluate`: every --topic rule whose topic the bag does not hold is
// probably a typo, so the user hears of it at once (as `traversal` warns about its inputs).

#include <string>
#include <vector>

#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::evaluate {

/// One warning per remapped name whose topic `bag` lacks (the last rule of each name). Only with
/// rules is the bag opened (listing a FILE-compressed bag decompresses it); a bag that cannot be
/// opened gives no warnings (evaluateRun reports it).
std::vector<std::string> unmatchedRemapWarnings(const pipeline::Remaps &remaps, const std::string &bag);

}  // namespace robometrics::evaluate
