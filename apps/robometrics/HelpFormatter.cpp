#include "HelpFormatter.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <vector>

#include "CommandExamples.hpp"

namespace robometrics::app {
namespace {

std::string trim(const std::string &text) {
    const auto first = text.find_first_not_of(" ()");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" ()") - first + 1);
}

/// One validator's description in words, or itself when it is not one we know.
std::string validatorInWords(const std::string &raw) {
    const std::string v = trim(raw);
    static const std::regex range(R"((?:INT|UINT|FLOAT|NUMBER) in \[([^ ]+) - ([^ \]]+)\])");
    std::smatch m;
    if (std::regex_match(v, m, range)) return fmt::format("{} to {}", m[1].str(), m[2].str());
    if (v.size() > 1 && v.front() == '{' && v.back() == '}') {
        std::string inner = v.substr(1, v.size() - 2);
        std::replace(inner.begin(), inner.end(), ',', '|');
        std::vector<std::string> choices;
        for (std::size_t start = 0; start <= inner.size();) {
            std::size_t bar = inner.find('|', start);
            if (bar == std::string::npos) bar = inner.size();
            choices.push_back(inner.substr(start, bar - start));
            start = bar + 1;
        }
        return choices.size() == 1 ? fmt::format("'{}'", choices.front())
                                   : fmt::format("one of: {}", fmt::join(choices, ", "));
    }
    if (v == "NONNEGATIVE") return "at least 0";
    if (v == "POSITIVE") return "greater than 0";
    if (v == "FILE") return "an existing file";
    if (v == "DIR") return "an existing folder";
    if (v == "PATH(existing)") return "an existing path";
    if (v.rfind("FILE.", 0) == 0) {  // writesExtensions: FILE.csv|FILE.json
        std::string names = v;
        std::string out;
        for (std::size_t start = 0; start < names.size();) {
            std::size_t bar = names.find('|', start);
            if (bar == std::string::npos) bar = names.size();
            const std::string one = names.substr(start + 4, bar - start - 4);  // ".csv"
            out += (out.empty() ? "" : " or ") + one;
            start = bar + 1;
        }
        return "a file name ending in " + out;
    }
    return v;
}

bool isFlag(const CLI::Option *option) { return !option->get_positional() && option->get_type_name().empty(); }

/// The value's name: the first long name in capitals (argparse's habit), else the short name's.
std::string valueName(const CLI::Option *option) {
    std::string name = option->get_lnames().empty() ? option->get_single_name() : option->get_lnames().front();
    for (char &c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

}  // namespace

std::string describeValueInWords(const std::string &type_name) {
    const auto colon = type_name.find(':');
    if (colon == std::string::npos) return {};
    std::string rest = type_name.substr(colon + 1);
    // Validators joined by CLI11: "A OR B", "A AND B".
    std::vector<std::string> parts;
    std::string joiner = " or ";
    for (const std::string op : {" OR ", " AND "}) {
        if (rest.find(op) == std::string::npos) continue;
        joiner = op == " OR " ? " or " : " and ";
        for (std::size_t start = 0; start <= rest.size();) {
            std::size_t at = rest.find(op, start);
            if (at == std::string::npos) at = rest.size();
            parts.push_back(validatorInWords(rest.substr(start, at - start)));
            start = at + op.size();
        }
        break;
    }
    if (parts.empty()) parts.push_back(validatorInWords(rest));
    // "INT:INT" of a plain range (CLI11 repeats the type before its validators).
    const std::string base = type_name.substr(0, colon);
    parts.erase(std::remove(parts.begin(), parts.end(), base), parts.end());
    return fmt::format("{}", fmt::join(parts, joiner));
}

std::string commandPath(const CLI::App *app) {
    std::string path;
    for (const CLI::App *a = app; a != nullptr && a->get_parent() != nullptr; a = a->get_parent()) {
        path = path.empty() ? a->get_name() : a->get_name() + " " + path;
    }
    return path;
}

std::string HelpFormatter::make_usage(const CLI::App *app, std::string) const {
    std::string out = "Usage: robometrics";
    if (!commandPath(app).empty()) out += " " + commandPath(app);
    if (!app->get_options([](const CLI::Option *o) { return o->nonpositional(); }).empty()) out += " [OPTIONS]";
    const bool has_subcommands =
        !app->get_subcommands([](const CLI::App *sub) { return !sub->get_name().empty(); }).empty();
    if (has_subcommands) out += app->get_require_subcommand_min() > 0 ? " COMMAND" : " [COMMAND]";
    for (const CLI::Option *p : app->get_options([](const CLI::Option *o) { return o->get_positional(); })) {
        if (p->get_group().empty()) continue;  // hidden (evo's extra positionals)
        std::string word = make_option_name(p, true);
        if (p->get_expected_max() > 1) word += "...";
        out += " " + (p->get_required() ? word : "[" + word + "]");
    }
    return out + "\n";
}

std::string HelpFormatter::make_option_name(const CLI::Option *option, bool is_positional) const {
    if (is_positional) return valueName(option);
    std::vector<std::string> names;
    for (const std::string &s : option->get_snames()) names.push_back("-" + s);
    for (const std::string &l : option->get_lnames()) names.push_back("--" + l);
    return fmt::format("{}", fmt::join(names, ", "));
}

std::string HelpFormatter::make_option_opts(const CLI::Option *option) const {
    if (option->get_positional() || isFlag(option)) return {};
    std::string out = " " + valueName(option);
    if (option->get_expected_max() > 1) out += "...";
    return out;
}

std::string HelpFormatter::make_option_desc(const CLI::Option *option) const {
    std::vector<std::string> notes;
    if (option->get_required()) notes.push_back("required");
    if (!isFlag(option)) {
        if (std::string words = describeValueInWords(option->get_type_name()); !words.empty()) notes.push_back(words);
        if (!option->get_default_str().empty()) notes.push_back("default: " + option->get_default_str());
        if (!option->get_positional() && option->get_expected_max() > 1) notes.push_back("may be repeated");
    }
    for (const CLI::Option *other : option->get_needs()) notes.push_back("needs " + make_option_name(other, false));
    for (const CLI::Option *other : option->get_excludes())
        notes.push_back("not with " + make_option_name(other, false));
    std::string description = option->get_description();
    if (notes.empty()) return description;
    return fmt::format("{}{}({})", description, description.empty() ? "" : " ", fmt::join(notes, "; "));
}

std::string HelpFormatter::make_expanded(const CLI::App *sub) const {
    if (!sub->get_name().empty()) return CLI::Formatter::make_expanded(sub);
    std::string title = sub->get_group();
    if (!title.empty()) title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    std::string rule;
    if (sub->get_require_option_max() == 1) rule = sub->get_require_option_min() == 1 ? " (exactly one)" : " (at most one)";
    std::string out = "\n" + title + " options" + rule + ":\n";
    for (const CLI::Option *option : sub->get_options())
        if (option != sub->get_help_ptr() && option != sub->get_help_all_ptr()) out += make_option(option, false);
    return out;
}

std::string HelpFormatter::make_footer(const CLI::App *app) const {
    std::string out;
    if (!app->get_footer().empty()) out += app->get_footer() + "\n";
    const std::vector<std::string> examples = commandExamples(commandPath(app));
    if (examples.empty()) return out;
    out += "Examples:\n";
    for (const std::string &example : examples) out += "  " + example + "\n";
    return out;
}

}  // namespace robometrics::app
