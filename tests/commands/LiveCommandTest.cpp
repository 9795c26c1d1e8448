// `robometrics live`: usage and configuration errors, which are reported before any DDS
// participant exists (so these run anywhere). The DDS behaviour is tested in tests/live/, inside
// the loopback-only network namespace.

#include <gtest/gtest.h>

#include <cstdlib>

#include "OutputRule.hpp"
#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

TEST(LiveCommand, NeedsOneSubcommandAndValidOptions) {
    EXPECT_EQ(runRobometrics({"live"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"live", "nonsense"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"live", "record"}).exit_code, 2);  // -o is required
    EXPECT_EQ(runRobometrics({"live", "list", "--domain-id", "300"}).exit_code, 2);
    CommandResult window = runRobometrics({"live", "topic-stats", "--window", "0"});
    EXPECT_EQ(window.exit_code, 2);
    EXPECT_NE(window.err.find("--window"), std::string::npos) << window.err;
    EXPECT_EQ(runRobometrics({"live", "traversal", "-p", "nonsense"}).exit_code, 2);
    CommandResult compression = runRobometrics({"live", "record", "-o", "x.mcap", "--compression", "rar"});
    EXPECT_EQ(compression.exit_code, 2);
}

TEST(LiveCommand, BadParametersAndEnvironmentAreErrorsNamingTheCause) {
    const auto out = scratchDir("live_cmd") / "m.csv";
    CommandResult bad = runRobometrics({"live", "traversal", "-o", out.string(), "-p", "buffer_size:=0"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("buffer_size"), std::string::npos) << bad.err;
    // The params are read before any participant exists: a bad one never starts DDS.
    EXPECT_EQ(bad.err.find("DDS participant"), std::string::npos) << bad.err;
    setenv("ROS_DOMAIN_ID", "not-a-number", 1);
    CommandResult env = runRobometrics({"live", "list", "--duration", "0.1"});
    unsetenv("ROS_DOMAIN_ID");
    EXPECT_EQ(env.exit_code, 1);
    EXPECT_NE(env.err.find("robometrics live list: error: ROS_DOMAIN_ID"), std::string::npos) << env.err;
}

// The test support sets ROBOMETRICS_REQUIRE_SANDBOX=1 for every test: outside the loopback-only
// namespace a command that would open a participant fails instead (this test is not in it).
TEST(LiveCommand, NoParticipantOutsideTheLoopbackNamespaceUnderTest) {
    const char *require = std::getenv("ROBOMETRICS_REQUIRE_SANDBOX");
    if (!require || std::string(require) != "1") GTEST_SKIP() << "ROBOMETRICS_REQUIRE_SANDBOX is not 1";
    CommandResult r = runRobometrics({"live", "list", "--duration", "0.1"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("refusing to open a DDS participant outside the loopback-only network namespace"),
              std::string::npos)
        << r.err;
}

TEST(LiveCommand, OutputsMustBeWhatTheSubcommandWrites) {
    // Refused while parsing, before any participant exists.
    const std::filesystem::path dir = scratchDir("live_cmd_ext");
    expectOutputRefused({"live", "traversal", "-o", (dir / "m.mcap").string()}, dir / "m.mcap", {".csv"});
    expectOutputRefused({"live", "record", "-o", (dir / "rec.db3").string()}, dir / "rec.db3", {".mcap"});
}

}  // namespace
}  // namespace robometrics::test
