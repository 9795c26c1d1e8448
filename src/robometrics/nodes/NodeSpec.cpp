#include "robometrics/nodes/NodeSpec.hpp"

#include <stdexcept>

namespace robometrics::nodes {

const NodeInput &NodeSpec::input(const std::string &role) const {
    for (const NodeInput &in : inputs) {
        if (in.role == role) return in;
    }
    throw std::out_of_range("node " + name + " has no input " + role);
}

const NodeOutput &NodeSpec::output(const std::string &topic) const {
    for (const NodeOutput &out : outputs) {
        if (out.topic == topic) return out;
    }
    throw std::out_of_range("node " + name + " has no output " + topic);
}

std::vector<std::string> NodeSpec::outputTopics() const {
    std::vector<std::string> topics;
    for (const NodeOutput &out : outputs) topics.push_back(out.topic);
    return topics;
}

NodeTopics resolveTopics(const NodeSpec &spec, const pipeline::Remaps &remaps) {
    NodeTopics topics;
    for (const NodeInput &in : spec.inputs) {
        if (in.field) topics.*in.field = remaps.resolve(in.topic);
    }
    return topics;
}

std::map<std::string, std::string> roleTopics(const NodeSpec &spec, const NodeTopics &topics) {
    std::map<std::string, std::string> roles;
    for (const NodeInput &in : spec.inputs) {
        if (in.field) roles[in.role] = topics.*in.field;
    }
    return roles;
}

Result<Params> loadNodeParams(const NodeSpec &spec, const std::string &file, const std::vector<std::string> &overrides,
                              bool section_required) {
    return Params::load(file, spec.name, overrides, section_required);
}

}  // namespace robometrics::nodes
