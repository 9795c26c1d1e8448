#include "robometrics/evaluate/RemapCheck.hpp"

#include <map>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::evaluate {

std::vector<std::string> unmatchedRemapWarnings(const std::vector<std::string> &rules, const std::string &bag) {
    if (rules.empty()) return {};
    auto parsed = pipeline::parseRemaps(rules);
    if (!parsed) return {};
    auto listing = bag::openBag(bag);
    if (!listing) return {};
    std::map<std::string, std::string> inputs;  // role (the remapped name) -> topic; the last rule wins
    for (const pipeline::RemapRule &rule : *parsed) inputs[rule.from.substr(1)] = rule.to;
    return nodes::missingInputs(bag, inputs, (*listing)->topics());
}

}  // namespace robometrics::evaluate
