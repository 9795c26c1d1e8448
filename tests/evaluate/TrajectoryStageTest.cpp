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
    using io::TrajectorySource;
    const std::vector<TrajectorySource> candidates{TrajectorySource::bagTf("run.mcap", "map", "base_link"),
                                                   TrajectorySource::bagTopic("run.mcap", "/amcl_pose"),
                                                   TrajectorySource::bagTopic("run.mcap", "/odom")};
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
    EXPECT_EQ(setup.ground_truth, io::TrajectorySource::file("gt_trajectory.tum"));
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
    using io::TrajectorySource;
    options.gt_trajectory = TrajectorySource::file("mine.tum");
    options.est_trajectory = TrajectorySource::bagTopic("run.mcap", "/odom");
    const TrajectorySetup setup = trajectorySetup(inputs, topics, options);
    EXPECT_EQ(setup.ground_truth, TrajectorySource::file("mine.tum"));
    EXPECT_EQ(setup.estimate_candidates,
              std::vector<TrajectorySource>{TrajectorySource::bagTopic("run.mcap", "/odom")});
    EXPECT_TRUE(passWants(setup).tf_chains.empty());  // the estimate is not this bag's TF chain
    // Without the user's or the run's file, the ground truth recorded in the bag.
    inputs.gt_trajectory.reset();
    EXPECT_EQ(trajectorySetup(inputs, topics, EvaluateOptions{}).ground_truth,
              TrajectorySource::bagTopic("run.mcap", "/ground_truth"));
}

TEST(TrajectoryStage, AGroundTruthThePassFoundInTfIsThatChainOfTheBag) {
    RunInputs inputs;
    inputs.bag = "run.mcap";
    nodes::TopicChoice topics = nav2Topics();
    topics.ground_truth = "tf:world:base_link_gt";  // the name the outputs show
    topics.ground_truth_type = "tf";
    const TrajectorySetup setup = trajectorySetup(inputs, topics, EvaluateOptions{},
                                                  std::make_pair(std::string("world"), std::string("base_link_gt")));
    EXPECT_EQ(setup.ground_truth, io::TrajectorySource::bagTf("run.mcap", "world", "base_link_gt"));
    ASSERT_TRUE(setup.ground_truth);
    EXPECT_EQ(setup.ground_truth->spelling(), "run.mcap:tf:world:base_link_gt");
}

TEST(TrajectoryStage, NoGroundTruthIsANoteNotAnError) {
    TfChains chains;
    auto found = evaluateTrajectory(TrajectorySetup{}, chains, GroundTruthRead{});
    ASSERT_TRUE(found.ok());
    EXPECT_FALSE(found->value);
    EXPECT_NE(found->note.find("ATE skipped"), std::string::npos);
}

TEST(TrajectoryStage, NoGroundTruthMapIsANote) {
    PassRecordings pass;
    auto found = evaluateMap(TrajectorySetup{}, pass, std::nullopt);
    ASSERT_TRUE(found.ok());
    EXPECT_FALSE(found->value);
    EXPECT_NE(found->note.find("no ground-truth map"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::evaluate
