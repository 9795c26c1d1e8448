#pragma once
// The --help text of every command, in words rather than CLI11's notation: an option's value is
// named after the option (`--threads THREADS`, as Python's argparse and so evo write it), and what
// the value may be goes into the description ("1 to 2; default: 2", "one of: none, se3, sim3"),
// instead of `INT:INT in [1 - 2]=2`. The usage line names the program `robometrics` whatever
// path it was started by, lists only the positionals a user types, and each command's examples
// close its help. The man pages are made from this text (docs/install.md), so they say the same.

#include <CLI/CLI.hpp>
#include <string>

namespace robometrics::app {

class HelpFormatter : public CLI::Formatter {
public:
    HelpFormatter() { label("Positionals", "Arguments"); }
    std::string make_usage(const CLI::App *app, std::string name) const override;
    std::string make_option_name(const CLI::Option *option, bool is_positional) const override;
    std::string make_option_opts(const CLI::Option *option) const override;
    std::string make_option_desc(const CLI::Option *option) const override;
    std::string make_footer(const CLI::App *app) const override;
    /// An option group ("format": --json, --csv, --md) as "Format options (at most one): ...".
    std::string make_expanded(const CLI::App *sub) const override;
};

/// What a CLI11 type name with its validators says, in words: "INT:INT in [1 - 2]" gives "1 to 2",
/// "TEXT:{a,b}" "one of: a, b", "FLOAT:NONNEGATIVE" "at least 0"; empty when it says nothing
/// beyond the type.
std::string describeValueInWords(const std::string &type_name);

/// The command path of a CLI11 subcommand below the main app: "evaluate", "live record".
std::string commandPath(const CLI::App *app);

}  // namespace robometrics::app
