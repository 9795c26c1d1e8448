#include "robometrics/live/TopicList.hpp"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>

#include "robometrics/live/RosNames.hpp"

namespace robometrics::live {

std::map<std::string, TopicListRow> topicList(const Graph &graph, bool all) {
    std::map<std::string, TopicListRow> rows;
    for (const Endpoint &e : graph.endpoints()) {
        auto topic = rosTopicName(e.topic);
        auto type = rosTypeName(e.type);
        if ((!topic || !type) && !all) continue;
        TopicListRow &row = rows[topic ? *topic : e.topic];
        row.type = type ? *type : e.type;
        ++(e.writer ? row.publishers : row.subscribers);
    }
    return rows;
}

std::string topicListJson(const std::map<std::string, TopicListRow> &rows) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto &[topic, row] : rows) {
        out.push_back(
            {{"topic", topic}, {"type", row.type}, {"publishers", row.publishers}, {"subscribers", row.subscribers}});
    }
    return out.dump(2) + "\n";
}

std::string topicListText(const std::map<std::string, TopicListRow> &rows) {
    std::string text;
    for (const auto &[topic, row] : rows) {
        fmt::format_to(std::back_inserter(text), "{} [{}] ({} publishers, {} subscribers)\n", topic, row.type,
                       row.publishers, row.subscribers);
    }
    return text;
}

}  // namespace robometrics::live
