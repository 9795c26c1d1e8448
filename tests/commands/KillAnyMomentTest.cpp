// kill -9 at any moment (issue 25). Every writing command is started again and again and killed
// with SIGKILL after a random delay, from "before it even started" to "after it finished". After
// each kill every output holds either its complete earlier bytes or the complete new ones, never
// part of a file, and no file appears that a complete run does not write. Then the same command
// runs to completion: it succeeds, writes exactly the new bytes and leaves no temporary behind
// (it sweeps what the killed one left, core/StaleTemporaries.hpp).
//
// Each command alternates between two command lines A and B that write different bytes into the
// same outputs, so that "kept the earlier output" and "wrote the new one" can be told apart; the
// complete bytes of both are recorded once, from runs that were not killed.
//
// Reproducible: the delays come from a seeded generator (ROBOMETRICS_KILL_SEED=N repeats a run;
// the seed is printed, and a failure names the kill and its delay). Each command gets a time
// budget, ROBOMETRICS_KILL_SECONDS seconds of kills (default 5, 2 under the sanitizers), and
// makes at least minimumKills() whatever the budget: a sanitizer build, about three times slower,
// makes fewer kills (3 at least, against 6).

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <thread>

#include "TestSupport.hpp"
#include "robometrics/bench/ResultStore.hpp"

// A namespace of its own: in a unity build this file shares a translation unit with other
// command tests, whose helpers have the same names (spawnRobometrics).
namespace robometrics::test::kill_any_moment {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kMaxKills = 400;
// Delays reach a little past the usual run time, so that some kills find the command done.
constexpr double kDelaySpan = 1.25;

// Under the sanitizers 2 s: the Release tree makes the many kills; the sanitizer tree is there to
// check that the runs after a kill (the sweep of what it left) are memory-clean, which a few show.
double budgetSeconds() {
    const char *text = std::getenv("ROBOMETRICS_KILL_SECONDS");
    return text != nullptr ? std::atof(text) : (kUnderSanitizers ? 2.0 : 5.0);
}

std::uint64_t seed() {
    static const std::uint64_t value = [] {
        const char *text = std::getenv("ROBOMETRICS_KILL_SEED");
        return text != nullptr ? std::strtoull(text, nullptr, 10) : std::random_device{}();
    }();
    return value;
}

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

/// Whether to make kill number `round`: within the budget, and at least `minimum` whatever it.
// Under the sanitizers the sweep after a kill is what is checked for memory errors, and three
// kills show it; each round there costs about 1.6 runs of a command three times slower.
int minimumKills() { return kUnderSanitizers ? 3 : 6; }

bool keepKilling(int round, Clock::time_point start, int minimum = minimumKills()) {
    return round < kMaxKills && (round < minimum || secondsSince(start) < budgetSeconds());
}

// ------------------------------------------------------------------------------- child processes

/// Starts the robometrics binary with `args`, its output thrown away; the pid is this test's.
pid_t spawnRobometrics(const std::vector<std::string> &args) {
    std::vector<std::string> all{std::getenv("ROBOMETRICS_BINARY")};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (auto &a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int devnull = ::open("/dev/null", O_WRONLY);
        dup2(devnull, STDOUT_FILENO);
        dup2(devnull, STDERR_FILENO);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

/// How a killed child ended: by the kill, or on its own before it (with an exit code).
struct KillEnd {
    bool killed = false;
    int exit_code = -1;
};

/// Sleeps `delay_s`, sends SIGKILL to `pid` (our own unreaped child: even when it has exited
/// already the pid is still ours, a zombie) and reaps it.
KillEnd killAfter(pid_t pid, double delay_s) {
    // A failed fork gives -1, and kill(-1, ...) would reach every process we may signal.
    if (pid <= 0) {
        ADD_FAILURE() << "cannot start the command";
        return {};
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(delay_s));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) return {true, -1};
    return {false, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)};
}

/// Runs a command to completion; its wall time, or a failure with what it printed.
double runToCompletion(const std::vector<std::string> &args) {
    const auto start = Clock::now();
    CommandResult r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << args.front() << ": " << r.err;
    return secondsSince(start);
}

// ------------------------------------------------------------------------------------- outputs

/// ".NAME.tmp-PID-N", the name of any output's temporary (docs/conventions.md, "Outputs").
bool isTemporary(const std::string &leaf) {
    static const std::regex pattern(R"(\..+\.tmp-[1-9][0-9]*-(0|[1-9][0-9]*))");
    return std::regex_match(leaf, pattern);
}

/// Every file and folder under `dir`, relative to it; temporaries apart.
struct Listing {
    std::set<std::string> entries;
    std::vector<std::string> temporaries;
};

Listing listTree(const fs::path &dir) {
    Listing listing;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string relative = fs::relative(it->path(), dir).string();
        if (isTemporary(it->path().filename().string())) {
            listing.temporaries.push_back(relative);
            it.disable_recursion_pending();  // a temporary folder's contents are part of it
        } else {
            listing.entries.insert(relative);
        }
    }
    return listing;
}

