#pragma once
// What a front end (the CLI's options, a Python call) gives a node before it runs: its "-p
// name:=value" overrides and "--topic name=/topic" remaps, checked the same way by both, and the
// node's config loaded with a warning for every parameter name no config read. One place, so
// that `robometrics traversal` and `robometrics.traversal()` accept and refuse the same inputs.

#include <functional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::nodes {

/// A malformed override or remap, found before anything is read (the CLI calls it bad usage,
/// exit 2; Python raises ArgumentError). When all are well formed, the remap rules as the value
/// the run takes (pipeline::parseRemaps).
Result<pipeline::Remaps> checkNodeArguments(const std::vector<std::string> &overrides,
                                            const std::vector<std::string> &remaps = {});

/// The warning for a parameter name that no config read (likely a typo).
std::string unknownParameterWarning(const std::string &name);

/// configureNode, and then `warn` once per parameter name that no config read.
template <class Node, class Flags>
decltype(Node::configure(std::declval<Params>())) configureNodeWarning(
    const std::string &file, const std::vector<std::string> &overrides, Flags &&flags,
    const std::function<void(const std::string &)> &warn) {
    std::vector<std::string> unused;
    auto config = configureNode<Node>(file, overrides, std::forward<Flags>(flags), unused);
    for (const std::string &name : unused) warn(unknownParameterWarning(name));
    return config;
}

}  // namespace robometrics::nodes
