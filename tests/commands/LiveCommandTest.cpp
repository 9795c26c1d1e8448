// `robometrics live`: usage and configuration errors, which are reported before any DDS
// participant exists (so these run anywhere). The DDS behaviour is tested in tests/live/, inside
// the loopback-only network namespace.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

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

/// The shared libraries `program` needs, as ldd lists them.
std::string liveTestLinkedLibraries(const std::string &program) {
    std::string listed;
    FILE *pipe = popen(("ldd '" + program + "' 2>&1").c_str(), "r");
    if (pipe == nullptr) return listed;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) listed.append(buffer, n);
    pclose(pipe);
    return listed;
}

TEST(LiveCommand, RunsInAProgramOfItsOwnSoNoOtherCommandLoadsFastDds) {
    // robometrics hands `live ...` to robometrics-live beside it; only that one links Fast DDS.
    // librsvg is opened by the plots when they are written, never linked.
    const std::filesystem::path binary = std::getenv("ROBOMETRICS_BINARY");
    const std::string main_libraries = liveTestLinkedLibraries(binary.string());
    ASSERT_NE(main_libraries.find("libc.so"), std::string::npos) << main_libraries;
    EXPECT_EQ(main_libraries.find("libfastrtps"), std::string::npos) << main_libraries;
    EXPECT_EQ(main_libraries.find("librsvg"), std::string::npos) << main_libraries;
    const std::string live_libraries = liveTestLinkedLibraries((binary.parent_path() / "robometrics-live").string());
    EXPECT_NE(live_libraries.find("libfastrtps"), std::string::npos) << live_libraries;
    // The helper got the command line: its own check of --window answered (exit 2, not 1).
    CommandResult window = runRobometrics({"live", "topic-stats", "--window", "0"});
    EXPECT_EQ(window.exit_code, 2) << window.err;
}

TEST(LiveCommand, WithoutItsLiveProgramSaysToReinstallAndStartsNoDds) {
    const auto dir = scratchDir("live_cmd_alone");
    const std::filesystem::path alone = dir / "robometrics";
    std::filesystem::copy_file(std::getenv("ROBOMETRICS_BINARY"), alone);
    ChildProcess run(alone.string(), {"live", "list", "--duration", "0.1"});
    EXPECT_EQ(run.wait(), 1);
    EXPECT_NE(run.err().find("robometrics live list: error: the live commands run in robometrics-live, which is not "
                             "installed with this program"),
              std::string::npos)
        << run.err();
    EXPECT_NE(run.err().find("reinstall robometrics"), std::string::npos) << run.err();
    // Its other commands work alone.
    ChildProcess version(alone.string(), {"--version"});
    EXPECT_EQ(version.wait(), 0);
}

}  // namespace
}  // namespace robometrics::test
