#include "robometrics/nodes/NodeArguments.hpp"

#include "robometrics/core/Params.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

Status checkNodeArguments(const std::vector<std::string> &overrides, const std::vector<std::string> &remaps) {
    // The same parsers the run uses, on throwaway objects: what passes here is what the run takes.
    Params probe;
    ROBOMETRICS_TRY(probe.applyOverrides(overrides));
    pipeline::Pipeline remapped;
    return remapped.addRemaps(remaps);
}

std::string unknownParameterWarning(const std::string &name) { return "unknown parameter '" + name + "' (ignored)"; }

}  // namespace robometrics::nodes
