#include "robometrics/nodes/NodeArguments.hpp"

#include "robometrics/core/Params.hpp"

namespace robometrics::nodes {

Result<pipeline::Remaps> checkNodeArguments(const std::vector<std::string> &overrides,
                                            const std::vector<std::string> &remaps) {
    // The same parser the run uses, on a throwaway object: what passes here is what the run takes.
    Params probe;
    ROBOMETRICS_TRY(probe.applyOverrides(overrides));
    return pipeline::parseRemaps(remaps);
}

std::string unknownParameterWarning(const std::string &name) { return "unknown parameter '" + name + "' (ignored)"; }

}  // namespace robometrics::nodes
