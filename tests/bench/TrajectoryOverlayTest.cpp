#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/report/TrajectoryOverlay.hpp"

namespace robometrics::bench {
namespace {

RunTrajectory square(int job, double offset) {
    RunTrajectory run;
    run.job_index = job;
    run.ref_x = {0, 1, 1, 0};
    run.ref_y = {0, 0, 1, 1};
    for (double x : run.ref_x) run.est_x.push_back(x + offset);
    run.est_y = run.ref_y;
    return run;
}

TEST(TrajectoryOverlay, TheFirstDoneRunsOfEachCellAreRead) {
    test::Rows r;
    for (int i = 0; i < kOverlayRunsPerCell + 2; ++i) r.add("slam=a", bench::JobStatus::done, {{"run_s", 1}});
    r.add("slam=b", bench::JobStatus::failed, {});
    r.add("slam=b", bench::JobStatus::done, {{"run_s", 1}});
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    std::vector<int> expected;
    for (int i = 0; i < kOverlayRunsPerCell; ++i) expected.push_back(i);
    expected.push_back(kOverlayRunsPerCell + 3);  // slam=b's done job, not its failed one
    EXPECT_EQ(overlayJobs(agg, r.jobs), expected);
}

TEST(TrajectoryOverlay, OnePlotPerCellWithGroundTruthAndEachEstimate) {
    test::Rows r;
    r.add("slam=a", bench::JobStatus::done, {{"run_s", 1}});
    r.add("slam=a", bench::JobStatus::done, {{"run_s", 1}});
    r.add("slam=b", bench::JobStatus::done, {{"run_s", 1}});
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    EXPECT_FALSE(trajectoryOverlaySection(agg, {}).has_value());  // no ground truth anywhere

    auto section = trajectoryOverlaySection(agg, {square(0, 0.1), square(1, 0.2)});
    ASSERT_TRUE(section.has_value());
    EXPECT_EQ(section->title, "Trajectories per cell");
    const std::string &html = section->html;
    EXPECT_NE(html.find("slam=a: ground truth (grey) and SE(3)-aligned estimates"), std::string::npos);
    EXPECT_EQ(html.find("slam=b:"), std::string::npos);  // its run has no trajectory
    EXPECT_NE(html.find(">job 0<"), std::string::npos) << html.substr(0, 3000);
    EXPECT_NE(html.find(">job 1<"), std::string::npos);
    // The ground truth is in the legend once, however many runs are drawn.
    EXPECT_EQ(html.find(">ground truth<"), html.rfind(">ground truth<"));
}

}  // namespace
}  // namespace robometrics::bench
