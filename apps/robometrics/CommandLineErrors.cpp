#include "CommandLineErrors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>

namespace robometrics::app {
std::string unknownCommandMessage(const std::string &typed, const std::vector<std::string> &known) {
    if (auto near = nearestName(typed, known)) return fmt::format("unknown command '{}'; did you mean '{}'?", typed, *near);
    return fmt::format("unknown command '{}'", typed);
}

std::string parseErrorInWords(const CLI::ParseError &error) {
    std::string message = error.what();
    const std::string extras = "The following argument";
    if (message.rfind(extras, 0) == 0) {
        // "The following arguments were not expected: b a" (CLI11 lists them last first).
        const auto colon = message.find(": ");
        std::vector<std::string> words;
        std::string rest = colon == std::string::npos ? "" : message.substr(colon + 2);
        for (std::size_t start = 0; start < rest.size();) {
            std::size_t space = rest.find(' ', start);
            if (space == std::string::npos) space = rest.size();
            if (space > start) words.insert(words.begin(), rest.substr(start, space - start));
            start = space + 1;
        }
        std::string quoted;
        for (const std::string &w : words) quoted += (quoted.empty() ? "'" : " '") + w + "'";
        return fmt::format("unexpected argument{} {}", words.size() == 1 ? "" : "s", quoted);
    }
    // "input is required" names a positional in lower case: the help writes it in capitals.
    const std::string required = " is required";
    if (message.size() > required.size() && message.compare(message.size() - required.size(), required.size(), required) == 0 &&
        message.front() != '-') {
        std::string name = message.substr(0, message.size() - required.size());
        for (char &c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return fmt::format("missing {}", name);
    }
    // CLI::IsMember's "--align: x not in {none,se3}" and CLI::Range's "--threads: Value 3 not in
    // range 1 to 2", in words.
    static const std::regex member(R"(^(.*): (.*) not in \{(.*)\}$)");
    static const std::regex range(R"(^(.*): Value (.*) not in range (.*) to (.*)$)");
    std::smatch m;
    if (std::regex_match(message, m, member))
        return fmt::format("{}: '{}' is not one of: {}", m[1].str(), m[2].str(),
                           std::regex_replace(m[3].str(), std::regex(","), ", "));
    if (std::regex_match(message, m, range))
        return fmt::format("{}: {} is not between {} and {}", m[1].str(), m[2].str(), m[3].str(), m[4].str());
    if (!message.empty() && std::isupper(static_cast<unsigned char>(message[0])) &&
        !(message.size() > 1 && std::isupper(static_cast<unsigned char>(message[1]))))
        message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
    return message;
}

std::vector<std::string> subcommandNames(const CLI::App &app) {
    std::vector<std::string> names;
    for (const CLI::App *sub : app.get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        names.push_back(sub->get_name());
    return names;
}

}  // namespace robometrics::app
