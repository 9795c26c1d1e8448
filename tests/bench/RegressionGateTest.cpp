#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "BenchTestRows.hpp"
#include "robometrics/bench/RegressionGate.hpp"

namespace robometrics::bench {
namespace {

constexpr const char *kAte = "trajectory.ate_se3.rmse";             // headline, lower is better
constexpr const char *kClearance = "traversal.min_clearance_m";     // headline, higher is better
constexpr const char *kCoverage = "map.coverage";                   // headline, higher is better
constexpr const char *kDistance = "traversal.distance_traveled_m";  // bookkeeping: never gated

/// Three runs of cell "world=office" with these values per metric, and one run of "world=maze".
BenchAggregates benchmark(const std::vector<double> &ate, const std::vector<double> &clearance,
                          const std::vector<double> &coverage) {
    test::Rows rows;
    for (std::size_t i = 0; i < ate.size(); ++i) {
        rows.add("world=office", bench::JobStatus::done,
                 {{kAte, ate[i]},
                  {kClearance, clearance[i]},
                  {kCoverage, coverage[i]},
                  {kDistance, 10.0 + static_cast<double>(i)}});
    }
    rows.add("world=maze", bench::JobStatus::done, {{kAte, 0.2}, {kClearance, 0.3}, {kCoverage, 0.5}, {kDistance, 5}});
    return aggregate(rows.jobs, rows.metrics);
}

const GateRow &row(const GateResult &r, const std::string &cell, const std::string &metric) {
    for (const GateRow &g : r.rows) {
        if (g.cell == cell && g.metric == metric) return g;
    }
    throw std::runtime_error("no row " + cell + " " + metric);
}

TEST(RegressionGate, APlantedRegressionIsFoundWithWelchsNumbers) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const BenchAggregates next = benchmark({1.5, 1.6, 1.4}, {0.5, 0.55, 0.45}, {0.61, 0.612, 0.608});
    const GateResult r = compareBenchmarks(base, next, GateOptions{});
    // Quality metrics with a direction only (not the distance), both cells: 3 x 2 rows.
    EXPECT_EQ(r.rows.size(), 6u);
    const GateRow &ate = row(r, "world=office", kAte);
    // mean 1.5 vs 1.0, both sd 0.1, n 3: t = 0.5 / sqrt(0.01/3 + 0.01/3) = 6.1237, df = 4,
    // p = 2 (1 - F_4(t)) = 0.0036022326 (closed form of Student's t with 4 degrees of freedom).
    EXPECT_NEAR(ate.welch.t, 6.1237243570, 1e-9);
    EXPECT_NEAR(ate.welch.df, 4.0, 1e-12);
    EXPECT_NEAR(ate.p_value, 0.0036022326, 1e-9);
    // Coverage has that p too (the same t), clearance 0.00805 (t 4.899): Benjamini-Hochberg over
    // m = 3 gives the two smallest 3 / 2 x 0.0036022326; the maze cell's rows (one run a side) are
    // not tests and not counted.
    EXPECT_NEAR(ate.adjusted_p, 1.5 * 0.0036022326, 1e-9);
    EXPECT_NEAR(ate.relative, 0.5, 1e-12);
    EXPECT_EQ(ate.verdict, GateVerdict::Regression);
    EXPECT_TRUE(ate.gated);
    EXPECT_FALSE(ate.resource);
    // Clearance went up by 0.2 m with the same spread: better, and as significant.
    EXPECT_EQ(row(r, "world=office", kClearance).verdict, GateVerdict::Improvement);
    // Coverage rose 0.01: significant by Welch (sd 0.002) but under 5 % of 0.6 (0.03): no change.
    EXPECT_LT(row(r, "world=office", kCoverage).adjusted_p, 0.05);
    EXPECT_EQ(row(r, "world=office", kCoverage).verdict, GateVerdict::NoSignificantChange);
    // One run per side cannot be significant.
    EXPECT_EQ(row(r, "world=maze", kAte).verdict, GateVerdict::NotEnoughRuns);
    EXPECT_TRUE(std::isnan(row(r, "world=maze", kAte).adjusted_p));
    EXPECT_EQ(r.regressions, 1);
    EXPECT_TRUE(r.failed());

