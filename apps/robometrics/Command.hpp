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

struct CommandSpec {
    std::string name;
    std::string summary;
    SetupFn setup;
    int order = 100;  ///< position in `robometrics help`
};

/// All registered commands.
std::vector<CommandSpec> &commandRegistry();

struct RegisterCommand {
    RegisterCommand(std::string name, std::string summary, SetupFn setup, int order = 100) {
        commandRegistry().push_back(CommandSpec{std::move(name), std::move(summary), std::move(setup), order});
    }
};

}  // namespace robometrics::app
