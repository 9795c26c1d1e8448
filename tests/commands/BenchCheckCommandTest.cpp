// A benchmark matrix with `check: spec.yaml` (issue 59, docs/check.md "In bench"): every job's
// recording judged against the contract, the failed rules per job in results.json and per cell in
// the tables, and `bench compare` listing the rules a re-recorded fleet newly fails, gating on the
// error ones. The faults are the simulator's scripted ones (docs/simulate.md): the scan_gap
// scenario's laser driver falls silent, the nav2 scenario has none.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

// /scan at 5 Hz must never be silent 1 s (an error) and come at 4.8 Hz or more (a warning);
// /amcl_pose may be silent 3 s (a warning); /odom at 30 Hz.
const char *kBenchSpec = R"(topics:
  /scan:
    max_gap_s: 1.0
    min_hz: {value: 4.8, severity: warning}
  /odom:
    rate_hz: 30
  /amcl_pose:
    max_gap_s: {value: 3.0, severity: warning}
)";

void writeCheckedBenchFile(const fs::path &path, const std::string &text) { std::ofstream(path) << text; }

// 30 s runs of the simulator. scan_gap's laser is silent from 9 s to 11.5 s (its 60 s script
// halved): the scans of 9.0 ... 11.4 s are missing (13 of 150), so the longest silence runs from
// the scan of 8.8 s to the one of 11.6 s, 2.8 s, and the rate is (137 - 1) / 29.8 s = 4.56 Hz.
// nav2's AMCL is silent 3.8 s while the robot waits (22 s to 25.8 s), the warning's planted fault.
TEST(BenchCheckCommand, EveryJobsRecordingIsJudgedAndEachCellSaysWhichRulesFail) {
    const fs::path dir = scratchDir("bench-check-jobs");
    writeCheckedBenchFile(dir / "spec.yaml", kBenchSpec);
    writeCheckedBenchFile(
        dir / "matrix.yaml",
        "axes: {scenario: [nav2, scan_gap]}\niterations: 2\ncommand: [\"{robometrics}\", simulate, --scenario, "
        "\"{scenario}\", --duration, \"30\", --seed, \"{seed}\", -o, \"{out}\"]\ncheck: spec.yaml\n");
    CommandResult r =
        runRobometrics({"bench", (dir / "matrix.yaml").string(), "-o", (dir / "out").string(), "-j", "2"});
    // A failed rule is a result of the run, as a potential failure is: the jobs are done.
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("  contract\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  2 of 2 runs fail /amcl_pose max_gap_s (warning)\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  2 of 2 runs fail /scan min_hz (warning); 2 of 2 runs fail /scan max_gap_s\n"),
              std::string::npos)
        << r.out;

    const nlohmann::json results = readJson(dir / "out" / "results.json");
    ASSERT_EQ(results["jobs"].size(), 4u);
    for (int job : {2, 3}) {  // scan_gap
        const nlohmann::json &check = results["jobs"][job]["check"];
        EXPECT_EQ(check["rules_total"], 7) << check;
        EXPECT_EQ(check["rules_held"], 5) << check;
        EXPECT_EQ(check["errors_failed"], 1) << check;
        EXPECT_EQ(check["warnings_failed"], 1) << check;
        ASSERT_EQ(check["failed"].size(), 2u) << check;
        const nlohmann::json &gap = check["failed"][1];
        EXPECT_EQ(gap["topic"], "/scan");
        EXPECT_EQ(gap["rule"], "max_gap_s");
        EXPECT_EQ(gap["severity"], "error");
        EXPECT_EQ(gap["measured"], "silent 2.8 s from 8.8 s to 11.6 s");
        EXPECT_NEAR(gap["value"].get<double>(), 2.8, 1e-9);
        EXPECT_NEAR(gap["from_s"].get<double>(), 8.8, 1e-9);
        EXPECT_NEAR(gap["to_s"].get<double>(), 11.6, 1e-9);
        EXPECT_EQ(gap["spec_line"], 3);
        EXPECT_NEAR(check["failed"][0]["value"].get<double>(), 136 / 29.8, 1e-9);
    }
    EXPECT_EQ(results["jobs"][0]["check"]["errors_failed"], 0);
    EXPECT_EQ(results["jobs"][0]["check"]["failed"][0]["measured"], "silent 3.8 s from 22 s to 25.8 s");
    const nlohmann::json &cell = results["cells"][1]["check"];
    EXPECT_EQ(cell["runs"], 2);
    EXPECT_EQ(cell["text"], "2 of 2 runs fail /scan min_hz (warning); 2 of 2 runs fail /scan max_gap_s");
    ASSERT_EQ(cell["rules"].size(), 7u);
    EXPECT_EQ(cell["rules"][2]["rule"], "max_gap_s");
    EXPECT_EQ(cell["rules"][2]["runs_judged"], 2);
    EXPECT_EQ(cell["rules"][2]["runs_failed"], 2);
    EXPECT_EQ(cell["rules"][2]["first_failure"], "silent 2.8 s from 8.8 s to 11.6 s");

    const std::string html = readFile(dir / "out" / "report.html");
    EXPECT_NE(html.find("<th>contract</th>"), std::string::npos);
    EXPECT_NE(html.find("2 of 2 runs fail /scan min_hz (warning); 2 of 2 runs fail /scan max_gap_s"),
              std::string::npos);
}

