#include "robometrics/evaluate/RemapCheck.hpp"

#include <map>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::evaluate {

std::vector<std::string> unmatchedRemapWarnings(const pipeline::Remaps &remaps, const std::string &bag) {
    if (remaps.empty()) return {};
    auto listing = bag::openBag(bag);
    if (!listing) return {};
    // missingInputs names each input by its role: here the remapped name, without its slash.
    std::map<std::string, std::string> inputs;
    for (const auto &[from, to] : remaps.byTopic()) inputs[from.substr(1)] = to;
    return nodes::missingInputs(bag, inputs, (*listing)->topics());
}

}  // namespace robometrics::evaluate
