#include "robometrics/pipeline/Remaps.hpp"

#include <fmt/format.h>

namespace robometrics::pipeline {

std::string withLeadingSlash(const std::string &name) { return name.empty() || name[0] == '/' ? name : "/" + name; }

void Remaps::add(const std::string &from, const std::string &to) {
    RemapRule rule{withLeadingSlash(from), withLeadingSlash(to)};
    by_topic_[rule.from] = rule.to;
    rules_.push_back(std::move(rule));
}

std::string Remaps::resolve(const std::string &topic) const {
    std::string name = withLeadingSlash(topic);
    auto it = by_topic_.find(name);
    return it == by_topic_.end() ? name : it->second;
}

Result<Remaps> parseRemaps(const std::vector<std::string> &rules) {
    Remaps parsed;
    for (const std::string &rule : rules) {
        const auto eq = rule.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == rule.size()) {
            return Error{fmt::format("bad topic remapping '{}': expected name=/new/topic", rule)};
        }
        parsed.add(rule.substr(0, eq), rule.substr(eq + 1));
    }
    return parsed;
}

}  // namespace robometrics::pipeline
