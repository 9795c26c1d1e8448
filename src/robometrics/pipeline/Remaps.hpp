#pragma once
// The `--topic FROM=TO` remap rules of a run, parsed by one function: a malformed rule gives the
// same message in every command (and the commands make it bad usage, exit 2).

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::pipeline {

struct RemapRule {
    std::string from;  ///< the topic a node subscribes, with its leading '/'
    std::string to;    ///< the topic read instead, with its leading '/'
};

/// Splits each `FROM=TO` (either side may omit its leading '/'); in the order given.
Result<std::vector<RemapRule>> parseRemaps(const std::vector<std::string> &rules);

/// `name` with a leading '/' (an empty name stays empty).
std::string withLeadingSlash(const std::string &name);

}  // namespace robometrics::pipeline
