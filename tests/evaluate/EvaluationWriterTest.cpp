// EvaluationWriter: the files the pass decides and ate.csv, written while evaluateRun's analyses
// after the pass and after the ATE go on (by hand, and through evaluateInto), are the very files
// writeEvaluation() writes at the end; a writer given up before
// finish() leaves the output folder as it was.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/RunInputs.hpp"

namespace robometrics::evaluate {
namespace {

namespace fs = std::filesystem;

/// Twenty seconds of a rover: a scan at 10 Hz, an IMU at 50 Hz and AMCL poses at 2 Hz on a
/// curve, enough for traversal.csv, topic_stats.csv, lost.csv and evaluation.mcap's pass records,
/// and a ground truth beside the bag (gt_trajectory.tum, the AMCL poses 2 cm off) for ate.csv.
fs::path writeRun(const fs::path &dir) {
    const fs::path bag = dir / "run.mcap";
    std::ofstream truth(dir / "gt_trajectory.tum");
    auto writer = bag::TypedWriter::open(bag.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    const TimeNs start = TimeNs{1'700'000'000} * kNsPerSecond;
    for (int k = 0; k < 1000; ++k) {
        const TimeNs t = start + TimeNs{k} * 20'000'000;  // 50 Hz
        const msgs::Time stamp = msgs::Time::fromNs(t);
        msgs::Imu imu;
        imu.header = {stamp, "imu_link"};
        imu.orientation.w = 1;
        imu.linear_acceleration = {0.1 * std::sin(0.1 * k), 0.0, 9.81 + (k % 97 == 0 ? 6.0 : 0.0)};
        EXPECT_TRUE(writer->write("/imu/data", imu, t).ok());
        if (k % 5 == 0) {
            msgs::LaserScan scan;
            scan.header = {stamp, "laser"};
            scan.angle_min = -1.5F;
            scan.angle_max = 1.5F;
            scan.angle_increment = 0.1F;
            scan.range_min = 0.1F;
            scan.range_max = 10.0F;
            scan.ranges.assign(31, 2.0F + 0.5F * static_cast<float>(std::sin(0.05 * k)));
            EXPECT_TRUE(writer->write("/scan", scan, t).ok());
        }
        if (k % 25 == 0) {
            msgs::PoseWithCovarianceStamped pose;
            pose.header = {stamp, "map"};
            pose.pose.pose.position.x = 0.01 * k;
            pose.pose.pose.position.y = 0.5 * std::sin(0.005 * k);
            pose.pose.pose.orientation.w = 1;
            truth << fmt::format("{:.9f} {} {} 0 0 0 0 1\n", toSeconds(t), pose.pose.pose.position.x + 0.02,
                                 pose.pose.pose.position.y);
            pose.pose.covariance[0] = pose.pose.covariance[7] = k > 600 ? 4.0 : 0.01;
            pose.pose.covariance[35] = 0.01;
            EXPECT_TRUE(writer->write("/amcl_pose", pose, t).ok());
        }
    }
    EXPECT_TRUE(writer->close().ok());
    return bag;
}

std::set<std::string> listing(const fs::path &dir) {
    std::set<std::string> names;
    for (const auto &entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

TEST(EvaluationWriter, PassFilesWrittenBesideTheAnalysesAreTheFilesWrittenAtTheEnd) {
    const fs::path dir = test::scratchDir("evaluation-writer-split");
    auto inputs = findRunInputs(writeRun(dir).string());
    ASSERT_TRUE(inputs.ok()) << inputs.message();

    auto whole = evaluateRun(*inputs, EvaluateOptions{});
    ASSERT_TRUE(whole.ok()) << whole.message();
    ASSERT_TRUE(writeEvaluation(*whole, (dir / "at-end").string()).ok());

    Evaluation e;
    auto writer = EvaluationWriter::open((dir / "beside").string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    int calls = 0, trajectory_calls = 0;
    Status evaluated = evaluateRun(
        *inputs, EvaluateOptions{}, e,
        [&](const Evaluation &passed) {
            ++calls;
            // What the pass decides is there already; what follows it is not.
            EXPECT_FALSE(passed.topic_windows.empty());
            EXPECT_TRUE(passed.lost.has_value());
            EXPECT_TRUE(passed.traversal.has_value());
            EXPECT_TRUE(passed.topic_health.empty());
            EXPECT_FALSE(passed.trajectory.has_value());
            EXPECT_TRUE(passed.anomalies.empty());
            writer->startPassParts(passed);
        },
        [&](const Evaluation &compared) {
            ++trajectory_calls;
            EXPECT_TRUE(compared.trajectory.has_value());
            EXPECT_TRUE(compared.anomalies.empty());
            writer->startTrajectoryParts(compared);
        });
    ASSERT_TRUE(evaluated.ok()) << evaluated.message();
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(trajectory_calls, 1);
    ASSERT_TRUE(writer->finish(e).ok());

    const std::set<std::string> files = listing(dir / "at-end");
    for (const char *name :
         {"traversal.csv", "topic_stats.csv", "lost.csv", "ate.csv", "evaluation.mcap", "summary.json", "report.html"}) {
        EXPECT_TRUE(files.count(name)) << name;
    }
    Evaluation into;  // the same through evaluateInto(), as `evaluate` and `bench` do it
    ASSERT_TRUE(evaluateInto(*inputs, EvaluateOptions{}, (dir / "into").string(), into).ok());
    for (const char *folder : {"beside", "into"}) {
        EXPECT_EQ(listing(dir / folder), files) << folder;
        for (const std::string &name : files) {
            EXPECT_EQ(test::readFile(dir / folder / name), test::readFile(dir / "at-end" / name)) << folder << name;
        }
    }
}

TEST(EvaluationWriter, AWriterGivenUpBeforeFinishLeavesTheFolderAsItWas) {
    const fs::path dir = test::scratchDir("evaluation-writer-given-up");
    auto inputs = findRunInputs(writeRun(dir).string());
    ASSERT_TRUE(inputs.ok()) << inputs.message();
    auto e = evaluateRun(*inputs, EvaluateOptions{});
    ASSERT_TRUE(e.ok()) << e.message();
    ASSERT_TRUE(writeEvaluation(*e, (dir / "eval").string()).ok());
    const std::string summary = test::readFile(dir / "eval" / "summary.json");
    {
        auto writer = EvaluationWriter::open((dir / "eval").string());
        ASSERT_TRUE(writer.ok()) << writer.message();
        writer->startPassParts(*e);  // as when the analyses after the pass fail: no finish()
        writer->startTrajectoryParts(*e);
    }
    EXPECT_EQ(test::readFile(dir / "eval" / "summary.json"), summary);
    // No folder left beside it.
    EXPECT_EQ(listing(dir), (std::set<std::string>{"eval", "gt_trajectory.tum", "run.mcap"}));
}

}  // namespace
}  // namespace robometrics::evaluate
