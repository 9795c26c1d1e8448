#pragma once
// How the command line's mistakes are told (docs/install.md, Errors): every message reads
// "robometrics CMD: error: ...", an unknown command is named with the nearest known one, and
// CLI11's wording is put in ours. Bad usage exits 2, bad input 1.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Text.hpp"

namespace robometrics::app {

/// "unknown command 'evalute'; did you mean 'evaluate'?" (or without the question).
std::string unknownCommandMessage(const std::string &typed, const std::vector<std::string> &known);

/// A CLI11 parse error in our words: "unexpected argument 'x'", "--output is required".
std::string parseErrorInWords(const CLI::ParseError &error);

/// The names of the subcommands of `app` that a user may type.
std::vector<std::string> subcommandNames(const CLI::App &app);

}  // namespace robometrics::app