/// What a target holds: a file's bytes (key ""), a folder's files by relative path, or nothing.
using Snapshot = std::map<std::string, std::string>;

Snapshot snapshot(const fs::path &target) {
    Snapshot s;
    std::error_code ec;
    if (fs::is_regular_file(target, ec)) {
        s[""] = readFile(target);
    } else if (fs::is_directory(target, ec)) {
        for (fs::recursive_directory_iterator it(target, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->is_regular_file()) s[fs::relative(it->path(), target).string()] = readFile(it->path());
        }
    }
    return s;
}

std::string describe(const Snapshot &s) {
    if (s.empty()) return "absent";
    std::string text;
    for (const auto &[name, bytes] : s)
        text += (name.empty() ? "file" : name) + " (" + std::to_string(bytes.size()) + " bytes) ";
    return text;
}

// ----------------------------------------------------------------------------------- the kills

/// One writing command: two command lines writing different bytes into the same outputs.
struct KillCase {
    std::string name;
    std::vector<std::string> a, b;
    fs::path out;                     ///< holds the outputs (and nothing the commands read)
    std::vector<fs::path> targets;    ///< each written as a whole: a file, or a folder replaced at once
    std::vector<fs::path> per_file;   ///< folders whose files are written one by one: each file is a target
    std::set<std::string> tolerated;  ///< names under `out` a kill may leave (SQLite's -wal beside a store)
};

/// The counts printed at the end, so a reader sees where the kills landed.
struct Tally {
    int kills = 0, earlier = 0, fresh = 0, mixed = 0, finished = 0, left_temporaries = 0;
};

class KillLoop {
public:
    explicit KillLoop(KillCase c) : c_(std::move(c)), rng_(seed() ^ std::hash<std::string>{}(c_.name)) {}

    void run() {
        // The complete bytes of A and B, from runs that were not killed (B last: it is on disk now).
        const double ta = runToCompletion(c_.a);
        const std::vector<fs::path> targets = expandTargets();
        complete_[0] = snapshotAll(targets);
        const std::set<std::string> known_after_a = listTree(c_.out).entries;
        const double tb = runToCompletion(c_.b);
        complete_[1] = snapshotAll(targets);
        ASSERT_FALSE(::testing::Test::HasFailure());
        ASSERT_TRUE(complete_[0] != complete_[1]) << c_.name << ": A and B must write different bytes";
        ASSERT_EQ(expandTargets(), targets) << c_.name << ": A and B must write the same files";
        known_.insert(known_after_a.begin(), known_after_a.end());
        const std::set<std::string> known_after_b = listTree(c_.out).entries;
        known_.insert(known_after_b.begin(), known_after_b.end());
        const double usual_s = std::max(ta, tb);

        int on_disk = 1;
        const auto start = Clock::now();
        std::uniform_real_distribution<double> delay_of(0.0, kDelaySpan * usual_s);
        for (int round = 0; keepKilling(round, start); ++round) {
            const int next = 1 - on_disk;
            const double delay_s = delay_of(rng_);
            SCOPED_TRACE(testing::Message()
                         << c_.name << ": kill " << round << " after " << delay_s * 1e3 << " ms of `"
                         << (next == 0 ? "A" : "B") << "`; repeat with ROBOMETRICS_KILL_SEED=" << seed());
            const KillEnd end = killAfter(spawnRobometrics(next == 0 ? c_.a : c_.b), delay_s);
            if (!end.killed) {
                ASSERT_EQ(end.exit_code, 0) << "the command failed on its own before the kill";
                ++tally_.finished;
            }
            checkAfterKill(targets, on_disk, next);
            // The next run completes, sweeps the killed one's temporaries, and writes B (or A) whole.
            runToCompletion(next == 0 ? c_.a : c_.b);
            EXPECT_TRUE(snapshotAll(targets) == complete_[next]) << "the complete run after a kill wrote other bytes";
            const Listing after = listTree(c_.out);
            EXPECT_TRUE(after.temporaries.empty()) << "left: " << testing::PrintToString(after.temporaries);
            if (::testing::Test::HasFailure()) return;
            on_disk = next;
            ++tally_.kills;
        }
        std::cout << "[   KILLS  ] " << c_.name << ": " << tally_.kills << " kills in " << secondsSince(start)
                  << " s (seed " << seed() << ", delays 0 to " << kDelaySpan * usual_s * 1e3
                  << " ms): " << tally_.earlier << " kept the earlier output, " << tally_.fresh << " had the new one, "
                  << tally_.mixed << " some of each file by file, " << tally_.finished << " ended before the kill; "
                  << tally_.left_temporaries << " left temporaries that the next run swept\n";
    }

private:
    std::vector<fs::path> expandTargets() const {
        std::vector<fs::path> targets = c_.targets;
        for (const fs::path &folder : c_.per_file) {
            std::set<fs::path> files;  // sorted, so that A and B give the same order
            for (const auto &entry : fs::directory_iterator(folder)) {
                if (!isTemporary(entry.path().filename().string())) files.insert(entry.path());
            }
            targets.insert(targets.end(), files.begin(), files.end());
        }
        return targets;
    }

