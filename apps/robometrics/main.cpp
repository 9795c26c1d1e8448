// robometrics: measures how well a robot navigates, from ROS 2 bags, without ROS.

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "Command.hpp"
#include "CommandExamples.hpp"
#include "CommandLineErrors.hpp"
#include "CompletionScript.hpp"
#include "HelpFormatter.hpp"
#include "Version.hpp"
#include "robometrics/core/HugePages.hpp"
#include "robometrics/core/InterruptCleanup.hpp"

namespace robometrics::app {

std::vector<CommandSpec> &commandRegistry() {
    static std::vector<CommandSpec> registry;
    return registry;
}

namespace {
std::vector<std::string> &storedArguments() {
    static std::vector<std::string> arguments;
    return arguments;
}
}  // namespace

const std::vector<std::string> &programArguments() { return storedArguments(); }

namespace {

void printHelp() {
    std::vector<CommandSpec> specs = commandRegistry();
    std::stable_sort(specs.begin(), specs.end(), [](const auto &a, const auto &b) { return a.order < b.order; });
    fmt::print("robometrics {} - measures how well a robot navigates, from ROS 2 bags, without ROS\n\n", kVersion);
    fmt::print("Usage: robometrics <command> [options]\n\nCommands:\n");
    for (const auto &spec : specs) fmt::print("  {:<14} {}\n", spec.name, spec.summary);
    fmt::print("\nAlso: 'help [COMMAND]', 'version' (or -V, --version), 'completion bash' (the shell completion).\n");
    fmt::print(
        "\nRun 'robometrics help <command>' (or 'robometrics <command> --help') for a command's options.\n"
        "Exit codes: 0 success, 1 runtime or input error, 2 bad usage.\n");
    fmt::print("\nExamples:\n");
    for (const std::string &example : commandExamples("")) fmt::print("  {}\n", example);
}

/// The command path that `args` (the words after the program's name) name: "evaluate",
/// "live record", or "" when the first word is no command.
std::string commandPathOf(CLI::App &app, const std::vector<std::string> &args) {
    CLI::App *at = &app;
    std::string path;
    for (const std::string &word : args) {
        CLI::App *next = nullptr;
        for (CLI::App *sub : at->get_subcommands([](CLI::App *s) { return !s->get_name().empty(); }))
            if (sub->get_name() == word) next = sub;
        if (!next) {
            if (at == &app) break;  // the first word names the command or nothing
            continue;
        }
        at = next;
        path = path.empty() ? word : path + " " + word;
    }
    return path;
}

/// A first word that is neither an option nor a command, or a word after a command that has only
/// commands below it (`live recrod`): the error that names it and the nearest command.
std::optional<int> unknownCommand(CLI::App &app, const std::vector<std::string> &args) {
    CLI::App *at = &app;
    std::string path;
    for (const std::string &word : args) {
        if (word.empty() || word[0] == '-') return std::nullopt;
        const std::vector<std::string> known = subcommandNames(*at);
        const bool only_commands =
            at == &app ||
            (!known.empty() && at->get_options([](CLI::Option *o) { return o->get_positional(); }).empty());
        if (known.empty() || !only_commands) return std::nullopt;
        CLI::App *next = nullptr;
        for (CLI::App *sub : at->get_subcommands([](CLI::App *s) { return !s->get_name().empty(); }))
            if (sub->get_name() == word) next = sub;
        if (!next) {
            fmt::print(stderr, "robometrics{}: error: {}\nRun 'robometrics help{}' for the list of commands.\n",
                       path.empty() ? "" : " " + path, unknownCommandMessage(word, known),
                       path.empty() ? "" : " " + path);
            return 2;
        }
        at = next;
        path = path.empty() ? word : path + " " + word;
        if (word == "help") return std::nullopt;
    }
    return std::nullopt;
}

/// `robometrics help [COMMAND [SUBCOMMAND]]`: the command list, or one command's options.
int runHelp(CLI::App &app, const std::vector<std::string> &path) {
    if (path.empty()) {
        printHelp();
        return 0;
    }
    CLI::App *command = &app;
    std::string parents = "robometrics";  // CLI11 prints "Usage: <parents> <name> ..."
    for (const std::string &name : path) {
        if (command != &app) parents += " " + command->get_name();
        CLI::App *next = nullptr;
        for (CLI::App *sub : command->get_subcommands([](CLI::App *) { return true; })) {
            if (sub->get_name() == name && name != "help") next = sub;
        }
        if (!next) {
            std::vector<std::string> known = subcommandNames(*command);
            known.erase(std::remove(known.begin(), known.end(), "help"), known.end());
            const std::string message = path.size() == 1 ? unknownCommandMessage(name, known)
                                                         : fmt::format("unknown command '{}'", fmt::join(path, " "));
            fmt::print(stderr, "robometrics help: error: {} (run 'robometrics help' for the list)\n", message);
            return 2;
        }
        command = next;
    }
    fmt::print("{}", command->help(parents));
    return 0;
}

int runMain(int argc, char **argv) {
    storedArguments().assign(argv, argv + argc);
    CLI::App app{"robometrics: measures how well a robot navigates, from ROS 2 bags, without ROS"};
    // Before the subcommands: they take the main app's formatter when they are added.
    app.formatter(std::make_shared<HelpFormatter>());
    app.set_version_flag("-V,--version", std::string("robometrics ") + kVersion, "Print the version and exit");
    app.require_subcommand(0, 1);
    std::map<CLI::App *, RunFn> runners;
    for (const auto &spec : commandRegistry()) {
        CLI::App *sub = app.add_subcommand(spec.name, spec.summary);
        runners[sub] = spec.setup(*sub);
        // The commands below a command (live record, bench report) are listed as "Commands:".
        for (CLI::App *below : sub->get_subcommands([](CLI::App *s) { return !s->get_name().empty(); }))
            below->group("Commands");
    }
    CLI::App *help = app.add_subcommand("help", "List the commands, or show one command's options");
    std::vector<std::string> help_path;
    help->add_option("command", help_path, "a command (and subcommand, e.g. 'live record')");
    CLI::App *version = app.add_subcommand("version", "Print the version and exit");
    CLI::App *completion = app.add_subcommand("completion", "Print the shell completion script (bash or zsh)");
    std::string shell = "bash";
    completion->add_option("shell", shell, "The shell")->check(CLI::IsMember({"bash", "zsh"}))->capture_default_str();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (auto code = unknownCommand(app, args)) return *code;
    const std::string command = commandPathOf(app, args);
    try {
        for (const auto &spec : commandRegistry()) {
            if (!spec.rewrite || args.empty() || args.front() != spec.name) continue;
            std::vector<std::string> rest = spec.rewrite(std::vector<std::string>(args.begin() + 1, args.end()));
            rest.insert(rest.begin(), spec.name);
            args = std::move(rest);
        }
        // Named as parse(argc, argv) names the program.
        if (argc > 0) app.name(argv[0]);
        std::reverse(args.begin(), args.end());  // CLI11 takes a vector of arguments last first
        app.parse(std::move(args));
    } catch (const CLI::CallForHelp &e) {
        if (command.empty()) {  // `robometrics --help`: the list, as `robometrics help`
            printHelp();
            return 0;
        }
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion &e) {
        return app.exit(e);
    } catch (const CLI::ParseError &e) {
        fmt::print(stderr, "robometrics{}: error: {}\nRun 'robometrics {}--help' for its options and examples.\n",
                   command.empty() ? "" : " " + command, parseErrorInWords(e), command.empty() ? "" : command + " ");
        return 2;
    }
    if (help->parsed()) return runHelp(app, help_path);
    if (version->parsed()) {
        fmt::print("robometrics {}\n", kVersion);
        return 0;
    }
    if (completion->parsed()) {
        fmt::print("{}", shell == "zsh" ? zshCompletionScript(app) : bashCompletionScript(app));
        return 0;
    }
    if (app.get_subcommands().empty()) {  // no command: the help, and an exit code that says so
        printHelp();
        return 2;
    }
    CLI::App *chosen = app.get_subcommands().front();
    return runners.at(chosen)();
}

}  // namespace
}  // namespace robometrics::app

