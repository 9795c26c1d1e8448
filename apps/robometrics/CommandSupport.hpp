#pragma once
// Small helpers shared by the command files: error printing and output conventions.

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::app {

/// Prints "robometrics <command>: error: <message>" on stderr and returns exit code 1.
inline int fail(const std::string &command, const std::string &message) {
    fmt::print(stderr, "robometrics {}: error: {}\n", command, message);
    return 1;
}

inline int fail(const std::string &command, const Error &error) { return fail(command, error.message); }

/// The parameters of `node` from a ROS 2 params file (none when `file` is empty), then the
/// "-p name:=value" overrides.
inline Result<Params> loadParams(const std::string &file, const std::string &node,
                                 const std::vector<std::string> &overrides) {
    return Params::load(file, node, overrides);
}

/// Warns on stderr about every input whose topic `bag` does not hold (a typo in --topic, or a bag
/// recorded without it). `inputs` maps each input's role to its topic after remapping.
inline void warnMissingTopics(const std::string &command, const std::string &bag,
                              const std::map<std::string, std::string> &inputs,
                              const std::vector<bag::TopicInfo> &topics) {
    for (const auto &[role, topic] : inputs) {
        bool found = false;
        for (const bag::TopicInfo &t : topics) found = found || t.name == topic;
        if (!found) {
            fmt::print(stderr, "robometrics {}: warning: {}: no topic {} ({} input; remap with --topic)\n", command,
                       bag, topic, role);
        }
    }
}

/// Warns on stderr about every parameter that no config read (likely a typo).
inline void warnUnusedParams(const std::string &command, const Params &params) {
    for (const std::string &name : params.unused()) {
        fmt::print(stderr, "robometrics {}: warning: unknown parameter '{}' (ignored)\n", command, name);
    }
}

}  // namespace robometrics::app