    const std::string md = r.markdown("main", "pr");
    EXPECT_NE(md.find("**1 significant regression**, 1 improvement, 6 comparisons gated."), std::string::npos) << md;
    EXPECT_NE(md.find("| world=office | trajectory.ate_se3.rmse | 1 (n 3) | 1.5 (n 3) | 0.5 (+50.0 %) ["),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| 0.003602 | 0.005403 | **regression** (lower is better) |"), std::string::npos) << md;
    EXPECT_NE(md.find("Benjamini-Hochberg over the 3 of 6 comparisons that could reject"), std::string::npos) << md;
}

TEST(RegressionGate, TheSameResultsAreNoRegression) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const GateResult r = compareBenchmarks(base, base, GateOptions{});
    EXPECT_EQ(r.regressions, 0);
    for (const GateRow &g : r.rows) EXPECT_NE(g.verdict, GateVerdict::Improvement) << g.metric;
    EXPECT_FALSE(r.failed());
    EXPECT_NE(r.markdown("a", "b").find("**No significant regression**, 0 improvements"), std::string::npos);
}

TEST(RegressionGate, ThresholdsMetricsAndCellPairs) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const BenchAggregates next = benchmark({1.5, 1.6, 1.4}, {0.5, 0.55, 0.45}, {0.61, 0.612, 0.608});
    GateOptions o;
    o.metrics = {kAte};
    o.min_absolute = 0.6;  // the 0.5 m ATE change is below it
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);
    o.min_absolute = 0;
    o.min_relative = 0.6;  // 50 % is below 60 %
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);
    o.min_relative = 0.05;
    o.alpha = 0.001;  // p = 0.0036 is not below it
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);

    // Two cells of one benchmark: the maze cell (one run) against the office one.
    GateOptions cells;
    cells.base_cell = "world=office";
    cells.new_cell = "2";
    const GateResult pair = compareBenchmarks(base, base, cells);
    ASSERT_FALSE(pair.rows.empty());
    EXPECT_EQ(pair.rows.front().cell, "world=office -> world=maze");
    cells.new_cell = "world=desert";
    const GateResult missing = compareBenchmarks(base, base, cells);
    EXPECT_TRUE(missing.rows.empty());
    EXPECT_EQ(missing.only_in_new, std::vector<std::string>{"world=desert"});
}

TEST(RegressionGate, CellsOnOneSideAreListed) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    test::Rows other;
    other.add("world=office", bench::JobStatus::done, {{kAte, 1.0}});
    other.add("world=city", bench::JobStatus::done, {{kAte, 1.0}});
    const GateResult r = compareBenchmarks(base, aggregate(other.jobs, other.metrics), GateOptions{});
    EXPECT_EQ(r.only_in_base, std::vector<std::string>{"world=maze"});
    EXPECT_EQ(r.only_in_new, std::vector<std::string>{"world=city"});
    EXPECT_NE(r.markdown("main", "pr").find("Only in pr: world=city"), std::string::npos);
}

TEST(RegressionGate, MachineMeasuredResourcesAreReportedNotGated) {
    // An unchanged stack on a busier machine: the quality is the same, memory and CPU moved.
    test::Rows base_rows, new_rows;
    const double rss_base[] = {100e6, 101e6, 99e6}, rss_new[] = {80e6, 81e6, 79e6};  // "improved", p < 0.001
    const double cpu_base[] = {50, 52, 48}, cpu_new[] = {70, 72, 68};                // "worse", p < 0.001
    for (int i = 0; i < 3; ++i) {
        base_rows.add("world=office", bench::JobStatus::done,
                      {{kAte, 1.0},
                       {"system.peak_rss_bytes", rss_base[i]},
                       {"system.peak_cpu_percent", cpu_base[i]},
                       {"run_s", 10.0 + i}});
        new_rows.add("world=office", bench::JobStatus::done,
                     {{kAte, 1.0},
                      {"system.peak_rss_bytes", rss_new[i]},
                      {"system.peak_cpu_percent", cpu_new[i]},
                      {"run_s", 20.0 + i}});
    }
    const BenchAggregates base = aggregate(base_rows.jobs, base_rows.metrics);
    const BenchAggregates next = aggregate(new_rows.jobs, new_rows.metrics);
    GateResult r = compareBenchmarks(base, next, GateOptions{});
    EXPECT_EQ(r.regressions, 0);
    EXPECT_FALSE(r.failed());
    const GateRow &cpu = row(r, "world=office", "system.peak_cpu_percent");
    EXPECT_TRUE(cpu.resource);
    EXPECT_FALSE(cpu.gated);
    EXPECT_EQ(cpu.verdict, GateVerdict::Regression);  // shown as "worse (not gated)"
    EXPECT_EQ(row(r, "world=office", "system.peak_rss_bytes").verdict, GateVerdict::Improvement);
    // The run time is a duration: context, never a verdict.
    EXPECT_EQ(row(r, "world=office", "run_s").verdict, GateVerdict::Context);
    EXPECT_FALSE(row(r, "world=office", "run_s").gated);
    // The ATE is identical on both sides: no test could reject, so it is not counted.
    EXPECT_TRUE(std::isnan(row(r, "world=office", kAte).adjusted_p));
    std::string md = r.markdown("main", "pr");
    EXPECT_NE(md.find("**No significant regression**"), std::string::npos) << md;
    EXPECT_NE(md.find("Resources, measured on the machine (not gated"), std::string::npos) << md;
    EXPECT_NE(md.find("worse (not gated) (lower is better)"), std::string::npos) << md;

    // Asked for: gated with their own threshold (10 %) and level (0.01). CPU rose 40 %.
    GateOptions gated;
    gated.gate_resources = true;
    r = compareBenchmarks(base, next, gated);
    EXPECT_EQ(r.regressions, 1);
    EXPECT_TRUE(row(r, "world=office", "system.peak_cpu_percent").gated);
    gated.resource_min_relative = 0.5;  // 40 % is below it
    EXPECT_EQ(compareBenchmarks(base, next, gated).regressions, 0);
    // Naming one with --metric gates that one.
    GateOptions named;
    named.metrics = {"system.peak_cpu_percent"};
    r = compareBenchmarks(base, next, named);
    EXPECT_EQ(r.regressions, 1);
    EXPECT_FALSE(row(r, "world=office", "system.peak_rss_bytes").gated);
}

