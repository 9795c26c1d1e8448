#pragma once
// The `-o` rule of every command that writes a file: a name whose extension the command does not
// write is bad usage (exit 2), the message names the file and the extensions it takes, and no
// file appears under that name.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "TestSupport.hpp"

namespace robometrics::test {

/// Runs robometrics with `args` (which name `refused` as the output) and checks the rule.
inline void expectOutputRefused(const std::vector<std::string> &args, const std::filesystem::path &refused,
                                const std::vector<std::string> &taken) {
    CommandResult r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(refused.string()), std::string::npos) << r.err;
    for (const std::string &extension : taken) EXPECT_NE(r.err.find(extension), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(refused));
}

}  // namespace robometrics::test