    static std::vector<Snapshot> snapshotAll(const std::vector<fs::path> &targets) {
        std::vector<Snapshot> all;
        for (const fs::path &t : targets) all.push_back(snapshot(t));
        return all;
    }

    void checkAfterKill(const std::vector<fs::path> &targets, int earlier, int fresh) {
        int as_earlier = 0, as_fresh = 0;
        for (std::size_t i = 0; i < targets.size(); ++i) {
            const Snapshot now = snapshot(targets[i]);
            const bool is_earlier = now == complete_[earlier][i];
            const bool is_fresh = now == complete_[fresh][i];
            EXPECT_TRUE(is_earlier || is_fresh)
                << targets[i] << " is neither complete output: " << describe(now) << "; earlier "
                << describe(complete_[earlier][i]) << "; new " << describe(complete_[fresh][i]);
            as_earlier += is_earlier && !is_fresh;
            as_fresh += is_fresh && !is_earlier;
        }
        const Listing left = listTree(c_.out);
        for (const std::string &entry : left.entries) {
            const bool tolerated = c_.tolerated.count(fs::path(entry).filename().string()) > 0;
            EXPECT_TRUE(known_.count(entry) > 0 || tolerated) << entry << ": no complete run writes it";
        }
        tally_.left_temporaries += left.temporaries.empty() ? 0 : 1;
        if (as_fresh == 0) {
            ++tally_.earlier;  // also when A and B agree on every target that was touched
        } else if (as_earlier == 0) {
            ++tally_.fresh;
        } else {
            ++tally_.mixed;
        }
    }

    KillCase c_;
    std::mt19937_64 rng_;
    std::vector<Snapshot> complete_[2];
    std::set<std::string> known_;
    Tally tally_;
};

bool haveBinary() { return std::getenv("ROBOMETRICS_BINARY") != nullptr; }

#define KILL_TEST_REQUIRE_BINARY() \
    if (!haveBinary()) GTEST_SKIP() << "ROBOMETRICS_BINARY is not set"

/// Two small simulated runs of a scenario (seeds 1 and 2) under `dir`/in: RUN1 and RUN2.
std::pair<fs::path, fs::path> twoRuns(const fs::path &dir, const std::vector<std::string> &simulate) {
    std::pair<fs::path, fs::path> runs{dir / "in" / "run1", dir / "in" / "run2"};
    for (const auto &[seed_text, run] : {std::pair{"1", runs.first}, std::pair{"2", runs.second}}) {
        std::vector<std::string> args{"simulate"};
        args.insert(args.end(), simulate.begin(), simulate.end());
        args.insert(args.end(), {"--seed", seed_text, "-o", run.string()});
        runToCompletion(args);
    }
    return runs;
}

std::string bag(const fs::path &run) { return (run / "run.mcap").string(); }

// --------------------------------------------------------------------------- one test a command

TEST(KillAnyMoment, Convert) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-convert");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "kidnap", "--duration", "30"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "converted.mcap").string();
    KillLoop({"convert",
              {"convert", bag(r1), target},
              {"convert", bag(r2), target, "--compression", "lz4"},
              out,
              {target},
              {},
              {}})
        .run();
}

TEST(KillAnyMoment, Evaluate) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-evaluate");
    // A turtlebot3 run has no costmap, whose time per frame would make each evaluation's bytes differ.
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "office", "--robot", "turtlebot3", "--duration", "20"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "eval").string();
    KillLoop({"evaluate",
              {"evaluate", r1.string(), "-o", target},
              {"evaluate", r2.string(), "-o", target},
              out,
              {target},
              {},
              {}})
        .run();
}

