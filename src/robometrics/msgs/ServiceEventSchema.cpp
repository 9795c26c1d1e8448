#include "robometrics/msgs/ServiceEventSchema.hpp"

#include <set>

#include "robometrics/msgs/BuiltinSchemas.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {

namespace {

constexpr std::string_view kEventSuffix = "_Event";
constexpr std::string_view kInfoType = "service_msgs/ServiceEventInfo";

bool isLineOf(std::string_view line, char c) {
    return !line.empty() && line.find_first_not_of(c) == std::string_view::npos;
}

std::string_view trimmed(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

/// The service definition cut into request body, response body and the dependency blocks after
/// them (from their first "====" line on; empty when there are none).
struct ServiceParts {
    std::string_view request, response, dependencies;
};

std::optional<ServiceParts> splitService(std::string_view text) {
    std::optional<std::size_t> separator;  // offset of the "---" line
    std::size_t pos = 0, separator_end = 0;
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
        const std::string_view line = trimmed(text.substr(pos, next - pos));
        if (!separator && line == "---") {
            separator = pos;
            separator_end = next;
        } else if (separator && line.size() >= 3 && isLineOf(line, '=')) {
            return ServiceParts{text.substr(0, *separator), text.substr(separator_end, pos - separator_end),
                                text.substr(pos)};
        }
        pos = next;
    }
    if (!separator) return std::nullopt;
    return ServiceParts{text.substr(0, *separator), text.substr(separator_end), {}};
}

/// The "MSG:" names of the dependency blocks a definition carries.
std::set<std::string> blockNames(std::string_view dependencies) {
    std::set<std::string> names;
    std::size_t pos = 0;
    while (pos < dependencies.size()) {
        std::size_t eol = dependencies.find('\n', pos);
        const std::size_t next = eol == std::string_view::npos ? dependencies.size() : eol + 1;
        const std::string_view line = trimmed(dependencies.substr(pos, next - pos));
        if (line.starts_with("MSG:")) names.insert(normaliseTypeName(line.substr(4)));
        pos = next;
    }
    return names;
}

void appendBlock(std::string &text, std::string_view name, std::string_view body) {
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += std::string(80, '=') + "\nMSG: " + std::string(name) + "\n" + std::string(body);
}

}  // namespace

std::optional<std::string> serviceOfEventType(std::string_view type_name) {
    const std::size_t srv = type_name.find("/srv/");
    if (srv == std::string_view::npos || srv == 0 || !type_name.ends_with(kEventSuffix)) return std::nullopt;
    const std::string_view name = type_name.substr(srv + 5, type_name.size() - srv - 5 - kEventSuffix.size());
    if (name.empty() || name.find('/') != std::string_view::npos) return std::nullopt;
    return std::string(type_name.substr(0, srv + 5)) + std::string(name);
}

Result<std::string> serviceEventSchemaText(std::string_view event_type, std::string_view service_definition) {
    auto service = serviceOfEventType(event_type);
    if (!service) return Error{std::string(event_type) + " is not a service event type (pkg/srv/Name_Event)"};
    auto parts = splitService(service_definition);
    if (!parts) {
        return Error{"the definition of " + *service + " has no '---' line between request and response"};
    }
    const std::string package(packageOf(*service));
    const std::string base = package + "/" + service->substr(service->rfind('/') + 1);
    const std::string request = base + "_Request", response = base + "_Response";
    std::string text = std::string(kInfoType) + " info\n" + request + "[<=1] request\n" + response + "[<=1] response\n";
    // The built-in blocks first (ServiceEventInfo, Time), then request and response, then the
    // dependencies: those the stored definition carries, and built-in ones for any it lacks.
    std::set<std::string> seen = blockNames(parts->dependencies);
    seen.insert({request, response});
    const std::string root_body = std::string(kInfoType) + " info\n";
    appendBuiltinDependencies(root_body, package, seen, text);
    appendBlock(text, request, parts->request);
    appendBlock(text, response, parts->response);
    if (!parts->dependencies.empty()) {
        if (text.back() != '\n') text += '\n';
        text += std::string(parts->dependencies);
    }
    appendBuiltinDependencies(parts->request, package, seen, text);
    appendBuiltinDependencies(parts->response, package, seen, text);
    return text;
}

std::string eventSchemaFromStored(std::string_view type_name, const std::string &stored) {
    if (!serviceOfEventType(type_name) || !splitService(stored)) return stored;
    auto text = serviceEventSchemaText(type_name, stored);
    return text ? *text : stored;
}

}  // namespace robometrics::msgs
