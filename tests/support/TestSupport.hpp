#pragma once
// Shared helpers for the tests: where the public sample data is, a scratch directory, and a way
// to run the robometrics binary and capture what it prints.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace robometrics::test {

/// ROBOMETRICS_TEST_DATA, or ../shared/data beside the project root.
std::filesystem::path testDataDir();

/// The path of a sample file under the data directory; empty when the data is absent.
std::filesystem::path dataFile(const std::string &relative);

/// A fresh empty directory for one test, removed at process exit.
std::filesystem::path scratchDir(const std::string &name);

struct CommandResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Runs the robometrics binary (ROBOMETRICS_BINARY) with `args`, capturing stdout and stderr.
CommandResult runRobometrics(const std::vector<std::string> &args);

}  // namespace robometrics::test

/// Skips the current test with a visible reason when a sample file is not available.
#define ROBOMETRICS_REQUIRE_DATA(var, relative)                                              \
    const std::filesystem::path var = ::robometrics::test::dataFile(relative);               \
    if (var.empty()) GTEST_SKIP() << "sample data not found: " << (relative)                 \
                                  << " (set ROBOMETRICS_TEST_DATA to ../shared/data)"
