#include "robometrics/evaluate/RuleResultJson.hpp"

#include <fmt/format.h>

namespace robometrics::evaluate {

namespace {

nlohmann::json optionalNumber(const std::optional<double> &v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

std::optional<double> readOptionalNumber(const nlohmann::json &json, const char *key) {
    auto it = json.find(key);
    if (it == json.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

}  // namespace

nlohmann::json ruleResultJson(const topicstats::RuleResult &r) {
    return {{"topic", r.topic},
            {"rule", r.rule},
            {"limit", r.limit},
            {"severity", toString(r.severity)},
            {"passed", r.passed},
            {"measured", r.measured},
            {"value", optionalNumber(r.value)},
            {"from_s", optionalNumber(r.from_s)},
            {"to_s", optionalNumber(r.to_s)},
            {"spec_line", r.line}};
}

Result<topicstats::RuleResult> ruleResultFromJson(const nlohmann::json &json) {
    if (!json.is_object()) return Error{"a rule: expected an object"};
    topicstats::RuleResult r;
    for (auto [key, target] : {std::pair{"topic", &r.topic}, std::pair{"rule", &r.rule}, std::pair{"limit", &r.limit},
                               std::pair{"measured", &r.measured}}) {
        auto it = json.find(key);
        if (it == json.end() || !it->is_string()) return Error{fmt::format("a rule: '{}': expected a string", key)};
        *target = it->get<std::string>();
    }
    auto severity = json.find("severity");
    if (severity == json.end() || !severity->is_string()) return Error{"a rule: 'severity': expected a string"};
    r.severity = *severity == "warning" ? topicstats::Severity::Warning : topicstats::Severity::Error;
    auto passed = json.find("passed");
    if (passed == json.end() || !passed->is_boolean()) return Error{"a rule: 'passed': expected true or false"};
    r.passed = passed->get<bool>();
    r.value = readOptionalNumber(json, "value");
    r.from_s = readOptionalNumber(json, "from_s");
    r.to_s = readOptionalNumber(json, "to_s");
    auto line = json.find("spec_line");
    if (line != json.end() && line->is_number_integer()) r.line = line->get<int>();
    return r;
}

}  // namespace robometrics::evaluate
