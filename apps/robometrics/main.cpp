// robometrics: measures how well a robot navigates, from ROS 2 bags, without ROS.

#include <algorithm>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <map>
#include <string>

#include <fmt/format.h>

#include "Command.hpp"
#include "Version.hpp"

namespace robometrics::app {

std::vector<CommandSpec> &commandRegistry() {
    static std::vector<CommandSpec> registry;
    return registry;
}

namespace {

void printHelp() {
    std::vector<CommandSpec> specs = commandRegistry();
    std::stable_sort(specs.begin(), specs.end(), [](const auto &a, const auto &b) { return a.order < b.order; });
    fmt::print("robometrics {} - measures how well a robot navigates, from ROS 2 bags, without ROS\n\n", kVersion);
    fmt::print("Usage: robometrics <command> [options]\n\nCommands:\n");
    for (const auto &spec : specs) fmt::print("  {:<14} {}\n", spec.name, spec.summary);
    fmt::print("\nRun 'robometrics <command> --help' for a command's options.\n"
               "Exit codes: 0 success, 1 runtime or input error, 2 bad usage.\n");
}

int runMain(int argc, char **argv) {
    CLI::App app{"robometrics: measures how well a robot navigates, from ROS 2 bags, without ROS"};
    app.set_version_flag("--version", std::string("robometrics ") + kVersion);
    app.require_subcommand(0, 1);
    std::map<CLI::App *, RunFn> runners;
    for (const auto &spec : commandRegistry()) {
        CLI::App *sub = app.add_subcommand(spec.name, spec.summary);
        runners[sub] = spec.setup(*sub);
    }
    CLI::App *help = app.add_subcommand("help", "List the commands");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }
    if (help->parsed() || app.get_subcommands().empty()) {
        printHelp();
        return app.get_subcommands().empty() && argc > 1 ? 2 : 0;
    }
    CLI::App *chosen = app.get_subcommands().front();
    return runners.at(chosen)();
}

}  // namespace
}  // namespace robometrics::app

int main(int argc, char **argv) {
    try {
        return robometrics::app::runMain(argc, argv);
    } catch (const std::exception &e) {
        // Modules report input errors as values; reaching this is a bug, but never crash on it.
        std::fprintf(stderr, "robometrics: internal error: %s\n", e.what());
        return 1;
    }
}
