#include "CommandLineErrors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>

namespace robometrics::app {
namespace {

std::size_t editDistance(const std::string &a, const std::string &b) {
    // Damerau-Levenshtein (optimal string alignment): a swap of two letters is one edit.
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> nearestName(const std::string &typed, const std::vector<std::string> &known) {
    std::vector<std::string> prefixed;
    for (const std::string &name : known)
        if (!typed.empty() && name.rfind(typed, 0) == 0) prefixed.push_back(name);
    if (prefixed.size() == 1) return prefixed.front();
    std::optional<std::string> best;
    std::size_t best_distance = 0;
    for (const std::string &name : known) {
        const std::size_t distance = editDistance(typed, name);
        if (!best || distance < best_distance) best = name, best_distance = distance;
    }
    // Near enough: at most a third of the word wrong, and never more than 3 edits.
    if (best && best_distance <= std::min<std::size_t>(3, std::max<std::size_t>(1, typed.size() / 3))) return best;
    return std::nullopt;
}

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
