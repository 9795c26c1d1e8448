// TrajectoryStage: which ground truth and which estimates the ATE compares, and what the pass
// is asked to keep from the bag for them.

#include <gtest/gtest.h>

#include "robometrics/evaluate/TrajectoryStage.hpp"

namespace robometrics::evaluate {
namespace {

nodes::TopicChoice nav2Topics() {
    nodes::TopicChoice t;
    t.tf = true;
    t.amcl_pose = "/amcl_pose";
    t.odometry = "/odom";
    return t;
}

TEST(TrajectoryStage, WithoutAGroundTruthThePassKeepsOnlyTheOdometryChain) {
    RunInputs inputs;
    inputs.bag = "run.mcap";
    const TrajectorySetup setup = trajectorySetup(inputs, nav2Topics(), EvaluateOptions{});
    EXPECT_FALSE(setup.ground_truth);
    const std::vector<std::string> candidates{"run.mcap:tf:map:base_link", "run.mcap:/amcl_pose", "run.mcap:/odom"};
    EXPECT_EQ(setup.estimate_candidates, candidates);
    const PassWants wants = passWants(setup);
    ASSERT_EQ(wants.tf_chains.size(), 1U);  // map -> odom, to draw the odometry in map
    EXPECT_EQ(wants.tf_chains[0], std::make_pair(std::string("map"), std::string("odom")));
    EXPECT_TRUE(wants.tf_ground_truth);  // look for one in TF
    EXPECT_FALSE(wants.map);
}

TEST(TrajectoryStage, AGroundTruthFileAsksForTheEstimateChainInstead) {
    RunInputs inputs;
    inputs.bag = "run.mcap";
    inputs.gt_trajectory = "gt_trajectory.tum";
    EvaluateOptions options;
    options.gt_map = "gt_map.yaml";
    const TrajectorySetup setup = trajectorySetup(inputs, nav2Topics(), options);
    EXPECT_EQ(setup.ground_truth, std::optional<std::string>("gt_trajectory.tum"));
    EXPECT_EQ(setup.ground_truth_map, std::optional<std::string>("gt_map.yaml"));
    const PassWants wants = passWants(setup);
    ASSERT_EQ(wants.tf_chains.size(), 1U);
    EXPECT_EQ(wants.tf_chains[0], std::make_pair(std::string("map"), std::string("base_link")));
    EXPECT_FALSE(wants.tf_ground_truth);
    EXPECT_TRUE(wants.map);
}

TEST(TrajectoryStage, TheUsersChoicesWinOverTheRunsFilesAndTopics) {
    RunInputs inputs;
    inputs.bag = "run.mcap";
    inputs.gt_trajectory = "gt_trajectory.tum";
    nodes::TopicChoice topics = nav2Topics();
    topics.ground_truth = "/ground_truth";
    EvaluateOptions options;
    options.gt_trajectory = "mine.tum";
    options.est_trajectory = "run.mcap:/odom";
    const TrajectorySetup setup = trajectorySetup(inputs, topics, options);
    EXPECT_EQ(setup.ground_truth, std::optional<std::string>("mine.tum"));
    EXPECT_EQ(setup.estimate_candidates, std::vector<std::string>{"run.mcap:/odom"});
    EXPECT_TRUE(passWants(setup).tf_chains.empty());  // the estimate is not this bag's TF chain
    // Without the user's or the run's file, the ground truth recorded in the bag.
    inputs.gt_trajectory.reset();
    EXPECT_EQ(trajectorySetup(inputs, topics, EvaluateOptions{}).ground_truth,
              std::optional<std::string>("run.mcap:/ground_truth"));
}

TEST(TrajectoryStage, NoGroundTruthIsANoteNotAnError) {
    Evaluation e;
    TfChains chains;
    ASSERT_TRUE(evaluateTrajectory(e, TrajectorySetup{}, chains, GroundTruthRead{}).ok());
    EXPECT_FALSE(e.trajectory);
    ASSERT_EQ(e.notes.size(), 1U);
    EXPECT_NE(e.notes[0].find("ATE skipped"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::evaluate
