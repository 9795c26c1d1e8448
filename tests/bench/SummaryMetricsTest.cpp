#include <gtest/gtest.h>

#include <set>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/JobRunner.hpp"
#include "robometrics/bench/SummaryMetrics.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {
namespace {

TEST(SummaryMetrics, NumericLeavesFlattenedWithDots) {
    auto summary = nlohmann::json::parse(R"({
      "verdict": "ok", "duration_s": 20,
      "trajectory": {"ate_se3": {"rmse": 0.25, "max": 1}, "source": "tf"},
      "map": {"iou": null},
      "anomalies": [{"value": 3}], "over": true})");
    std::vector<MetricValue> m = flattenSummary(4, summary);
    ASSERT_EQ(m.size(), 4u);  // strings, booleans and arrays are not metrics
    EXPECT_EQ(m[0].name, "duration_s");
    EXPECT_EQ(m[0].value, 20.0);
    EXPECT_EQ(m[1].name, "map.iou");
    EXPECT_FALSE(m[1].value.has_value());
    EXPECT_EQ(m[2].name, "trajectory.ate_se3.max");
    EXPECT_EQ(m[3].name, "trajectory.ate_se3.rmse");
    EXPECT_EQ(m[3].value, 0.25);
    for (const auto &v : m) EXPECT_EQ(v.job_index, 4);
}

/// The names among `metrics` the metric catalogue does not hold, one per line.
std::string namesNotInCatalogue(const std::vector<MetricValue> &metrics) {
    std::string out;
    for (const MetricValue &m : metrics) {
        if (!evaluate::metricInfo(m.name).in_catalogue) out += "  " + m.name + "\n";
    }
    return out;
}

// A new number in summary.json cannot reach the store without its unit, direction and tier.
TEST(SummaryMetrics, EveryMetricOfEverySectionIsInTheCatalogue) {
    evaluate::Evaluation e;  // every optional analysis present, with its default figures
    e.traversal = evaluate::TraversalResult{};
    e.lost = evaluate::LostResult{};
    e.motion = slam::RunMotion{};
    e.motion->path_length_m = 2;  // drift per metre needs a path
    e.trajectory = evaluate::TrajectoryResult{};
    e.map = slam::MapEvalResult{};
    e.costmap = evaluate::CostmapResult{};
    e.system = evaluate::SystemResult{};
    e.system->run = nlohmann::json::object();  // run.json as read; its figures come with the real job below
    const std::vector<MetricValue> metrics = flattenSummary(0, evaluate::toSummaryJson(e));
    EXPECT_GT(metrics.size(), 80u);
    EXPECT_EQ(namesNotInCatalogue(metrics), "") << "add these to src/robometrics/evaluate/MetricCatalogue.cpp";
}

// The same on a real job: a simulated terrain run (every analysis applies) supervised and
// evaluated by bench, so run.json's figures and bench's own run_s and evaluate_s are in too.
TEST(SummaryMetrics, EveryMetricOfARealJobIsInTheCatalogue) {
    const auto out = test::scratchDir("summary-metrics-catalogue");
    auto matrix = parseMatrix(
        "command: [\"{robometrics}\", simulate, --scenario, terrain, --duration, \"6\", -o, \"{out}\"]\n", "m.yaml");
    ASSERT_TRUE(matrix.ok()) << matrix.message();
    auto jobs = expandMatrix(*matrix, ExpandContext{out.string(), test::robometricsBinary()});
    ASSERT_TRUE(jobs.ok()) << jobs.message();
    JobRunOptions options;
    options.robometrics = test::robometricsBinary();
    const JobOutcome outcome = runJob(*matrix, jobs->front(), options);
    ASSERT_TRUE(outcome.success) << outcome.error.value_or("");
    std::set<std::string> names;
    for (const MetricValue &m : outcome.metrics) names.insert(m.name);
    for (const char *section :
         {"traversal.rows", "activity.goals", "localization.lost", "motion.path_length_m", "trajectory.ate_se3.rmse",
          "map.iou", "costmap.frames", "system.peak_cpu_percent", "system.run.peak_rss_bytes", "run_s", "evaluate_s"}) {
        EXPECT_TRUE(names.count(section)) << section << " not produced: the run no longer covers its section";
    }
    EXPECT_EQ(namesNotInCatalogue(outcome.metrics), "") << "add these to src/robometrics/evaluate/MetricCatalogue.cpp";
}

}  // namespace
}  // namespace robometrics::bench
