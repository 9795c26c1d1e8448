#pragma once
// `robometrics completion bash`: the bash completion script, made from the same command tree as
// --help (so the two cannot drift). It completes command names (`robometrics ev<TAB>`), each
// command's options, an option's choices (`--align <TAB>`: none origin se3 ...), and file names
// for positionals and for options that take a path. The package installs it as
// /usr/share/bash-completion/completions/robometrics (docs/install.md).

#include <CLI/CLI.hpp>
#include <string>

namespace robometrics::app {

std::string bashCompletionScript(CLI::App &app);

/// `robometrics completion zsh`: the same for zsh, with each command's and option's help in the
/// menu; installed as /usr/share/zsh/vendor-completions/_robometrics.
std::string zshCompletionScript(CLI::App &app);

}  // namespace robometrics::app
