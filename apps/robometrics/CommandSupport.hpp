#pragma once
// Small helpers shared by the command files: error printing and output conventions.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/nodes/NodeArguments.hpp"

namespace robometrics::app {

/// Prints "robometrics <command>: error: <message>" on stderr and returns exit code 1.
inline int fail(const std::string &command, const std::string &message) {
    fmt::print(stderr, "robometrics {}: error: {}\n", command, message);
    return 1;
}

/// A reader's error about a file cut short ("truncated: ..."; only a --strict read gives one) ends
/// with what to do instead.
inline std::string withCutHint(const std::string &message) {
    if (message.find("truncated: ") == std::string::npos) return message;
    return message + ". Run without --strict to read what was recorded before the cut";
}

inline int fail(const std::string &command, const Error &error) { return fail(command, withCutHint(error.message)); }

/// `--strict` of the commands that read bags: refuse a damaged bag instead of reading what is
/// readable (docs/bags.md, Recordings cut short).
inline void addStrictOption(CLI::App &app, bool &strict) {
    app.add_flag("--strict", strict,
                 "refuse a damaged or truncated bag (exit 1) instead of reading what was recorded before the damage");
}

/// `--quiet` of the commands that read whole bags: no progress line on stderr, even on a terminal
/// (core/ByteProgress.hpp; none is drawn when stderr is not a terminal anyway).
inline void addQuietOption(CLI::App &app, bool &quiet) {
    app.add_flag("-q,--quiet", quiet, "no progress line on stderr (drawn only when stderr is a terminal)");
}

/// The same message for bad usage: exit code 2.
inline int usage(const std::string &command, const Status &status) {
    fail(command, status.error());
    return 2;
}

/// "robometrics <command>: <kind>: <before><line><after>" on stderr for each line.
inline void printNotes(const std::string &command, const char *kind, const std::vector<std::string> &lines,
                       const char *before = "", const char *after = "") {
    for (const std::string &line : lines) {
        fmt::print(stderr, "robometrics {}: {}: {}{}{}\n", command, kind, before, line, after);
    }
}

/// The check of a file option (`-o FILE`, convert's OUT): the name must end in one of
/// `extensions` (".csv"), the formats the command writes. Any other name is bad usage (exit 2)
/// before anything runs, so that a file never holds another format than its name says (CSV under
/// `run.mcap`). The message names the file and the extensions taken.
inline CLI::Validator writesExtensions(std::vector<std::string> extensions) {
    const std::string taken = fmt::format("{}", fmt::join(extensions, " or "));
    return CLI::Validator(
        [extensions, taken](std::string &path) -> std::string {
            for (const std::string &extension : extensions) {
                if (path.size() > extension.size() &&
                    path.compare(path.size() - extension.size(), extension.size(), extension) == 0)
                    return {};
            }
            return fmt::format("'{}' is not a {} file: this command writes only {}", path, taken, taken);
        },
        fmt::format("FILE{}", fmt::join(extensions, "|FILE")));
}

/// A malformed "-p name:=value" or "--topic name=/topic" is bad usage (exit code 2). The
/// --topic rules as typed (`rules`) are parsed here, once, into `remaps` (when given), the value
/// the run takes.
inline std::optional<int> checkUsage(const std::string &command, const std::vector<std::string> &overrides,
                                     const std::vector<std::string> &rules = {}, pipeline::Remaps *remaps = nullptr) {
    auto parsed = nodes::checkNodeArguments(overrides, rules);
    if (!parsed) return usage(command, parsed.status());
    if (remaps != nullptr) *remaps = std::move(*parsed);
    return std::nullopt;
}

/// `--start S` / `--end S` of the commands that read a window of a bag (evaluate, convert;
/// docs/evaluate.md, A window of a long run), as given.
struct WindowOptions {
    std::optional<std::string> start, end;
    void add(CLI::App &app) {
        app.add_option("--start", start,
                       "from here: seconds since the first message, or an absolute log time in seconds (>= 1e9)");
        app.add_option("--end", end, "up to here (inclusive), spelled as --start");
    }
    /// The bounds into `spec`, resolved on the bag at `bag` into `window` (unset without bounds).
    /// A bound that is not a time, or a window outside the recording, is bad usage (exit 2).
    std::optional<int> resolve(const std::string &command, const std::string &bag, bag::WindowSpec &spec,
                               std::optional<bag::LogWindow> &window) const {
        for (auto [text, bound, option] :
             {std::tuple(&start, &spec.start, "--start"), std::tuple(&end, &spec.end, "--end")}) {
            if (!*text) continue;
            auto parsed = bag::parseWindowBound(**text, option);
            if (!parsed) return usage(command, parsed.error());
            *bound = *parsed;
        }
        if (spec.empty()) return std::nullopt;
        auto resolved = bag::windowOfBag(bag, spec);
        if (!resolved) return usage(command, resolved.error());
        window = *resolved;
        return std::nullopt;
    }
};

}  // namespace robometrics::app
