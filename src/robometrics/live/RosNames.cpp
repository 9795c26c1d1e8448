#include "robometrics/live/RosNames.hpp"

#include <vector>

namespace robometrics::live {

namespace {
constexpr std::string_view kTopicPrefix = "rt";
constexpr std::string_view kDdsSegment = "dds_";

std::vector<std::string> split(std::string_view text, std::string_view separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        std::size_t at = text.find(separator, start);
        parts.emplace_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + separator.size();
    }
}
}  // namespace

std::string ddsTopicName(std::string_view ros_topic) {
    std::string out(kTopicPrefix);
    if (ros_topic.empty() || ros_topic.front() != '/') out += '/';
    out += ros_topic;
    return out;
}

std::optional<std::string> rosTopicName(std::string_view dds_topic) {
    if (dds_topic.size() <= kTopicPrefix.size() + 1 || dds_topic.substr(0, kTopicPrefix.size()) != kTopicPrefix ||
        dds_topic[kTopicPrefix.size()] != '/')
        return std::nullopt;
    return std::string(dds_topic.substr(kTopicPrefix.size()));
}

std::string ddsTypeName(std::string_view ros_type) {
    std::vector<std::string> parts = split(ros_type, "/");
    if (parts.size() == 2) parts.insert(parts.begin() + 1, "msg");  // "pkg/Type" -> "pkg/msg/Type"
    std::string out;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) out += parts[i] + "::";
    out += std::string(kDdsSegment) + "::" + parts.back() + "_";
    return out;
}

std::optional<std::string> rosTypeName(std::string_view dds_type) {
    if (dds_type.size() < 2 || dds_type.back() != '_') return std::nullopt;
    std::vector<std::string> parts = split(dds_type.substr(0, dds_type.size() - 1), "::");
    if (parts.size() < 3 || parts[parts.size() - 2] != kDdsSegment) return std::nullopt;
    std::string out;
    for (std::size_t i = 0; i + 2 < parts.size(); ++i) {
        if (parts[i].empty()) return std::nullopt;
        out += parts[i] + "/";
    }
    if (parts.back().empty()) return std::nullopt;
    return out + parts.back();
}

}  // namespace robometrics::live
