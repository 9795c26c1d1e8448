#include "robometrics/bag/OfferedQos.hpp"

#include <fmt/format.h>

#include <regex>

namespace robometrics::bag {

std::string offeredQosYaml(const OfferedQos &qos, QosSpelling spelling) {
    // rmw's enum values: history KEEP_LAST 1; reliability RELIABLE 1, BEST_EFFORT 2; durability
    // TRANSIENT_LOCAL 1, VOLATILE 2; liveliness AUTOMATIC 1.
    const bool names = spelling == QosSpelling::Names;
    const std::string history = names ? "keep_last" : "1";
    const std::string reliability = names ? (qos.reliable ? "reliable" : "best_effort") : (qos.reliable ? "1" : "2");
    const std::string durability =
        names ? (qos.transient_local ? "transient_local" : "volatile") : (qos.transient_local ? "1" : "2");
    const std::string liveliness = names ? "automatic" : "1";
    return fmt::format(
        "- history: {}\n  depth: {}\n  reliability: {}\n  durability: {}\n"
        "  deadline:\n    sec: 9223372036\n    nsec: 854775807\n  lifespan:\n    sec: 9223372036\n"
        "    nsec: 854775807\n  liveliness: {}\n  liveliness_lease_duration:\n    sec: 9223372036\n"
        "    nsec: 854775807\n  avoid_ros_namespace_conventions: false\n",
        history, qos.depth, reliability, durability, liveliness);
}

QosSpelling qosSpellingOf(std::string_view profiles) {
    static const std::regex kNamedEnum(R"((^|\n)\s*-?\s*(history|reliability|durability|liveliness):\s*[A-Za-z_])");
    return std::regex_search(profiles.begin(), profiles.end(), kNamedEnum) ? QosSpelling::Names : QosSpelling::Integers;
}

}  // namespace robometrics::bag
