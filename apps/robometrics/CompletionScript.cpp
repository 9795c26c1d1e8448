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
        values += fmt::format(
            "        \"{}\":{})\n            {}; return;;\n", path, fmt::join(own, "|\"" + path + "\":"),
            choices.empty() ? "_robometrics_files" : "COMPREPLY=($(compgen -W \"" + choices + "\" -- \"$cur\"))");
    }
    commands += fmt::format("        \"{}\") echo \"{}\";;\n", path, fmt::join(subcommands, " "));
    const bool positionals = !app->get_options([](const CLI::Option *o) { return o->get_positional(); }).empty();
    options +=
        fmt::format("        \"{}\") opts=\"{}\"; files={};;\n", path, fmt::join(names, " "), positionals ? 1 : 0);
    for (const CLI::App *sub : app->get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        describe(sub, commands, options, values);
}

/// A zsh word: $'...' with backslashes, quotes and line ends escaped.
std::string zshQuoted(const std::string &text) {
    std::string out = "$'";
    for (char c : text) {
        if (c == '\\' || c == '\'') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "'";
}

/// The first line of a help text, for a completion menu.
std::string firstLine(const std::string &text) { return text.substr(0, text.find('\n')); }

/// zsh's tables, one entry per command path: its commands and options as "name:description"
/// lines, whether it takes positionals, and per option that takes a value its choices.
void describeForZsh(const CLI::App *app, std::string &commands, std::string &options, std::string &positionals,
                    std::string &values) {
    const std::string key = "/" + commandPath(app);  // "/" the top level: zsh subscripts cannot be empty
    std::vector<std::string> subs, opts;
    for (const CLI::App *sub : app->get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        subs.push_back(sub->get_name() + ":" + firstLine(sub->get_description()));
    for (const CLI::Option *o : allOptions(app)) {
        for (const std::string &name : optionNames(o)) {
            opts.push_back(name + ":" + firstLine(o->get_description()));
            if (!o->get_type_name().empty())  // not a flag: its value's choices, or a file
                values += fmt::format("  {} {}\n", zshQuoted(key + ":" + name), zshQuoted(choicesOf(o)));
        }
    }
    commands += fmt::format("  {} {}\n", zshQuoted(key), zshQuoted(fmt::format("{}", fmt::join(subs, "\n"))));
    options += fmt::format("  {} {}\n", zshQuoted(key), zshQuoted(fmt::format("{}", fmt::join(opts, "\n"))));
    const bool takes = !app->get_options([](const CLI::Option *o) { return o->get_positional(); }).empty();
    positionals += fmt::format("  {} {}\n", zshQuoted(key), takes ? 1 : 0);
    for (const CLI::App *sub : app->get_subcommands([](const CLI::App *s) { return !s->get_name().empty(); }))
        describeForZsh(sub, commands, options, positionals, values);
}

}  // namespace

std::string zshCompletionScript(CLI::App &app) {
    std::string commands, options, positionals, values;
    describeForZsh(&app, commands, options, positionals, values);
    return fmt::format(R"SH(#compdef robometrics
# zsh completion for robometrics (made by 'robometrics completion zsh'): commands and options with
# their help, an option's choices, file names for the rest. Install as _robometrics in a folder of
# $fpath (the package puts it in /usr/share/zsh/vendor-completions), or for this shell:
#   source <(robometrics completion zsh)

typeset -gA _robometrics_cmds _robometrics_opts _robometrics_pos _robometrics_vals
# The commands and the options below each command path, keyed "/PATH" ("/" is the top level),
# as "name:help" lines.
_robometrics_cmds=(
{})
_robometrics_opts=(
{})
# 1 where the command takes positionals (files).
_robometrics_pos=(
{})
# The choices of an option that takes a value, keyed "/PATH:OPTION"; empty: a file.
_robometrics_vals=(
{})

# What to offer for the words of a command line (the program's name first, the word being
# completed last), on stdout: "commands /PATH", "options /PATH", "choices WORD...", "files", or
# "commands-and-files /PATH". Kept apart from the widget so that it runs outside completion too.
_robometrics_offer() {{
  local key=/ w prev="" sub
  local -a given=("${{@[2,-2]}}")
  local cur="${{@[-1]}}"
  for w in "${{given[@]}}"; do
    if [[ "$w" == "--" ]]; then print -r -- files; return; fi
    for sub in ${{(f)_robometrics_cmds[$key]}}; do
      if [[ "$w" == "${{sub%%:*}}" ]]; then
        if [[ "$key" == / ]]; then key="/$w"; else key="$key $w"; fi
        break
      fi
    done
  done
  (( ${{#given}} )) && prev="${{given[-1]}}"
  if [[ "$prev" == -* ]] && (( ${{+_robometrics_vals[$key:$prev]}} )); then
    if [[ -n "${{_robometrics_vals[$key:$prev]}}" ]]; then
      print -r -- "choices ${{_robometrics_vals[$key:$prev]}}"
    else
      print -r -- files
    fi
    return
  fi
  if [[ "$cur" == -* ]]; then print -r -- "options $key"; return; fi
  if [[ "$key" == /help ]]; then print -r -- "commands /"; return; fi
  if [[ "${{_robometrics_pos[$key]}}" == 1 ]]; then print -r -- "commands-and-files $key"; return; fi
  print -r -- "commands $key"
}}

_robometrics() {{
  local offer key
  local -a entries
  offer="$(_robometrics_offer "${{(@)words[1,CURRENT]}}")"
  case "$offer" in
    files) _files ;;
    choices\ *) entries=(${{=offer#choices }}); compadd -a entries ;;
    options\ *)
      key="${{offer#options }}"
      entries=(${{(f)_robometrics_opts[$key]}})
      _describe -t options option entries ;;
    commands\ *|commands-and-files\ *)
      key="${{offer#* }}"
      entries=(${{(f)_robometrics_cmds[$key]}})
      (( ${{#entries}} )) && _describe -t commands command entries
      [[ "$offer" == commands-and-files\ * ]] && _files ;;
  esac
}}

# Autoloaded from $fpath (compinit), this file is the body of _robometrics: its first run defines
# the functions above and completes. Sourced, it registers the completion.
if [[ "${{funcstack[1]}}" == _robometrics ]]; then
  _robometrics "$@"
elif (( $+functions[compdef] )); then
  compdef _robometrics robometrics
fi
)SH",
                       commands, options, positionals, values);
}

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
