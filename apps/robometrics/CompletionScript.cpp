#include "CompletionScript.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

#include "CommandLineErrors.hpp"
#include "HelpFormatter.hpp"

namespace robometrics::app {
namespace {

std::vector<std::string> optionNames(const CLI::Option *option) {
    std::vector<std::string> names;
    for (const std::string &s : option->get_snames()) names.push_back("-" + s);
    for (const std::string &l : option->get_lnames()) names.push_back("--" + l);
    return names;
}

/// The choices of an option checked with CLI::IsMember ("TEXT:{a,b}"), space separated.
std::string choicesOf(const CLI::Option *option) {
    const std::string type = option->get_type_name();
    const auto open = type.find(":{");
    const auto close = type.find('}', open == std::string::npos ? 0 : open);
    if (open == std::string::npos || close == std::string::npos) return {};
    std::string inner = type.substr(open + 2, close - open - 2);
    for (char &c : inner)
        if (c == ',') c = ' ';
    return inner;
}

/// Every option of `app` and of its option groups (nameless subcommands).
std::vector<const CLI::Option *> allOptions(const CLI::App *app) {
    std::vector<const CLI::Option *> options =
        app->get_options([](const CLI::Option *o) { return o->nonpositional() && !o->get_group().empty(); });
    for (const CLI::App *group : app->get_subcommands([](const CLI::App *s) { return s->get_name().empty(); })) {
        for (const CLI::Option *o : allOptions(group)) options.push_back(o);
    }
    return options;
}

void describe(const CLI::App *app, std::string &commands, std::string &options, std::string &values) {
    const std::string path = commandPath(app);
    std::vector<std::string> names;
    std::vector<std::string> subcommands;
    for (const CLI::App *sub : app->get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        subcommands.push_back(sub->get_name());
    for (const CLI::Option *o : allOptions(app)) {
        const std::vector<std::string> own = optionNames(o);
        names.insert(names.end(), own.begin(), own.end());
        if (o->get_type_name().empty()) continue;  // a flag
        const std::string choices = choicesOf(o);
        values += fmt::format("        \"{}\":{})\n            {}; return;;\n", path, fmt::join(own, "|\"" + path + "\":"),
                              choices.empty() ? "_robometrics_files" : "COMPREPLY=($(compgen -W \"" + choices + "\" -- \"$cur\"))");
    }
    commands += fmt::format("        \"{}\") echo \"{}\";;\n", path, fmt::join(subcommands, " "));
    const bool positionals = !app->get_options([](const CLI::Option *o) { return o->get_positional(); }).empty();
    options += fmt::format("        \"{}\") opts=\"{}\"; files={};;\n", path, fmt::join(names, " "), positionals ? 1 : 0);
    for (const CLI::App *sub : app->get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        describe(sub, commands, options, values);
}

}  // namespace

std::string bashCompletionScript(CLI::App &app) {
    std::string commands, options, values;
    describe(&app, commands, options, values);
    return fmt::format(R"SH(# bash completion for robometrics (made by 'robometrics completion bash')

_robometrics_files() {{
    if declare -F _filedir >/dev/null; then _filedir; else COMPREPLY=($(compgen -f -- "$cur")); fi
}}

# The commands below a command path ("" is the top level).
_robometrics_commands() {{
    case "$1" in
{}    esac
}}

_robometrics() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local path="" i w sub
    COMPREPLY=()
    # The command path: the words before the cursor that name a command below the path so far.
    for ((i = 1; i < COMP_CWORD; i++)); do
        w="${{COMP_WORDS[i]}}"
        [[ "$w" == "--" ]] && {{ _robometrics_files; return; }}
        for sub in $(_robometrics_commands "$path"); do
            if [[ "$w" == "$sub" ]]; then path="${{path:+$path }}$w"; break; fi
        done
    done
    # The value of an option: its choices, or a file name.
    if [[ $COMP_CWORD -gt 1 || -n "$prev" ]]; then
        case "$path:$prev" in
{}        esac
    fi
    local opts="" files=0
    case "$path" in
{}    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    local cmds
    cmds="$(_robometrics_commands "$path")"
    if [[ "$path" == "help" ]]; then cmds="$(_robometrics_commands "")"; fi
    if [[ -n "$cmds" ]]; then COMPREPLY=($(compgen -W "$cmds" -- "$cur")); fi
    if [[ $files == 1 && "$path" != "help" ]]; then
        local found=("${{COMPREPLY[@]}}")
        _robometrics_files
        COMPREPLY=("${{found[@]}}" "${{COMPREPLY[@]}}")
    fi
}}
complete -o filenames -F _robometrics robometrics
)SH",
                       commands, values, options);
}

}  // namespace robometrics::app