TEST(KillAnyMoment, Lost) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-lost");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "kidnap", "--duration", "40"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "lost.mcap").string();
    KillLoop({"lost -o", {"lost", bag(r1), "-o", target}, {"lost", bag(r2), "-o", target}, out, {target}, {}, {}})
        .run();
}

TEST(KillAnyMoment, Costmap) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-costmap");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "terrain", "--duration", "8"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "costmap.mcap").string();
    const std::string png = (out / "png").string();
    KillLoop({"costmap -o --png",
              {"costmap", bag(r1), "-o", target, "--png", png, "--png-every", "10"},
              {"costmap", bag(r2), "-o", target, "--png", png, "--png-every", "10"},
              out,
              {target},
              {png},
              {}})
        .run();
}

TEST(KillAnyMoment, TopicStats) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-topic-stats");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "kidnap", "--duration", "40"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "windows.mcap").string();
    // The simulator's seed changes values, not message times: B uses other windows.
    KillLoop({"topic-stats -o",
              {"topic-stats", bag(r1), "-o", target},
              {"topic-stats", bag(r2), "-o", target, "--window", "0.5"},
              out,
              {target},
              {},
              {}})
        .run();
}

TEST(KillAnyMoment, TraversalCsv) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-traversal");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "kidnap", "--duration", "40"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const std::string target = (out / "metrics.csv").string();
    KillLoop({"traversal -o",
              {"traversal", bag(r1), "-o", target},
              {"traversal", bag(r2), "-o", target},
              out,
              {target},
              {},
              {}})
        .run();
}

TEST(KillAnyMoment, TrajSaveAs) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-traj");
    const auto [r1, r2] = twoRuns(dir, {"--scenario", "kidnap", "--duration", "40"});
    const fs::path out = dir / "out";
    fs::create_directories(out);
    auto traj = [&out](const fs::path &run) {
        std::vector<std::string> args{"traj", bag(run) + ":/odometry/wheels"};
        args.insert(args.end(), {"--save_as_tum", "--save_as_kitti", "--save_as_euroc", "-o", out.string()});
        return args;
    };
    KillLoop({"traj --save_as_*", traj(r1), traj(r2), out, {}, {out}, {}}).run();
}

TEST(KillAnyMoment, Simulate) {
    KILL_TEST_REQUIRE_BINARY();
    // Each of the run directory's files is written whole; a kill between two of them can leave a new
    // bag beside the earlier ground truth (docs/conventions.md, "Outputs"), so they are judged one by one.
    const fs::path dir = scratchDir("kill-simulate");
    const fs::path out = dir / "out";
    const std::string run = (out / "run").string();
    KillLoop({"simulate -o",
              {"simulate", "--scenario", "kidnap", "--duration", "15", "--seed", "1", "-o", run},
              {"simulate", "--scenario", "kidnap", "--duration", "15", "--seed", "2", "-o", run},
              out,
              {},
              {run},
              {}})
        .run();
}

/// A benchmark of two cells, two short runs each (enough for `bench report --compare`).
const char *kMatrix = R"(axes: {scenario: [office, stuck]}
iterations: 2
command: ["{robometrics}", simulate, --scenario, "{scenario}", --duration, "1", --seed, "{seed}", -o, "{out}"]
)";

TEST(KillAnyMoment, BenchReport) {
    KILL_TEST_REQUIRE_BINARY();
    const fs::path dir = scratchDir("kill-bench-report");
    std::ofstream(dir / "matrix.yaml") << kMatrix;
    const fs::path out = dir / "bench";
    runToCompletion({"bench", (dir / "matrix.yaml").string(), "-o", out.string(), "-j", "2"});
    ASSERT_FALSE(HasFailure());
    KillLoop({"bench report",
              {"bench", "report", out.string()},
              {"bench", "report", out.string(), "--compare", "1", "2", "--metric", "map.iou"},
              out,
              {out / "report.html", out / "results.csv", out / "results.json"},
              {},
              {"bench.sqlite-wal", "bench.sqlite-shm"}})
        .run();
}

