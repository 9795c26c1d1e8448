#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/io/EvoResultZip.hpp"

namespace robometrics {
namespace {

using test::runRobometrics;

struct LineFiles {
    std::string ref, est;
};

/// Reference at x = 0..4 (1 m steps), estimate at x = 0, 1.1, 2.1, 3.3, 4.3; stamps 0..4.
LineFiles lineFiles(const std::string &name) {
    auto dir = test::scratchDir(name);
    LineFiles f{(dir / "ref.txt").string(), (dir / "est.txt").string()};
    std::ofstream ref(f.ref), est(f.est);
    const double xs[] = {0, 1.1, 2.1, 3.3, 4.3};
    for (int i = 0; i < 5; ++i) {
        ref << i << " " << i << " 0 0 0 0 0 1\n";
        est << i << " " << xs[i] << " 0 0 0 0 0 1\n";
    }
    return f;
}

nlohmann::json rpeRunJson(const std::vector<std::string> &args) {
    auto r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
}

TEST(RpeCommand, ConsecutiveFrames) {
    auto f = lineFiles("rpe_frames");
    auto j = rpeRunJson({"rpe", f.ref, f.est, "--json", "--errors"});
    // Pairs (0,1) (1,2) (2,3) (3,4): |1.1 - 1|, 0, |1.2 - 1|, 0.
    EXPECT_EQ(j["n"], 4);
    EXPECT_NEAR(j["max"].get<double>(), 0.2, 1e-12);
    EXPECT_NEAR(j["mean"].get<double>(), 0.075, 1e-12);
    EXPECT_NEAR(j["sse"].get<double>(), 0.05, 1e-12);
    EXPECT_EQ(j["timestamps"], nlohmann::json({1.0, 2.0, 3.0, 4.0}));  // the second pose of each pair
    EXPECT_EQ(j["delta_unit"], "f");
}

TEST(RpeCommand, OutputDirectoryHoldsTheTrajectoryAndErrorOverTimePlots) {
    auto f = lineFiles("rpe_out");
    const auto out = test::scratchDir("rpe_out_dir");
    auto r = runRobometrics({"rpe", f.ref, f.est, "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char *file : {"rpe_plot.svg", "rpe_error_plot.svg", "rpe_errors.csv", "estimate_aligned.tum"}) {
        EXPECT_TRUE(std::filesystem::exists(out / file)) << file;
    }
    std::ifstream in(out / "rpe_error_plot.svg");
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Errors at the pairs' second stamps 1..4 s: 0..3 s since the first, ticks every 0.5 s.
    EXPECT_NE(svg.find("text-anchor=\"middle\" fill=\"#444\">3.0</text>"), std::string::npos) << svg;
    EXPECT_NE(svg.find(">RPE [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find(">RPE w.r.t. trans (m) for delta = 1 (f) (alignment: none): error over time</text>"),
              std::string::npos);
}

TEST(RpeCommand, AllPairsAndMetres) {
    auto f = lineFiles("rpe_all");
    auto j = rpeRunJson({"rpe", f.ref, f.est, "--delta", "2", "--all-pairs", "--json"});
    // (0,2) 0.1, (1,3) 0.2, (2,4) 0.2.
    EXPECT_EQ(j["n"], 3);
    EXPECT_NEAR(j["mean"].get<double>(), 0.5 / 3, 1e-12);
    // Pairs from the reference every 2 m: ids 2, 4 -> one pair (2, 4): |2.2 - 2| = 0.2.
    auto m = rpeRunJson({"rpe", f.ref, f.est, "--delta", "2", "--delta-unit", "m", "--pairs-from-reference", "--json"});
    EXPECT_EQ(m["n"], 1);
    EXPECT_NEAR(m["max"].get<double>(), 0.2, 1e-12);
}

TEST(RpeCommand, PointDistanceRelations) {
    auto f = lineFiles("rpe_point");
    auto ratio = rpeRunJson({"rpe", f.ref, f.est, "--relation", "point_distance_error_ratio", "--json"});
    EXPECT_NEAR(ratio["max"].get<double>(), 20.0, 1e-9);  // 0.2 m over 1 m
    auto pd = rpeRunJson({"rpe", f.ref, f.est, "--relation", "point_distance", "--json"});
    EXPECT_NEAR(pd["mean"].get<double>(), 0.075, 1e-12);
    EXPECT_EQ(runRobometrics({"rpe", f.ref, f.est, "--delta-unit", "s"}).exit_code, 2);
    auto none = runRobometrics({"rpe", f.ref, f.est, "--delta", "9"});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("no pose pairs"), std::string::npos) << none.err;
}

TEST(RpeCommand, Sim3ChangesRpeButSe3DoesNot) {
    auto dir = test::scratchDir("rpe_sim3");
    std::string ref = (dir / "ref.txt").string(), est = (dir / "est.txt").string();
    std::ofstream r(ref), e(est);
    const double pts[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int i = 0; i < 4; ++i) {
        r << i << " " << pts[i][0] << " " << pts[i][1] << " " << pts[i][2] << " 0 0 0 1\n";
        e << i << " " << 2 * pts[i][0] << " " << 2 * pts[i][1] << " " << 2 * pts[i][2] << " 0 0 0 1\n";
    }
    r.close();
    e.close();
    auto plain = rpeRunJson({"rpe", ref, est, "--json"});
    auto se3 = rpeRunJson({"rpe", ref, est, "--align", "se3", "--json"});
    auto sim3 = rpeRunJson({"rpe", ref, est, "--align", "sim3", "--json"});
    EXPECT_NEAR(plain["rmse"].get<double>(), se3["rmse"].get<double>(), 1e-12);
    EXPECT_GT(plain["rmse"].get<double>(), 0.9);
    EXPECT_NEAR(sim3["rmse"].get<double>(), 0.0, 1e-12);
    EXPECT_NEAR(sim3["alignment"]["scale"].get<double>(), 0.5, 1e-12);
}

TEST(RpeCommand, Fr1XyzRunsOnPublicData) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/freiburg1_xyz-groundtruth.txt");
    ROBOMETRICS_REQUIRE_DATA(est, "trajectories/freiburg1_xyz-rgbdslam.txt");
    auto j = rpeRunJson({"rpe", gt.string(), est.string(), "--json"});
    EXPECT_EQ(j["association"]["matched"], 785);
    EXPECT_EQ(j["association"]["max_pairs"], 788);
    EXPECT_EQ(j["n"], 784);  // consecutive pairs of 785 associated poses
}

}  // namespace
}  // namespace robometrics

