#include "robometrics/bag/OfferedQos.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cctype>

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

namespace {

/// One enum of a profile in words: integers (Humble, Iron) or names (Jazzy); "" when unknown.
std::string qosWord(const YAML::Node &value, const char *one, const char *two) {
    if (!value || !value.IsScalar()) return "";
    const std::string &v = value.Scalar();
    if (v == "1" || v == one) return one;
    if (v == "2" || v == two) return two;
    return "";
}

/// `word` merged into what the publishers before said: "mixed" when they differ.
void mergeQos(std::string &into, const std::string &word, bool first) {
    if (first)
        into = word;
    else if (into != word)
        into = into.empty() || word.empty() ? "" : "mixed";
}

}  // namespace

RecordedQos recordedQos(std::string_view profiles) {
    RecordedQos qos;
    if (profiles.empty()) return qos;
    try {
        const YAML::Node list = YAML::Load(std::string(profiles));
        if (!list.IsSequence()) return qos;
        bool first = true;
        for (const YAML::Node &profile : list) {
            if (!profile.IsMap()) return {};
            // rmw's values: reliability RELIABLE 1, BEST_EFFORT 2; durability TRANSIENT_LOCAL 1, VOLATILE 2.
            mergeQos(qos.reliability, qosWord(profile["reliability"], "reliable", "best_effort"), first);
            mergeQos(qos.durability, qosWord(profile["durability"], "transient_local", "volatile"), first);
            first = false;
        }
    } catch (const YAML::Exception &) {
        return {};
    }
    return qos;
}

QosSpelling qosSpellingOf(std::string_view profiles) {
    if (profiles.empty()) return QosSpelling::Integers;
    try {
        const YAML::Node list = YAML::Load(std::string(profiles));
        if (!list.IsSequence()) return QosSpelling::Integers;
        for (const YAML::Node &profile : list) {
            if (!profile.IsMap()) continue;
            for (const char *key : {"history", "reliability", "durability", "liveliness"}) {
                const YAML::Node value = profile[key];
                if (value && value.IsScalar() && !value.Scalar().empty() &&
                    !std::isdigit(static_cast<unsigned char>(value.Scalar()[0])))
                    return QosSpelling::Names;
            }
        }
    } catch (const YAML::Exception &) {
        // Not YAML: nothing to tell, and integers are what every reader takes.
    }
    return QosSpelling::Integers;
}

}  // namespace robometrics::bag
