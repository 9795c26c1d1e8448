#include "robometrics/evaluate/RemapCheck.hpp"

#include <map>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

std::vector<std::string> unmatchedRemapWarnings(const std::vector<std::string> &rules, const std::string &bag) {
    if (rules.empty()) return {};
    pipeline::Pipeline remapped;
    if (!remapped.addRemaps(rules).ok()) return {};
    auto listing = bag::openBag(bag);
    if (!listing) return {};
    std::map<std::string, std::string> inputs;  // role (the remapped name) -> topic
    for (const std::string &rule : rules) {
        const std::string name = rule.substr(0, rule.find('='));
        inputs[name.front() == '/' ? name.substr(1) : name] = remapped.resolve(name);
    }
    return nodes::missingInputs(bag, inputs, (*listing)->topics());
}

}  // namespace robometrics::evaluate