namespace robometrics {
namespace {

TEST(RpeCommand, EvoCommandLinesGiveOurNumbers) {
    auto f = lineFiles("rpe_evo_spelling");
    auto evo = rpeRunJson({"rpe", "tum", f.ref, f.est, "-d", "2", "-u", "f", "--all_pairs", "-r", "point_distance",
                        "--t_max_diff", "0.02", "--align_origin", "--json"});
    auto ours = rpeRunJson({"rpe", f.ref, f.est, "--delta", "2", "--delta-unit", "f", "--all-pairs", "--relation",
                         "point_distance", "--t-max-diff", "0.02", "--align", "origin", "--json"});
    EXPECT_EQ(evo, ours);
    EXPECT_EQ(evo["n"], 3);  // all pairs (i, i + 2) of 5 poses
    auto metres = rpeRunJson({"rpe", f.ref, f.est, "--delta", "1", "--delta_unit", "m", "--delta_tol", "0.2",
                           "--pairs_from_reference", "--pose_relation", "trans_part", "--json"});
    EXPECT_EQ(metres, rpeRunJson({"rpe", f.ref, f.est, "--delta", "1", "--delta-unit", "m", "--delta-tol", "0.2",
                               "--pairs-from-reference", "--json"}));
}

TEST(RpeCommand, SaveResultsZipHoldsEvosArrays) {
    auto f = lineFiles("rpe_zip");
    const auto path = (std::filesystem::path(f.est).parent_path() / "rpe.zip").string();
    ASSERT_EQ(runRobometrics({"rpe", "tum", f.ref, f.est, "-d", "2", "--save_results", path, "--silent"}).exit_code, 0);
    auto zip = io::readEvoResultZip(path);
    ASSERT_TRUE(zip.ok()) << zip.message();
    // Pairs (0,2) (2,4): |2.1 - 2| and |2.2 - 2|; evo's arrays start at the first pair's first pose.
    const auto &errors = zip->array("error_array")->values;
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_NEAR(errors[0], 0.1, 1e-12);
    EXPECT_NEAR(errors[1], 0.2, 1e-12);
    EXPECT_EQ(zip->array("timestamps")->values, (std::vector<double>{2, 4}));
    EXPECT_EQ(zip->array("seconds_from_start")->values, (std::vector<double>{2, 4}));
    // Path length along the poses kept (0, 2, 4), straight from one to the next, as evo's reduced trajectory.
    EXPECT_NEAR(zip->array("distances")->values[0], 2.1, 1e-12);
    EXPECT_NEAR(zip->array("distances")->values[1], 4.3, 1e-12);
    EXPECT_EQ(zip->array("distances_from_start")->values, (std::vector<double>{2, 4}));
    EXPECT_EQ(zip->info["label"], "RPE (m)");
    EXPECT_EQ(zip->array("alignment_transformation_sim3"), nullptr) << "not aligned";
}

}  // namespace
}  // namespace robometrics
