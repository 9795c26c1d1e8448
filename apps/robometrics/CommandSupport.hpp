#pragma once
// Small helpers shared by the command files: error printing and output conventions.

#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics::app {

/// Prints "robometrics <command>: error: <message>" on stderr and returns exit code 1.
inline int fail(const std::string &command, const std::string &message) {
    fmt::print(stderr, "robometrics {}: error: {}\n", command, message);
    return 1;
}

inline int fail(const std::string &command, const Error &error) { return fail(command, error.message); }

}  // namespace robometrics::app