TEST(RegressionGate, TheNumberOfComparisonsIsAccountedFor) {
    // One cell moved with Welch p = 0.0213 (t = 0.3 / 0.0816, df 4), three others barely (p 0.82).
    test::Rows base_rows, new_rows;
    for (const char *cell : {"world=a", "world=b", "world=c", "world=d"}) {
        const double shift = std::string(cell) == "world=a" ? 0.3 : 0.02;
        for (double v : {1.0, 1.1, 0.9}) {
            base_rows.add(cell, bench::JobStatus::done, {{kAte, v}});
            new_rows.add(cell, bench::JobStatus::done, {{kAte, v + shift}});
        }
    }
    const BenchAggregates base = aggregate(base_rows.jobs, base_rows.metrics);
    const BenchAggregates next = aggregate(new_rows.jobs, new_rows.metrics);
    GateOptions o;
    o.correction = Correction::None;
    GateResult r = compareBenchmarks(base, next, o);
    EXPECT_NEAR(row(r, "world=a", kAte).p_value, 0.021311641, 1e-6);
    EXPECT_EQ(r.regressions, 1);  // alone, p 0.021 < 0.05
    // Four questions: the smallest p times 4 (BH's rank 1, Holm's first step) is 0.085.
    for (Correction c : {Correction::BenjaminiHochberg, Correction::Holm}) {
        o.correction = c;
        r = compareBenchmarks(base, next, o);
        EXPECT_NEAR(row(r, "world=a", kAte).adjusted_p, 4 * 0.021311641, 1e-5) << correctionName(c);
        EXPECT_EQ(r.regressions, 0) << correctionName(c);
    }
}

/// A fleet: one job per recording `name` of the folder `folder`, with its ATE, verdict and anomalies.
struct Fleet {
    std::vector<JobRecord> jobs;
    std::vector<MetricValue> metrics;
    std::map<int, RecordingDigest> recordings;
    BenchAggregates aggregates;

    void add(const std::string &folder, const std::string &name, double ate, const std::string &anomaly = "",
             const std::string &content = "same") {
        JobRecord job;
        job.index = static_cast<int>(jobs.size());
        const std::string path = folder + "/" + name;
        job.cell_key = "run=" + path;
        job.cell_json = nlohmann::json{{"run", path}}.dump();
        job.status = bench::JobStatus::done;
        job.verdict = anomaly.empty() ? "ok" : "potential_failure";
        nlohmann::json summary{{"anomalies", nlohmann::json::array()}};
        if (!anomaly.empty()) summary["anomalies"].push_back({{"code", anomaly}});
        job.summary_json = summary.dump();
        jobs.push_back(job);
        metrics.push_back({job.index, kAte, ate});
        recordings[job.index] = RecordingDigest{path, name + "-" + content, 1000};
    }
    GateInput input(const std::string &name) {
        aggregates = aggregate(jobs, metrics);
        return GateInput{name, &aggregates, &jobs, &recordings, {"run"}, "run"};
    }
};

