#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/toolbox/TrajectoryEvaluationReport.hpp"

using namespace robometrics;

TEST(TrajectoryEvaluationReport, TitlesNameMetricRelationUnitAndAlignment) {
    toolbox::TrajectoryEvaluationOptions o;
    o.relation = "angle_deg";
    o.align = "se3";
    EXPECT_EQ(toolbox::evaluationTitle(o), "APE w.r.t. angle_deg (deg) (alignment: se3)");
    o.relation = "full";
    EXPECT_EQ(toolbox::evaluationTitle(o), "APE w.r.t. full (alignment: se3)");
    o.metric = "rpe";
    o.relation = "trans";
    o.align = "none";
    o.delta = 2;
    o.delta_unit = "m";
    o.all_pairs = true;
    EXPECT_EQ(toolbox::evaluationTitle(o), "RPE w.r.t. trans (m) for delta = 2 (m), all pairs (alignment: none)");
}

TEST(TrajectoryEvaluationReport, ResultsFileHasArraysFromTheFirstStampAndPathLengths) {
    slam::TrajectoryErrorResult r;
    for (int i = 0; i < 3; ++i) r.prepared.est.add(10.0 + i, {3.0 * i, 4.0 * i, 0}, Eigen::Quaterniond::Identity());
    r.errors = {0.5, 1.5};
    r.stamps = {11.0, 12.0};
    r.pose_indices = {1, 2};
    toolbox::TrajectoryEvaluationContext c;
    c.ref = "gt.txt";
    c.est = "runs/est.txt";
    auto j = toolbox::resultsJson(c, r, {{"n", 2}});
    EXPECT_EQ(j["format"], "robometrics-results");
    EXPECT_EQ(j["n"], 2);
    EXPECT_EQ(j["info"]["label"], "est.txt");
    EXPECT_EQ(j["info"]["title"], "APE w.r.t. trans (m) (alignment: none)");
    EXPECT_EQ(j["seconds_from_start"], (std::vector<double>{0.0, 1.0}));
    EXPECT_EQ(j["distances"], (std::vector<double>{5.0, 10.0}));  // 3-4-5 steps
}

TEST(TrajectoryEvaluationReport, OutputDirectoryHoldsEstimateErrorsAndPlots) {
    slam::TrajectoryErrorResult r;
    for (int i = 0; i < 3; ++i) {
        r.prepared.ref.add(i, {1.0 * i, 0, 0}, Eigen::Quaterniond::Identity());
        r.prepared.est.add(i, {1.0 * i, 1, 0}, Eigen::Quaterniond::Identity());
    }
    r.errors = {1, 1, 1};
    r.stamps = {0, 1, 2};
    r.pose_indices = {0, 1, 2};
    toolbox::TrajectoryEvaluationContext c;
    c.options.out_dir = (robometrics::test::scratchDir("evaluation_report") / "out").string();
    ASSERT_TRUE(toolbox::writeEvaluationOutputs(c, r, {}).ok());
    EXPECT_EQ(robometrics::test::countEntries(c.options.out_dir), 4u);
    EXPECT_EQ(robometrics::test::readFile(c.options.out_dir + "/estimate_aligned.tum").substr(0, 16),
              "0 0 1 0 0 0 0 1\n");
}
