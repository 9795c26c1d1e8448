#pragma once
// Every subcommand lives in its own file under commands/ and registers itself here with a
// static RegisterCommand object, so adding a command never touches main.cpp.
//
// A command's setup function adds its options to the CLI11 subcommand (binding them to state it
// owns) and returns the function that runs it. That function returns the exit code:
// 0 success, 1 runtime or input error (message already printed on stderr).

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace robometrics::app {

using RunFn = std::function<int()>;
using SetupFn = std::function<RunFn(CLI::App &)>;
/// Rewrites a command's arguments (those after its name) before CLI11 parses them: for spellings
/// CLI11 cannot declare, such as evo's combined `-as` or its `--align` flag beside our `--align MODE`.
using ArgRewriteFn = std::function<std::vector<std::string>(std::vector<std::string>)>;

struct CommandSpec {
    std::string name;
    std::string summary;
    SetupFn setup;
    int order = 100;            ///< position in `robometrics help`
    ArgRewriteFn rewrite = {};  ///< empty: the arguments go to CLI11 as given
};

/// All registered commands.
std::vector<CommandSpec> &commandRegistry();

/// The program's command line as main() received it (argv[0] first), for a command that hands it
/// on to another program (LiveHelperExec.cpp).
const std::vector<std::string> &programArguments();

struct RegisterCommand {
    RegisterCommand(std::string name, std::string summary, SetupFn setup, int order = 100, ArgRewriteFn rewrite = {}) {
        commandRegistry().push_back(
            CommandSpec{std::move(name), std::move(summary), std::move(setup), order, std::move(rewrite)});
    }
};

}  // namespace robometrics::app
