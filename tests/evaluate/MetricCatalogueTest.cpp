#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "TestSupport.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::evaluate {
namespace {

void expectEntry(const std::string &name, const char *unit, Direction direction, MetricTier tier) {
    const MetricInfo &info = metricInfo(name);
    EXPECT_TRUE(info.in_catalogue) << name;
    EXPECT_EQ(info.unit, unit) << name;
    EXPECT_EQ(info.direction, direction) << name;
    EXPECT_EQ(info.tier, tier) << name;
}

TEST(MetricCatalogue, HandCheckedEntries) {
    using enum Direction;
    using enum MetricTier;
    // The issue's examples: time near obstacles is a cost; distance says what the mission was.
    expectEntry("traversal.time_low_clearance_s", "s", LowerIsBetter, Detail);
    expectEntry("traversal.distance_traveled_m", "m", None, Bookkeeping);
    expectEntry("traversal.collision_events", "count", LowerIsBetter, Headline);
    expectEntry("traversal.min_clearance_m", "m", HigherIsBetter, Headline);
    expectEntry("trajectory.ate_se3.rmse", "m", LowerIsBetter, Headline);
    expectEntry("trajectory.matched_poses", "count", None, Bookkeeping);  // how much was evaluated, not how well
    expectEntry("map.coverage", "ratio", HigherIsBetter, Headline);
    expectEntry("map.iou", "ratio", HigherIsBetter, Headline);
    expectEntry("map.ssim", "index", HigherIsBetter, Headline);
    expectEntry("map.wall_thickness_m", "m", LowerIsBetter, Detail);
    expectEntry("localization.lost", "count", LowerIsBetter, Headline);
    expectEntry("localization.normal", "count", None, Bookkeeping);
    expectEntry("system.peak_cpu_percent", "%", LowerIsBetter, Headline);
    expectEntry("system.peak_rss_bytes", "bytes", LowerIsBetter, Headline);
    // How long a run took is its mission, not its quality (issue 45): a duration is never ranked.
    expectEntry("run_s", "s", None, Bookkeeping);
    expectEntry("system.run.duration_s", "s", None, Bookkeeping);
    expectEntry("system.run.cpu_time_s", "s", LowerIsBetter, Detail);  // what the run cost the machine
    expectEntry("potential_failure", "0/1", LowerIsBetter, Headline);
    expectEntry("evaluate_s", "s", None, Bookkeeping);
    // The leaderboards the issue counted that rank nothing.
    expectEntry("end_ns", "ns", None, Bookkeeping);
    expectEntry("start_ns", "ns", None, Bookkeeping);
    expectEntry("duration_s", "s", None, Bookkeeping);
    expectEntry("traversal.rows", "count", None, Bookkeeping);
    expectEntry("motion.odometry_messages", "count", None, Bookkeeping);
    expectEntry("system.samples", "count", None, Bookkeeping);
    // A sum over every IMU message grows with the run; its mean is the comparable figure.
    expectEntry("traversal.smoothness_metric", "m/s² + rad/s", None, Bookkeeping);
    expectEntry("traversal.mean_smoothness", "m/s² + rad/s", LowerIsBetter, Detail);
}

TEST(MetricCatalogue, MachineMeasuredResourcesAreNotGatedByDefault) {
    using enum MetricGroup;
    for (const char *name :
         {"system.peak_cpu_percent", "system.peak_rss_bytes", "system.mean_cpu_percent", "system.run.peak_pss_bytes",
          "system.run.cpu_time_s", "costmap.mean_frame_ms", "costmap.p95_frame_ms"}) {
        const MetricInfo &info = metricInfo(name);
        EXPECT_EQ(info.group, Resources) << name;
        EXPECT_TRUE(info.ranked()) << name;  // ranked on the leaderboards, never gated unless asked
        EXPECT_TRUE(info.machineMeasured()) << name;
        EXPECT_FALSE(info.gatedByDefault()) << name;
    }
    for (const char *name : {"run_s", "evaluate_s", "system.run.duration_s"}) {
        EXPECT_EQ(metricInfo(name).group, Resources) << name;
        EXPECT_FALSE(metricInfo(name).ranked()) << name;
    }
    const std::pair<const char *, MetricGroup> quality[] = {{"trajectory.ate_se3.rmse", Trajectory},
                                                            {"trajectory.drift_per_m", Trajectory},
                                                            {"map.iou", Map},
                                                            {"costmap.dropped_frames", Map},
                                                            {"traversal.collision_events", Safety},
                                                            {"safety.min_clearance_m", Safety},
                                                            {"localization.lost", Localization},
                                                            {"traversal.odometry_jumps", Localization},
                                                            {"topics./scan.estimated_drops", TopicHealth},
                                                            {"anomalies", Verdict},
                                                            {"potential_failure", Verdict}};
    for (const auto &[name, group] : quality) {
        EXPECT_EQ(metricInfo(name).group, group) << name;
        EXPECT_TRUE(metricInfo(name).gatedByDefault()) << name;
    }
    // Durations, counts, stamps and path lengths: no direction, so never ranked nor gated.
    for (const char *name : {"duration_s", "wall_duration_s", "start_ns", "motion.path_length_m",
                             "traversal.distance_traveled_m", "topics./scan.count", "activity.moving_s"}) {
        EXPECT_FALSE(metricInfo(name).ranked()) << name;
        EXPECT_FALSE(metricInfo(name).gatedByDefault()) << name;
    }
    EXPECT_STREQ(groupText(TopicHealth), "topic health");
    EXPECT_STREQ(groupText(Run), "run");
}

TEST(MetricCatalogue, PerTopicNamesMatchByPattern) {
    expectEntry("topics./scan.jitter_ms", "ms", Direction::LowerIsBetter, MetricTier::Detail);
    expectEntry("topics./rover/pose_array.estimated_drops", "count", Direction::LowerIsBetter, MetricTier::Detail);
    expectEntry("topics.3.mean_rate_hz", "Hz", Direction::None, MetricTier::Bookkeeping);
    EXPECT_EQ(metricInfo("topics./scan.jitter_ms").name, "topics.*.jitter_ms");
    // `*` is one whole, non-empty part of the name.
    EXPECT_FALSE(metricInfo("topics..jitter_ms").in_catalogue);
    EXPECT_FALSE(metricInfo("topics.a.b.jitter_ms").in_catalogue);
    EXPECT_FALSE(metricInfo("topics.jitter_ms").in_catalogue);
}

TEST(MetricCatalogue, AnUnknownMetricHasNoDirectionAndIsDetail) {
    for (const char *name : {"my_stack.planner_replans", "trajectory.ate_se3", "", "run_s.extra"}) {
        const MetricInfo &info = metricInfo(name);
        EXPECT_FALSE(info.in_catalogue) << name;
        EXPECT_EQ(info.direction, Direction::None) << name;
        EXPECT_EQ(info.tier, MetricTier::Detail) << name;
        EXPECT_FALSE(info.ranked()) << name;
    }
}

TEST(MetricCatalogue, EntriesAreUniqueTieredInOrderAndBookkeepingIsNeverRanked) {
    std::set<std::string_view> names;
    MetricTier previous = MetricTier::Headline;
    for (const MetricInfo &info : metricCatalogue()) {
        EXPECT_TRUE(names.insert(info.name).second) << "twice: " << info.name;
        EXPECT_TRUE(info.in_catalogue) << info.name;
        EXPECT_FALSE(info.unit.empty()) << info.name;
        EXPECT_EQ(info.tier == MetricTier::Bookkeeping, info.direction == Direction::None) << info.name;
        EXPECT_GE(static_cast<int>(info.tier), static_cast<int>(previous)) << info.name << " out of tier order";
        previous = info.tier;
        EXPECT_EQ(&metricInfo(info.name), &info) << info.name;  // no earlier entry shadows it
    }
    EXPECT_GT(names.size(), 100u);
}

TEST(MetricCatalogue, OrderPutsHeadlineFirstAndUnknownLast) {
    EXPECT_EQ(inCatalogueOrder({"zz.mine", "end_ns", "system.peak_rss_bytes", "map.iou", "trajectory.ate_se3.rmse",
                                "aa.mine", "traversal.mean_clearance_m"}),
              (std::vector<std::string>{"trajectory.ate_se3.rmse", "map.iou", "system.peak_rss_bytes",
                                        "traversal.mean_clearance_m", "end_ns", "zz.mine", "aa.mine"}));
}

TEST(MetricCatalogue, BetterFollowsTheDirection) {
    EXPECT_TRUE(better(1, 2, Direction::LowerIsBetter));
    EXPECT_FALSE(better(2, 1, Direction::LowerIsBetter));
    EXPECT_TRUE(better(2, 1, Direction::HigherIsBetter));
    EXPECT_FALSE(better(1, 1, Direction::HigherIsBetter));
    EXPECT_FALSE(better(1, 2, Direction::None));
    EXPECT_FALSE(better(2, 1, Direction::None));
    EXPECT_STREQ(directionText(Direction::None), "none");
    EXPECT_STREQ(tierText(MetricTier::Bookkeeping), "bookkeeping");
}

TEST(MetricCatalogue, DocsTableListsEveryEntryInOrder) {
    const auto docs = test::bundledDataDir().parent_path().parent_path() / "docs" / "bench.md";
    const std::string text = test::readFile(docs);
    if (text.empty()) GTEST_SKIP() << "docs not found at " << docs;
    const std::size_t start = text.find("\n## Metric catalogue");
    ASSERT_NE(start, std::string::npos) << "no section 'Metric catalogue' in " << docs;
    const std::size_t end = text.find("\n## ", start + 1);
    std::istringstream section(text.substr(start, end - start));
    const std::regex row(R"(^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$)");
    std::vector<std::string> documented, expected;
    for (std::string line; std::getline(section, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, row)) continue;
        documented.push_back(m[1].str() + " | " + m[2].str() + " | " + m[3].str() + " | " + m[4].str() + " | " +
                             m[5].str());
    }
    for (const MetricInfo &info : metricCatalogue()) {
        expected.push_back(std::string(info.name) + " | " + std::string(info.unit) + " | " +
                           directionText(info.direction) + " | " + tierText(info.tier) + " | " + groupText(info.group));
    }
    EXPECT_EQ(documented, expected);
}

}  // namespace
}  // namespace robometrics::evaluate