// The orchestrator: a fresh benchmark is killed at any moment, then `--resume` completes it. Its
// store is a SQLite database (each job's result one transaction), readable after any kill; the
// report files are each absent or exactly what the store gives; and the resumed run finishes every
// job and leaves no temporary anywhere in OUT, including those of evaluations the kill cut short.
TEST(KillAnyMoment, BenchOrchestrator) {
    KILL_TEST_REQUIRE_BINARY();
    // The jobs a killed orchestrator started live on; as their subreaper this test waits for them
    // (and only waits) before it resumes, so that none writes into a folder the resumed run reuses.
    ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    // Given back at the end: the sanitizer stage runs several tests in one process, and a later
    // test's shell must not find this process's unreaped orphans alive (`kill -0` on a zombie).
    struct NoLongerSubreaper {
        ~NoLongerSubreaper() {
            prctl(PR_SET_CHILD_SUBREAPER, 0);
            while (waitpid(-1, nullptr, WNOHANG) > 0) {
            }
        }
    } no_longer_subreaper;
    const fs::path dir = scratchDir("kill-bench");
    const std::string matrix = (dir / "matrix.yaml").string();
    std::ofstream(matrix) << kMatrix;
    const double usual_s = runToCompletion({"bench", matrix, "-o", (dir / "complete").string(), "-j", "2"});
    ASSERT_FALSE(HasFailure());

    std::mt19937_64 rng(seed() ^ std::hash<std::string>{}("bench"));
    std::uniform_real_distribution<double> delay_of(0.0, kDelaySpan * usual_s);
    Tally tally;
    const auto start = Clock::now();
    // Fewer kills at least: each is a whole benchmark and its resumption.
    for (int round = 0; keepKilling(round, start, 3); ++round) {
        const double delay_s = delay_of(rng);
        SCOPED_TRACE(testing::Message() << "bench: kill " << round << " after " << delay_s * 1e3
                                        << " ms; repeat with ROBOMETRICS_KILL_SEED=" << seed());
        const fs::path out = dir / ("b" + std::to_string(round));
        const KillEnd end = killAfter(spawnRobometrics({"bench", matrix, "-o", out.string(), "-j", "2"}), delay_s);
        if (!end.killed) {
            ASSERT_EQ(end.exit_code, 0) << "the benchmark failed on its own before the kill";
            ++tally.finished;
        }
        // Reap the orphaned jobs (each ends by itself within its run time).
        const auto waiting = Clock::now();
        for (int status = 0; waitpid(-1, &status, WNOHANG) >= 0;) {
            ASSERT_LT(secondsSince(waiting), 60.0) << "a job of the killed benchmark does not end";
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        tally.left_temporaries += listTree(out).temporaries.empty() ? 0 : 1;

        if (fs::exists(out / "bench.sqlite")) {
            auto store = bench::ResultStore::open((out / "bench.sqlite").string());
            ASSERT_TRUE(store.ok()) << store.message();
            auto jobs = store->jobs();
            ASSERT_TRUE(jobs.ok()) << jobs.message();
            auto metrics = store->metrics();
            ASSERT_TRUE(metrics.ok()) << metrics.message();
        }
        // Report files written before the kill are exactly what the store gives.
        std::map<std::string, std::string> reported;
        for (const char *name : {"report.html", "results.csv", "results.json"}) {
            if (fs::exists(out / name)) reported[name] = readFile(out / name);
        }
        if (!reported.empty()) {
            runToCompletion({"bench", "report", out.string()});
            for (const auto &[name, bytes] : reported) {
                EXPECT_TRUE(readFile(out / name) == bytes) << name << " is not the store's complete report";
            }
        }
        (reported.empty() ? tally.earlier : tally.fresh) += 1;

        runToCompletion({"bench", matrix, "-o", out.string(), "-j", "2", "--resume"});
        auto store = bench::ResultStore::open((out / "bench.sqlite").string());
        ASSERT_TRUE(store.ok()) << store.message();
        auto jobs = store->jobs();
        ASSERT_TRUE(jobs.ok()) << jobs.message();
        ASSERT_EQ(jobs->size(), 4u);
        for (const auto &job : *jobs) EXPECT_EQ(job.status, bench::JobStatus::done) << "job " << job.index;
        for (const char *name : {"report.html", "results.csv", "results.json"}) {
            EXPECT_TRUE(fs::exists(out / name)) << name;
        }
        const Listing after = listTree(out);
        EXPECT_TRUE(after.temporaries.empty()) << "left: " << testing::PrintToString(after.temporaries);
        if (HasFailure()) return;
        fs::remove_all(out);
        ++tally.kills;
    }
    std::cout << "[   KILLS  ] bench: " << tally.kills << " kills in " << secondsSince(start) << " s (seed " << seed()
              << ", delays 0 to " << kDelaySpan * usual_s * 1e3 << " ms): " << tally.earlier << " before the report, "
              << tally.fresh << " after part or all of it, " << tally.finished << " ended before the kill; "
              << tally.left_temporaries << " left temporaries that the resumed run swept\n";
}

}  // namespace
}  // namespace robometrics::test::kill_any_moment
