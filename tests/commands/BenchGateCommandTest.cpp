// `robometrics bench compare` as a team leaves it on in CI (issue 45): an unchanged stack rerun
// on a busy machine never fails the gate, and a fleet of recordings is compared recording by
// recording, a regression planted on a subset of them failing it.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

void gateWrite(const fs::path &path, const std::string &text) { std::ofstream(path) << text; }

/// Processes that keep the CPUs busy while they live (ended by their pids).
class BusyLoops {
public:
    explicit BusyLoops(int count) {
        for (int i = 0; i < count; ++i) {
            const pid_t pid = fork();
            if (pid == 0) {
                execl("/bin/sh", "sh", "-c", "while :; do :; done", static_cast<char *>(nullptr));
                _exit(127);
            }
            if (pid > 0) pids_.push_back(pid);
        }
    }
    ~BusyLoops() {
        for (pid_t pid : pids_) {
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
    }
    std::size_t size() const { return pids_.size(); }

private:
    std::vector<pid_t> pids_;
};

// The longest test of the module (about 25 s on the 2-core machine, the two busy processes taking
// half of it): the acceptance of issue 45 is 20 reruns of an unchanged stack on a busy machine
// without a false exit, and fewer reruns would not show it. It runs in the Release tree only: under
// the sanitizers it took about 52 s with both cores busy for a rate two reruns cannot show, and the
// same bench and gate code runs there in BenchCommand.CompareIsARegressionGate and the unit tests
// of bench/RegressionGate.
TEST(BenchGateCommand, AnUnchangedStackOnABusyMachineNeverFailsTheGate) {
    if (kUnderSanitizers) GTEST_SKIP() << "a false-alarm rate under load is measured in the Release tree only";
    const fs::path out = scratchDir("bench-gate-busy");
    // Two seeds of a 25 s office run (long enough for the ATE), two iterations: the smallest
    // benchmark whose every metric gets a test.
    gateWrite(out / "m.yaml",
              "axes: {stack: [nav]}\niterations: 2\nbase_seed: 1\ncommand: [\"{robometrics}\", simulate, "
              "--duration, \"25\", --seed, \"{seed}\", -o, \"{out}\"]\n");
    CommandResult base = runRobometrics({"bench", (out / "m.yaml").string(), "-o", (out / "main").string(), "-j", "2"});
    ASSERT_EQ(base.exit_code, 0) << base.err;
    const BusyLoops busy(2);  // CPU and memory measurements of the reruns move with this load
    ASSERT_EQ(busy.size(), 2u);
    int false_exits = 0, resource_changes = 0;
    const int reruns = 20;
    for (int rerun = 0; rerun < reruns; ++rerun) {
        const std::string name = (out / fmt::format("pr{}", rerun)).string();
        CommandResult ran = runRobometrics({"bench", (out / "m.yaml").string(), "-o", name, "-j", "2"});
        ASSERT_EQ(ran.exit_code, 0) << ran.err;
        CommandResult gate = runRobometrics({"bench", "compare", (out / "main").string(), name});
        false_exits += gate.exit_code != 0;
        EXPECT_EQ(gate.exit_code, 0) << gate.out << gate.err;
        EXPECT_NE(gate.out.find("**No significant regression**"), std::string::npos) << gate.out;
        resource_changes += gate.out.find("worse (not gated)") != std::string::npos ||
                            gate.out.find("better (not gated)") != std::string::npos;
        fs::remove_all(name);
    }
    EXPECT_EQ(false_exits, 0);
    std::cout << fmt::format(
        "unchanged stack beside 2 busy processes: {} reruns, {} false exits; {} reruns with a "
        "resource change beyond 10 % at 0.01 (reported, not gated)\n",
        reruns, false_exits, resource_changes);
}

TEST(BenchGateCommand, AFleetIsGatedRecordingByRecording) {
    // 26 simulated runs, each its own process: 28 s under the sanitizers, the largest test of that
    // stage. There the pairing and the gate are still run, by the test above and by the unit tests
    // of bench/RegressionGate.
    if (kUnderSanitizers) GTEST_SKIP() << "the fleet's 26 simulations run in the Release tree only";
    const fs::path out = scratchDir("bench-gate-fleet");
    // The "recordings" are the inputs a stack replays: each file holds a seed. The stack under
    // test is the simulator; the pull request's stack gets lost (kidnap) on the six office ones.
    fs::create_directories(out / "field");
    for (int i = 0; i < 8; ++i) {
        gateWrite(out / "field" / fmt::format("{}_{}.rec", i < 6 ? "office" : "yard", i), std::to_string(i + 1));
    }
    const std::string main_stack =
        R"("\"$0\" simulate --scenario office --duration 25 --seed \"$(cat \"$1\")\" -o \"$2\"")";
    const std::string pr_stack =
        R"("case \"$1\" in *office*) s=kidnap ;; *) s=office ;; esac; \"$0\" simulate --scenario $s --duration 25 --seed \"$(cat \"$1\")\" -o \"$2\"")";
    for (const auto &[name, stack] :
         {std::pair<std::string, std::string>{"main", main_stack}, {"rerun", main_stack}, {"pr", pr_stack}}) {
        gateWrite(out / (name + ".yaml"), "axes:\n  bag: {glob: \"field/*.rec\"}\ncommand: [sh, -c, " + stack +
                                              ", \"{robometrics}\", \"{bag}\", \"{out}\"]\n");
        CommandResult r =
            runRobometrics({"bench", (out / (name + ".yaml")).string(), "-o", (out / name).string(), "-j", "2"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }

    // The same recordings, unchanged stack: paired, nothing to report.
    CommandResult same = runRobometrics({"bench", "compare", (out / "main").string(), (out / "rerun").string()});
    EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
    EXPECT_NE(same.out.find("over 8 recordings compared pairwise by name (0 with changed content)"), std::string::npos)
        << same.out;

    const std::string main_dir = (out / "main").string(), pr_dir = (out / "pr").string();
    CommandResult gate = runRobometrics({"bench", "compare", main_dir, pr_dir});
    EXPECT_EQ(gate.exit_code, 1) << gate.out;
    EXPECT_NE(gate.err.find("6 recordings with a new potential failure"), std::string::npos) << gate.err;
    const std::string &md = gate.out;
    // The summary leads with the recordings whose verdict turned, then the largest changes.
    const auto verdicts = md.find("#### Verdict changes"), largest = md.find("#### Largest changes per recording"),
               tests = md.find("#### Quality, paired over the recordings");
    ASSERT_NE(verdicts, std::string::npos) << md;
    EXPECT_LT(verdicts, largest);
    EXPECT_LT(largest, tests);
    EXPECT_NE(md.find(fmt::format("| office_0.rec | ok | **potential_failure** | drift, localization_lost, pose_jump | "
                                  "[base]({0}/jobs/0000/eval/report.html) · [new]({1}/jobs/0000/eval/report.html) |",
                                  main_dir, pr_dir)),
              std::string::npos)
        << md;
    EXPECT_EQ(md.find("| yard_"), std::string::npos) << md;  // unchanged recordings are not listed
    // The ATE rose on the six office recordings and not on the two others: six of the signs of
    // the eight differences are positive, two are zero (dropped): Wilcoxon p = 2 / 2^6.
    const auto ate = md.find("| trajectory.ate_se3.rmse | 8 | ");
    ASSERT_NE(ate, std::string::npos) << md;
    const std::string ate_row = md.substr(ate, md.find('\n', ate) - ate);
    EXPECT_NE(ate_row.find("| 0.03125 |"), std::string::npos) << ate_row;
    EXPECT_NE(ate_row.find("**regression** (lower is better)"), std::string::npos) << ate_row;

    // Compared cell by cell (one run per recording), as before: nothing can be tested, and the
    // verdicts are only a metric; the recordings' verdict changes are what fail it above.
    CommandResult cells = runRobometrics({"bench", "compare", main_dir, pr_dir, "--pairing", "cells"});
    EXPECT_NE(cells.out.find("not enough runs"), std::string::npos) << cells.out;

    // Only the two yard recordings run again: a partial comparison, said first, and it fails
    // unless allowed.
    gateWrite(out / "yard.yaml", "axes:\n  bag: {glob: \"field/yard_*.rec\"}\ncommand: [sh, -c, " + main_stack +
                                     ", \"{robometrics}\", \"{bag}\", \"{out}\"]\n");
    const std::string yard_dir = (out / "yard").string();
    CommandResult yard = runRobometrics({"bench", (out / "yard.yaml").string(), "-o", yard_dir, "-j", "2"});
    ASSERT_EQ(yard.exit_code, 0) << yard.err;
    CommandResult partial = runRobometrics({"bench", "compare", main_dir, yard_dir});
    EXPECT_EQ(partial.exit_code, 1) << partial.out << partial.err;
    EXPECT_EQ(partial.out.substr(0, partial.out.find('\n')),
              fmt::format("### robometrics bench compare: {} vs {} (PARTIAL: 2 of 8 recordings compared)", yard_dir,
                          main_dir));
    EXPECT_NE(partial.err.find("a partial comparison (2 of 8 recordings; --allow-partial accepts it)"),
              std::string::npos)
        << partial.err;
    CommandResult allowed = runRobometrics({"bench", "compare", main_dir, yard_dir, "--allow-partial"});
    EXPECT_EQ(allowed.exit_code, 0) << allowed.out << allowed.err;
    EXPECT_NE(allowed.out.find("(PARTIAL: 2 of 8 recordings compared, allowed)"), std::string::npos) << allowed.out;
}

}  // namespace
}  // namespace robometrics::test
