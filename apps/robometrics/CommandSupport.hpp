#pragma once
// Small helpers shared by the command files: error printing and output conventions.

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::app {

/// Prints "robometrics <command>: error: <message>" on stderr and returns exit code 1.
inline int fail(const std::string &command, const std::string &message) {
    fmt::print(stderr, "robometrics {}: error: {}\n", command, message);
    return 1;
}

inline int fail(const std::string &command, const Error &error) { return fail(command, error.message); }

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

/// A malformed "-p name:=value" or "--topic name=/topic" is bad usage (exit code 2).
inline std::optional<int> checkUsage(const std::string &command, const std::vector<std::string> &overrides,
                                     const std::vector<std::string> &remaps = {}) {
    Params probe;
    if (Status s = probe.applyOverrides(overrides); !s.ok()) return usage(command, s);
    pipeline::Pipeline remapped;
    if (Status s = remapped.addRemaps(remaps); !s.ok()) return usage(command, s);
    return std::nullopt;
}

}  // namespace robometrics::app
