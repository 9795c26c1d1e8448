#include "robometrics/pipeline/Remaps.hpp"

#include <fmt/format.h>

namespace robometrics::pipeline {

std::string withLeadingSlash(const std::string &name) { return name.empty() || name[0] == '/' ? name : "/" + name; }

Result<std::vector<RemapRule>> parseRemaps(const std::vector<std::string> &rules) {
    std::vector<RemapRule> parsed;
    parsed.reserve(rules.size());
    for (const std::string &rule : rules) {
        const auto eq = rule.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == rule.size()) {
            return Error{fmt::format("bad topic remapping '{}': expected name=/new/topic", rule)};
        }
        parsed.push_back({withLeadingSlash(rule.substr(0, eq)), withLeadingSlash(rule.substr(eq + 1))});
    }
    return parsed;
}

}  // namespace robometrics::pipeline
