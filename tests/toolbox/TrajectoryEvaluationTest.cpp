#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/toolbox/TrajectoryEvaluation.hpp"

using namespace robometrics;

namespace {

/// Four poses along x, one second apart, from `t0`; the estimate is shifted by (0, 3, 4): 5 m off.
toolbox::TrajectoryEvaluationOptions pairOfFiles(const std::string &name, double ref_t0 = 0.0) {
    const auto dir = robometrics::test::scratchDir("trajectory_evaluation_" + name);
    toolbox::TrajectoryEvaluationOptions o;
    o.ref = (dir / "ref.tum").string();
    o.est = (dir / "est.tum").string();
    std::ofstream ref(o.ref), est(o.est);
    for (int i = 0; i < 4; ++i) {
        ref << ref_t0 + i << " " << i << " 0 0 0 0 0 1\n";
        est << i << " " << i << " 3 4 0 0 0 1\n";
    }
    return o;
}

}  // namespace

TEST(TrajectoryEvaluation, ApeTextAndJson) {
    auto run = toolbox::runTrajectoryEvaluation(pairOfFiles("ape"));
    ASSERT_EQ(run.exit_code, 0) << run.error;
    EXPECT_TRUE(run.messages.empty());
    EXPECT_EQ(run.text,
              "APE w.r.t. trans (m) (alignment: none)\n"
              "matched 4 of 4 possible poses (nearest, --t-max-diff 0.01 s, --t-offset 0 s; reference 4 poses, "
              "estimate 4)\n"
              "       n 4\n     max 5.000000\n    mean 5.000000\n  median 5.000000\n     min 5.000000\n"
              "    rmse 5.000000\n     sse 100.000000\n     std 0.000000\n");
    EXPECT_EQ(run.summary["metric"], "ape");
    EXPECT_EQ(run.summary["association"]["ref_poses"], 4);
}

TEST(TrajectoryEvaluation, StatisticsAloneHoldNoRotationsAndNoErrorsAndSayTheSame) {
    auto o = pairOfFiles("lean");
    auto lean = toolbox::runTrajectoryEvaluation(o);
    ASSERT_EQ(lean.exit_code, 0) << lean.error;
    EXPECT_FALSE(lean.result->prepared.est.hasRotations());
    EXPECT_TRUE(lean.result->errors.empty());
    // With the per-pose errors asked for, the poses and errors are kept, and the rest is the same.
    o.errors = true;
    auto whole = toolbox::runTrajectoryEvaluation(o);
    ASSERT_EQ(whole.exit_code, 0) << whole.error;
    EXPECT_EQ(whole.result->errors.size(), 4u);
    whole.summary.erase("errors");
    whole.summary.erase("timestamps");
    EXPECT_EQ(lean.summary.dump(), whole.summary.dump());
    // A relation of rotations reads them.
    o.relation = "angle_deg";
    auto angles = toolbox::runTrajectoryEvaluation(o);
    ASSERT_EQ(angles.exit_code, 0) << angles.error;
    EXPECT_TRUE(angles.result->prepared.est.hasRotations());
}

TEST(TrajectoryEvaluation, EvoFlagsAndRpe) {
    auto o = pairOfFiles("rpe");
    o.metric = "rpe";
    o.evo_align_origin = true;  // evo's --align_origin: the first poses on each other, the shift gone
    o.relation = "trans_part";
    auto run = toolbox::runTrajectoryEvaluation(o);
    ASSERT_EQ(run.exit_code, 0) << run.error;
    EXPECT_EQ(run.summary["alignment"]["mode"], "origin");
    EXPECT_EQ(run.summary["relation"], "trans");
    EXPECT_EQ(run.summary["n"], 3);  // three consecutive pairs
    EXPECT_NEAR(run.summary["max"].get<double>(), 0.0, 1e-12);
}

TEST(TrajectoryEvaluation, FailuresCarryTheirExitCode) {
    auto o = pairOfFiles("failures");
    o.t_offset = "soon";
    auto bad_offset = toolbox::runTrajectoryEvaluation(o);
    EXPECT_EQ(bad_offset.exit_code, 2);
    EXPECT_EQ(bad_offset.error, "--t-offset: 'soon' is neither a number of seconds nor 'auto'");
    o.t_offset = "0";
    o.est += ".missing";
    auto missing = toolbox::runTrajectoryEvaluation(o);
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(missing.error, o.est + ": no such file");
    o.more_positionals = {"x"};
    EXPECT_EQ(toolbox::runTrajectoryEvaluation(o).exit_code, 2);  // three trajectory arguments
}

TEST(TrajectoryEvaluation, WarningsGoToStderrUnlessSilencedAndAlwaysToJson) {
    auto o = pairOfFiles("warnings", 1.7e9);  // epoch time against stamps from zero: nothing matches
    o.t_max_diff = 2e9;                       // ... unless anything goes
    auto run = toolbox::runTrajectoryEvaluation(o);
    ASSERT_EQ(run.exit_code, 0) << run.error;
    ASSERT_EQ(run.messages.size(), 1u);
    EXPECT_EQ(run.messages[0].rfind("warning: the reference stamps are epoch time", 0), 0u) << run.messages[0];
    o.no_warnings = true;
    run = toolbox::runTrajectoryEvaluation(o);
    EXPECT_TRUE(run.messages.empty());
    EXPECT_EQ(run.summary["warnings"].size(), 1u);
}
