#include "robometrics/bag/MissingTopic.hpp"

#include <fmt/format.h>

namespace robometrics::bag {

std::string missingTopicMessage(const std::string &bag, const std::string &topic, const std::vector<TopicInfo> &topics,
                                const std::string &hint) {
    std::string list;
    for (const TopicInfo &t : topics) list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", t.name, t.type);
    const std::string why = hint.empty() ? "" : " (" + hint + ")";
    if (list.empty()) return fmt::format("{}: no topic '{}' in the bag{}, which has no topics", bag, topic, why);
    return fmt::format("{}: no topic '{}' in the bag{}; its topics: {}", bag, topic, why, list);
}

}  // namespace robometrics::bag