TEST(BenchCheckCommand, ABadSpecIsRefusedBeforeAnyJobRuns) {
    const fs::path dir = scratchDir("bench-check-bad-spec");
    writeCheckedBenchFile(dir / "spec.yaml", "topics:\n  /scan:\n    max_gap_s: -1\n");
    writeCheckedBenchFile(
        dir / "matrix.yaml",
        "axes: {scenario: [nav2]}\ncommand: [\"{robometrics}\", simulate, -o, \"{out}\"]\ncheck: spec.yaml\n");
    CommandResult r = runRobometrics({"bench", (dir / "matrix.yaml").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;  // as every mistake of a matrix (BenchCommand.MatrixErrorsNameTheFile)
    EXPECT_EQ(r.err.rfind("robometrics bench: error: " + (dir / "spec.yaml").string() + ":3: /scan.max_gap_s: ", 0), 0u)
        << r.err;
    EXPECT_FALSE(fs::exists(dir / "out" / "jobs"));
}

// Two fleets of the same recordings by name: "alpha" re-recorded with the laser fault. The gate
// lists the two rules alpha newly fails (the error fails the gate, the warning does not) and not
// the warning that nav2's AMCL fails on both sides.
TEST(BenchCheckCommand, CompareListsTheRulesARecordingNewlyFailsAndGatesOnErrors) {
    const fs::path dir = scratchDir("bench-check-compare");
    writeCheckedBenchFile(dir / "spec.yaml", kBenchSpec);
    for (const auto &[fleet, alpha] : {std::pair<std::string, std::string>{"base", "nav2"}, {"next", "scan_gap"}}) {
        for (const auto &[name, scenario] : {std::pair<std::string, std::string>{"alpha", alpha}, {"beta", "nav2"}}) {
            CommandResult sim = runRobometrics({"simulate", "--scenario", scenario, "--duration", "30", "-o",
                                                (dir / fleet / "field" / name).string()});
            ASSERT_EQ(sim.exit_code, 0) << sim.err;
        }
        writeCheckedBenchFile(dir / fleet / "fleet.yaml", "axes:\n  run: {glob: \"field/*\"}\ncheck: ../spec.yaml\n");
        CommandResult r = runRobometrics(
            {"bench", (dir / fleet / "fleet.yaml").string(), "-o", (dir / fleet / "out").string(), "-j", "2"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    const std::string base = (dir / "base" / "out").string(), next = (dir / "next" / "out").string();
    CommandResult gate = runRobometrics({"bench", "compare", base, next});
    EXPECT_EQ(gate.exit_code, 1) << gate.out << gate.err;
    EXPECT_NE(gate.err.find("1 newly failing contract rule"), std::string::npos) << gate.err;
    const std::string &md = gate.out;
    // First line: the verdict (alpha's new potential failure, the scan gap's anomaly, comes first).
    const std::string head = md.substr(0, md.find("\n\n#### "));
    EXPECT_NE(head.find("1 newly failing contract rule"), std::string::npos) << head;
    const auto section = md.find("#### Newly failing contract rules");
    ASSERT_NE(section, std::string::npos) << md;
    EXPECT_NE(md.find("| alpha | /scan: min_hz 4.8 | warning | 1 of 1 (base: 0 of 1) | 4.56 Hz |\n"), std::string::npos)
        << md;
    EXPECT_NE(md.find("| alpha | /scan: max_gap_s 1 | **error** | 1 of 1 (base: 0 of 1) | silent 2.8 s from 8.8 s to "
                      "11.6 s |\n"),
              std::string::npos)
        << md;
    EXPECT_EQ(md.find("| beta |", section), std::string::npos) << md;
    EXPECT_EQ(md.find("/amcl_pose", section), std::string::npos) << md;

    // The same fleet against itself: nothing newly fails.
    CommandResult same = runRobometrics({"bench", "compare", base, base});
    EXPECT_EQ(same.out.find("Newly failing contract rules"), std::string::npos) << same.out;
}

}  // namespace
}  // namespace robometrics::test