int main(int argc, char **argv) {
    // Blocks of 4 MiB and more (a long run's tracks, trajectories and plot data) are mapped and
    // handed back to the system when freed. glibc's default raises that threshold to the largest
    // block freed so far, after which such blocks are carved from the heap and stay with the
    // process after use: a 4-hour evaluation then peaked at 143 MB instead of 103 MB (with 1 MiB
    // here), at the same speed. Smaller blocks come from the heap, which keeps up to 32 MiB of
    // freed memory instead of glibc's fixed 128 KiB (the default once the threshold is set): every
    // block mapped anew or heap trimmed and grown again is fresh pages that the kernel must make
    // and zero (issue 62: evaluate on the 2400 s terrain run took 23 000 page faults for 9 000
    // resident pages with 1 MiB and no trim threshold, about 10 000 for 13 000 with these, its
    // system time 0.38-0.45 s -> 0.22-0.30 s, peak RSS 36 -> 50-54 MB). The environment's MALLOC_MMAP_THRESHOLD_ and
    // MALLOC_TRIM_THRESHOLD_ still decide when they are set.
    if (std::getenv("MALLOC_TRIM_THRESHOLD_") == nullptr) mallopt(M_TRIM_THRESHOLD, 32 << 20);
    if (std::getenv("MALLOC_MMAP_THRESHOLD_") == nullptr) {
        // The heap's first 30 MiB in transparent huge pages (made on first touch, 2 MiB at a
        // time): evaluate's heap grows once to about its peak (the chunk buffers, the batches),
        // and each 4 KiB page of it was a page fault, costly on a virtual machine. Issue 62, the
        // 2400 s terrain run: 7 300-8 300 page faults -> 800-1 100, peak RSS +2-3 MB
        // (docs/evaluate.md, Speed and memory). The block must come from the heap, so the mmap
        // threshold is glibc's largest (32 MiB) while it is made, and stay there when freed (the
        // trim threshold above).
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        robometrics::adviseHeapHugePages(std::size_t{30} << 20);
        mallopt(M_MMAP_THRESHOLD, 4 << 20);
    }
    // One heap for every thread: what a loading thread frees (a batch, a decompressed chunk) is
    // reused by the analysis threads instead of waiting in that thread's own arena, each of which
    // glibc grows and trims on its own. With the thresholds above and an arena per thread a
    // 4-hour evaluation peaked at 93-97 MB (68 MB before them); with one arena 73-78 MB, and the
    // 2400 s terrain run 40 MB with 7 500 page faults instead of 54 MB with 10 800, at the same
    // CPU time (convert and topic-stats too; docs/evaluate.md, Memory). MALLOC_ARENA_MAX wins.
    if (std::getenv("MALLOC_ARENA_MAX") == nullptr) mallopt(M_ARENA_MAX, 1);
    // Before any output file exists: Ctrl-C must never leave a half-written one.
    robometrics::installInterruptCleanup();
    try {
        return robometrics::app::runMain(argc, argv);
    } catch (const std::exception &e) {
        // Modules report input errors as values; reaching this is a bug, but never crash on it.
        std::fprintf(stderr, "robometrics: internal error: %s\n", e.what());
        return 1;
    }
}