TEST(RegressionGate, AFleetIsComparedRecordingByRecording) {
    // Twelve recordings; NEW's ATE rose on the six office ones (0.032 -> ~0.078), one of them now
    // also collides; BASE and NEW ran from different folders (two CI workspaces).
    Fleet base, next;
    for (int i = 0; i < 12; ++i) {
        const std::string name = fmt::format("{}_{}.mcap", i < 6 ? "office" : "yard", i);
        const double ate = 0.030 + 0.001 * i;
        base.add("/ci/main/field", name, ate);
        next.add("/ci/pr-7/field", name, i < 6 ? ate + 0.041 + 0.001 * i : ate, i == 2 ? "collision" : "");
    }
    const GateResult r = compareBenchmarks(base.input("bench-main"), next.input("bench-pr"), GateOptions{});
    ASSERT_TRUE(r.paired);
    EXPECT_EQ(r.recordings_paired, 12);
    EXPECT_TRUE(r.recordings_changed.empty());
    EXPECT_FALSE(r.partial());
    const GateRow &ate = row(r, "", kAte);
    EXPECT_TRUE(ate.paired);
    EXPECT_EQ(ate.paired_t.n, 12);
    // Six positive differences, six zeros (dropped): all six signs positive, 2 / 2^6.
    EXPECT_EQ(ate.wilcoxon.n, 6);
    EXPECT_NEAR(ate.p_value, 2.0 / 64, 1e-15);
    // Mean change: (0.041 + ... + 0.046) / 12 = 0.2610 / 12.
    EXPECT_NEAR(ate.change, 0.2610 / 12, 1e-12);
    EXPECT_EQ(ate.verdict, GateVerdict::Regression);
    // The verdict is a metric too: one recording turned into a potential failure. One non-zero
    // difference can give no p below 2 / 2 = 1, so that test is not counted in the family (m = 1).
    EXPECT_EQ(row(r, "", kPotentialFailure).verdict, GateVerdict::NoSignificantChange);
    EXPECT_EQ(row(r, "", kPotentialFailure).min_attainable_p, 1.0);
    EXPECT_TRUE(std::isnan(row(r, "", kPotentialFailure).adjusted_p));
    EXPECT_NEAR(ate.adjusted_p, 2.0 / 64, 1e-15);
    EXPECT_EQ(r.new_problems, 1);
    ASSERT_EQ(r.verdict_changes.size(), 1u);
    EXPECT_EQ(r.verdict_changes[0].recording, "office_2.mcap");
    EXPECT_EQ(r.verdict_changes[0].new_anomalies, "collision");
    EXPECT_EQ(r.verdict_changes[0].base_report, "bench-main/jobs/0002/eval/report.html");
    EXPECT_EQ(r.verdict_changes[0].new_report, "bench-pr/jobs/0002/eval/report.html");
    // The largest changes, worse first: office_0 rose the most relatively (0.030 -> 0.071).
    ASSERT_EQ(r.largest_changes.size(), 6u);
    EXPECT_EQ(r.largest_changes[0].recording, "office_0.mcap");
    EXPECT_TRUE(r.largest_changes[0].worse);
    EXPECT_TRUE(r.failed());

    const std::string md = r.markdown("bench-main", "bench-pr");
    // The summary leads with the verdict changes and the largest changes.
    const auto verdicts = md.find("#### Verdict changes"), largest = md.find("#### Largest changes per recording"),
               tests = md.find("#### Quality, paired over the recordings");
    ASSERT_NE(verdicts, std::string::npos) << md;
    EXPECT_LT(verdicts, largest);
    EXPECT_LT(largest, tests);
    EXPECT_NE(md.find("**1 new potential failure, 1 significant regression**"), std::string::npos) << md;
    EXPECT_NE(md.find("over 12 recordings compared pairwise by name (0 with changed content)"), std::string::npos) << md;
    EXPECT_NE(md.find("| office_2.mcap | ok | **potential_failure** | collision | "
                      "[base](bench-main/jobs/0002/eval/report.html) · [new](bench-pr/jobs/0002/eval/report.html) |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| office_0.mcap | trajectory.ate_se3.rmse | 0.03 | 0.071 | 0.041 (+136.7 %) **worse** |"),
              std::string::npos)
        << md;
    // The row docs/bench.md shows; paired t and its interval as scipy's ttest_rel and t.interval.
    EXPECT_NE(md.find("| trajectory.ate_se3.rmse | 12 | 0.0355 | 0.05725 | 0.02175 (+61.3 %) [0.007294, 0.03621] | "
                      "0.03125 | 0.006935 | 0.03125 | **regression** (lower is better) |"),
              std::string::npos)
        << md;

    // Cell by cell, as before this pairing, every recording has one run a side: nothing to test.
    GateOptions cells;
    cells.pairing = Pairing::Cells;
    const GateResult unpaired = compareBenchmarks(base.input("a"), next.input("b"), cells);
    EXPECT_FALSE(unpaired.paired);
    EXPECT_EQ(unpaired.regressions, 0);
}

