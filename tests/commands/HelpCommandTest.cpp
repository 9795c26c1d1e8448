// robometrics with no command, and `robometrics help [COMMAND]`: the list, one command's options,
// and the exit codes (0 when help was asked for, 2 when a command was missing or unknown).

#include <gtest/gtest.h>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

TEST(HelpCommand, NoArgumentsPrintsTheHelpAndExitsTwo) {
    CommandResult r = runRobometrics({});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out.rfind("robometrics ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("\nUsage: robometrics <command> [options]\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n  traversal "), std::string::npos) << r.out;
    EXPECT_EQ(runRobometrics({"help"}).out, r.out);  // the same text, asked for: exit 0
    EXPECT_EQ(runRobometrics({"help"}).exit_code, 0);
}

TEST(HelpCommand, HelpForOneCommandIsItsOptions) {
    CommandResult r = runRobometrics({"help", "topic-stats"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Usage: robometrics topic-stats [OPTIONS] BAG"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--window"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");

    CommandResult nested = runRobometrics({"help", "live", "record"});
    EXPECT_EQ(nested.exit_code, 0) << nested.err;
    EXPECT_NE(nested.out.find("Usage: robometrics live record [OPTIONS]"), std::string::npos) << nested.out;
}

TEST(HelpCommand, UnknownCommandExitsTwo) {
    CommandResult r = runRobometrics({"help", "frobnicate"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "robometrics help: error: unknown command 'frobnicate' (run 'robometrics help' for the list)\n");
    EXPECT_EQ(runRobometrics({"help", "live", "frobnicate"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"frobnicate"}).exit_code, 2);
}

}  // namespace
}  // namespace robometrics::test
