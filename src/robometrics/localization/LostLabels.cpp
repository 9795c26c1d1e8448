#include "robometrics/localization/LostLabels.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace robometrics::localization {

namespace {

std::string trim(const std::string &s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

bool parseSeconds(const std::string &text, double &out) {
    const std::string t = trim(text);
    char *end = nullptr;
    out = std::strtod(t.c_str(), &end);
    return !t.empty() && *end == '\0' && std::isfinite(out) && std::fabs(out) < 9e9;
}

}  // namespace

Result<LostLabels> LostLabels::parse(const std::string &text, const std::string &source_name) {
    LostLabels labels;
    std::istringstream in(text);
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        const auto hash = line.find('#');
        if (hash != std::string::npos) line.resize(hash);
        line = trim(line);
        if (line.empty() || line == "start,end") continue;
        const auto comma = line.find(',');
        double start = 0;
        double end = 0;
        if (comma == std::string::npos || !parseSeconds(line.substr(0, comma), start) ||
            !parseSeconds(line.substr(comma + 1), end)) {
            return Error{fmt::format("{}: line {}: expected 'start,end' in seconds, got '{}'", source_name, line_no,
                                     line)};
        }
        if (end < start) {
            return Error{fmt::format("{}: line {}: interval ends ({}) before it starts ({})", source_name, line_no,
                                     end, start)};
        }
        labels.add({fromSeconds(start), fromSeconds(end)});
    }
    return labels;
}

Result<LostLabels> LostLabels::fromScenarioJson(const std::string &text, const std::string &source_name) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error{fmt::format("{}: not a JSON object", source_name)};
    if (!j.contains("start_time_ns") || !j["start_time_ns"].is_number_integer() || !j.contains("events") ||
        !j["events"].is_array()) {
        return Error{fmt::format("{}: expected a scenario.json with 'start_time_ns' and 'events'", source_name)};
    }
    const auto start = j["start_time_ns"].get<std::int64_t>();
    LostLabels labels;
    for (const auto &e : j["events"]) {
        if (!e.is_object() || e.value("type", "") != "kidnap") continue;
        if (!e.contains("t_start") || !e["t_start"].is_number() || !e.contains("t_end") || !e["t_end"].is_number()) {
            return Error{fmt::format("{}: kidnap event without numeric t_start and t_end", source_name)};
        }
        labels.add({start + fromSeconds(e["t_start"].get<double>()), start + fromSeconds(e["t_end"].get<double>())});
    }
    return labels;
}

bool LostLabels::isLost(TimeNs t) const {
    for (const auto &i : intervals_) {
        if (t >= i.start && t <= i.end) return true;
    }
    return false;
}

}  // namespace robometrics::localization