TEST(RegressionGate, AReTruthedFleetIsComparedByNameAndSaysWhichContentChanged) {
    // A team fixed the ground truth of its six office recordings (their folders' bytes changed)
    // and its stack got worse there: office ATE 0.032 -> 0.078 m. Paired by name, all twelve are
    // compared and the regression is found; the six changed contents are named.
    Fleet base, next;
    for (int i = 0; i < 12; ++i) {
        const bool office = i < 6;
        const std::string name = fmt::format("{}_{}", office ? "office" : "yard", i);
        base.add("/ci/main", name, office ? 0.032 : 0.05);
        next.add("/ci/pr", name, office ? 0.078 : 0.05, "", office ? "re-truthed" : "same");
    }
    const GateResult r = compareBenchmarks(base.input("main"), next.input("pr"), GateOptions{});
    ASSERT_TRUE(r.paired);
    EXPECT_EQ(r.recordings_paired, 12);
    EXPECT_EQ(r.recordings_changed, (std::vector<std::string>{"office_0", "office_1", "office_2", "office_3",
                                                              "office_4", "office_5"}));
    EXPECT_FALSE(r.partial());
    const GateRow &ate = row(r, "", kAte);
    EXPECT_EQ(ate.paired_t.n, 12);
    EXPECT_EQ(ate.wilcoxon.n, 6);  // six differences of +0.046, six zeros
    EXPECT_NEAR(ate.p_value, 2.0 / 64, 1e-15);
    EXPECT_NEAR(ate.change, 6 * 0.046 / 12, 1e-12);
    EXPECT_EQ(ate.verdict, GateVerdict::Regression);
    EXPECT_TRUE(r.failed());
    const std::string md = r.markdown("main", "pr");
    EXPECT_EQ(md.substr(0, md.find('\n')), "### robometrics bench compare: pr vs main");
    EXPECT_NE(md.find("over 12 recordings compared pairwise by name (6 with changed content)"), std::string::npos) << md;
    EXPECT_NE(md.find("Compared by name, its content changed (re-recorded or new ground truth): office_3\n"),
              std::string::npos)
        << md;
}

TEST(RegressionGate, APartialFleetComparisonSaysSoFirstAndFailsUnlessAllowed) {
    // Nothing changed, but two of the twelve recordings were not run again: ten compared.
    Fleet base, next;
    for (int i = 0; i < 12; ++i) {
        const std::string name = fmt::format("r{}.mcap", i);
        base.add("/f", name, 0.03 + 0.001 * i);
        if (i < 10) next.add("/f", name, 0.03 + 0.001 * i);
    }
    next.add("/f", "extra.mcap", 0.5);  // and one only NEW has
    GateResult r = compareBenchmarks(base.input("a"), next.input("b"), GateOptions{});
    EXPECT_EQ(r.recordings_paired, 10);
    EXPECT_EQ(r.only_in_base, (std::vector<std::string>{"r10.mcap", "r11.mcap"}));
    EXPECT_EQ(r.only_in_new, std::vector<std::string>{"extra.mcap"});
    EXPECT_TRUE(r.partial());
    EXPECT_EQ(r.fleetSize(), 13u);
    EXPECT_EQ(r.regressions, 0);
    EXPECT_TRUE(r.failed());
    std::string md = r.markdown("a", "b");
    EXPECT_EQ(md.substr(0, md.find('\n')), "### robometrics bench compare: b vs a (PARTIAL: 10 of 13 recordings compared)");
    EXPECT_NE(md.find("**a partial comparison**"), std::string::npos) << md;
    EXPECT_NE(md.find("Not compared, found on one side only: 3 recordings; the gate fails (--allow-partial accepts it)."),
              std::string::npos)
        << md;
    GateOptions allow;
    allow.allow_partial = true;
    r = compareBenchmarks(base.input("a"), next.input("b"), allow);
    EXPECT_FALSE(r.failed());
    md = r.markdown("a", "b");
    EXPECT_EQ(md.substr(0, md.find('\n')),
              "### robometrics bench compare: b vs a (PARTIAL: 10 of 13 recordings compared, allowed)");
    EXPECT_NE(md.find("**No significant regression**"), std::string::npos) << md;
}

