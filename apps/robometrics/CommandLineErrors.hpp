#pragma once
// How the command line's mistakes are told (docs/install.md, Errors): every message reads
// "robometrics CMD: error: ...", an unknown command is named with the nearest known one, and
// CLI11's wording is put in ours. Bad usage exits 2, bad input 1.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace robometrics::app {

/// The known name nearest to `typed` (edit distance, or the only one it begins), when one is near
/// enough to be what was meant.
std::optional<std::string> nearestName(const std::string &typed, const std::vector<std::string> &known);

/// "unknown command 'evalute'; did you mean 'evaluate'?" (or without the question).
std::string unknownCommandMessage(const std::string &typed, const std::vector<std::string> &known);

/// A CLI11 parse error in our words: "unexpected argument 'x'", "--output is required".
std::string parseErrorInWords(const CLI::ParseError &error);

/// The names of the subcommands of `app` that a user may type.
std::vector<std::string> subcommandNames(const CLI::App &app);

}  // namespace robometrics::app