TEST(RegressionGate, AnUnchangedFleetPassesAndAFewChangedRecordingsAreListed) {
    Fleet base, same, few;
    for (int i = 0; i < 12; ++i) {
        const std::string name = fmt::format("r{}.mcap", i);
        base.add("/f", name, 0.03 + 0.001 * i);
        same.add("/f", name, 0.03 + 0.001 * i);
        few.add("/f", name, 0.03 + 0.001 * i + (i < 3 ? 0.04 : 0));  // three of twelve: p = 2/8
    }
    GateResult r = compareBenchmarks(base.input("a"), same.input("b"), GateOptions{});
    EXPECT_TRUE(r.paired);
    EXPECT_FALSE(r.failed());
    EXPECT_TRUE(r.largest_changes.empty());
    EXPECT_NE(r.markdown("a", "b").find("No gated metric of a recording changed by 5 % or more."), std::string::npos);
    r = compareBenchmarks(base.input("a"), few.input("b"), GateOptions{});
    EXPECT_NEAR(row(r, "", kAte).p_value, 0.25, 1e-15);
    EXPECT_FALSE(r.failed());                 // three recordings cannot make a fleet-wide change significant ...
    EXPECT_EQ(r.largest_changes.size(), 3u);  // ... but the review sees them first
}

/// A cell whose runs judged /scan's max_gap_s (an error) and /imu's rate_hz (a warning).
CellAggregate checkedCell(const std::string &key, int gap_failed, int rate_failed, int runs) {
    CellAggregate cell;
    cell.key = key;
    CellCheck check;
    check.runs = runs;
    check.rules = {CellRuleCount{"/scan", "max_gap_s", "0.5", topicstats::Severity::Error, runs, gap_failed,
                                 gap_failed ? "silent 2.7 s from 41.2 s to 43.9 s" : ""},
                   CellRuleCount{"/imu", "rate_hz", "200 ± 10 %", topicstats::Severity::Warning, runs, rate_failed,
                                 rate_failed ? "100 Hz" : ""}};
    cell.check = check;
    return cell;
}

TEST(RegressionGate, ANewlyFailingErrorRuleFailsTheGateAndAWarningIsOnlyListed) {
    BenchAggregates base, next;
    base.cells = {checkedCell("stack=nav", 0, 0, 3)};
    next.cells = {checkedCell("stack=nav", 2, 1, 3)};
    GateResult r = compareBenchmarks(base, next, GateOptions{});
    ASSERT_EQ(r.new_rule_failures.size(), 2u);
    EXPECT_EQ(r.new_rule_failures[0].where, "stack=nav");
    EXPECT_EQ(r.new_rule_failures[0].next.rule, "max_gap_s");
    EXPECT_EQ(r.new_rule_errors, 1);
    EXPECT_TRUE(r.failed());
    const std::string md = r.markdown("main", "pr");
    EXPECT_NE(md.find("**1 newly failing contract rule**"), std::string::npos) << md;
    EXPECT_NE(md.find("| stack=nav | /scan: max_gap_s 0.5 | **error** | 2 of 3 (base: 0 of 3) | silent 2.7 s from "
                      "41.2 s to 43.9 s |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| stack=nav | /imu: rate_hz 200 ± 10 % | warning | 1 of 3 (base: 0 of 3) | 100 Hz |"),
              std::string::npos)
        << md;

    // Only the warning is new (the gap failed in the base too): listed, the gate passes.
    base.cells = {checkedCell("stack=nav", 1, 0, 3)};
    r = compareBenchmarks(base, next, GateOptions{});
    ASSERT_EQ(r.new_rule_failures.size(), 1u);
    EXPECT_EQ(r.new_rule_failures[0].next.rule, "rate_hz");
    EXPECT_EQ(r.new_rule_errors, 0);
    EXPECT_FALSE(r.failed());
}

}  // namespace
}  // namespace robometrics::bench
