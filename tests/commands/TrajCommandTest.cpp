#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::runRobometrics;

std::string writeFile(const std::filesystem::path &dir, const std::string &name, const std::string &text) {
    std::string path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
}

nlohmann::json trajRunJson(const std::vector<std::string> &args) {
    auto r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
}

// Steps of 3, 4, 0 and 5 m at stamps 10, 11, 12, 13, 17: length 12 m in 7 s, fastest 4 m/s,
// periods 1 1 1 4 (median 1 s, one gap > 2 s, longest 4 s).
const char *kPath = "10 0 0 0 0 0 0 1\n11 3 0 0 0 0 0 1\n12 3 4 0 0 0 0 1\n13 3 4 0 0 0 0 1\n17 3 4 5 0 0 0 1\n";

TEST(TrajCommand, HandComputedStatistics) {
    auto dir = test::scratchDir("traj_stats");
    auto j = trajRunJson({"traj", writeFile(dir, "run.txt", kPath), "--json"});
    ASSERT_EQ(j["trajectories"].size(), 1u);
    const auto &t = j["trajectories"][0];
    EXPECT_EQ(t["name"], "run");
    EXPECT_EQ(t["poses"], 5);
    EXPECT_EQ(t["length_m"], 12.0);
    EXPECT_EQ(t["duration_s"], 7.0);
    EXPECT_DOUBLE_EQ(t["mean_speed_mps"].get<double>(), 12.0 / 7.0);
    EXPECT_EQ(t["max_speed_mps"], 4.0);
    EXPECT_DOUBLE_EQ(t["rate_hz"].get<double>(), 4.0 / 7.0);
    EXPECT_EQ(t["median_period_s"], 1.0);
    EXPECT_EQ(t["longest_gap_s"], 4.0);
    EXPECT_EQ(t["gaps"], 1);
    // The text form says the same.
    auto r = runRobometrics({"traj", (dir / "run.txt").string()});
    EXPECT_NE(r.out.find("5 poses, 12.000 m, 7.000 s"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 gaps > 2x the median period"), std::string::npos) << r.out;
}

TEST(TrajCommand, ExportRoundTripTumKittiEurocTum) {
    auto dir = test::scratchDir("traj_export");
    // Rotations about z by 90 degrees and about x by 180 degrees: exact in every format.
    auto tum = writeFile(dir, "a.txt",
                         "0.5 1 2 3 0 0 0.7071067811865476 0.7071067811865476\n"
                         "1.25 -4 5.5 0.125 1 0 0 0\n");
    ASSERT_EQ(runRobometrics({"traj", tum, "--save_as_kitti", "-o", (dir / "k").string()}).exit_code, 0);
    const std::string kitti = test::readFile(dir / "k" / "a.kitti");
    EXPECT_EQ(kitti.substr(kitti.find('\n') + 1), "1 0 0 -4 0 -1 0 5.5 0 0 -1 0.125\n");
    // KITTI -> EuRoC: no stamps, so the pose index becomes the time (0 s, 1 s).
    ASSERT_EQ(runRobometrics({"traj", (dir / "k" / "a.kitti").string(), "--save_as_euroc", "-o", (dir / "e").string()})
                  .exit_code,
              0);
    const std::string euroc = test::readFile(dir / "e" / "a.csv");
    EXPECT_NE(euroc.find("\n1000000000,-4,5.5,0.125,"), std::string::npos) << euroc;
    // EuRoC -> TUM, and TUM -> EuRoC -> TUM keeps the stamps and the poses exactly.
    ASSERT_EQ(runRobometrics({"traj", tum, "--save_as_euroc", "-o", (dir / "e2").string()}).exit_code, 0);
    ASSERT_EQ(runRobometrics({"traj", (dir / "e2" / "a.csv").string(), "--save_as_tum", "--save_as_kitti", "-o",
                              (dir / "t").string()})
                  .exit_code,
              0);
    EXPECT_EQ(test::readFile(dir / "t" / "a.tum"),
              "0.5 1 2 3 0 0 0.7071067811865476 0.7071067811865476\n1.25 -4 5.5 0.125 1 0 0 0\n");
    EXPECT_EQ(test::readFile(dir / "t" / "a.kitti"), kitti);
}

TEST(TrajCommand, ReferenceAlignmentSyncOffsetAndMerge) {
    auto dir = test::scratchDir("traj_ref");
    auto ref = writeFile(dir, "gt.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n3 0 1 1 0 0 0 1\n");
    // The same path 2 m higher, stamped 0.5 s late, with one extra pose far from any reference stamp.
    auto est =
        writeFile(dir, "est.txt",
                  "0.5 0 0 2 0 0 0 1\n1.5 1 0 2 0 0 0 1\n2.5 1 1 2 0 0 0 1\n3.5 0 1 3 0 0 0 1\n9 0 0 2 0 0 0 1\n");
    // Without the offset no stamp is within 0.01 s: an input error naming the trajectory.
    auto bad = runRobometrics({"traj", est, "--ref", ref, "-a"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("est: no matching timestamps"), std::string::npos) << bad.err;
    auto j = trajRunJson({"traj", est, "--ref", ref, "-a", "--t_offset", "-0.5", "--sync", "--json", "--save_as_tum",
                          "-o", (dir / "out").string()});
    ASSERT_EQ(j["trajectories"].size(), 2u);
    EXPECT_EQ(j["trajectories"][0]["reference"], true);
    const auto &e = j["trajectories"][1];
    EXPECT_EQ(e["to_reference"]["matched"], 4);
    EXPECT_EQ(e["to_reference"]["alignment"], "se3");
    EXPECT_NEAR(e["to_reference"]["translation"][2].get<double>(), -2.0, 1e-12);
    EXPECT_EQ(e["poses"], 4);  // --sync dropped the unmatched pose
    EXPECT_EQ(e["first_stamp_s"], 0.0);
    EXPECT_NEAR(e["length_m"].get<double>(), 1 + 1 + std::sqrt(2.0), 1e-12);
    EXPECT_NE(test::readFile(dir / "out" / "est.tum").find("\n3 "), std::string::npos);
    // Alignment without a reference is bad usage.
    EXPECT_EQ(runRobometrics({"traj", est, "-a"}).exit_code, 2);

    // --merge: both inputs in one trajectory, by stamp (0, 0.5, 1, 1.5, ...).
    auto m = trajRunJson({"traj", ref, est, "--merge", "--json"});
    ASSERT_EQ(m["trajectories"].size(), 1u);
    EXPECT_EQ(m["trajectories"][0]["name"], "merged");
    EXPECT_EQ(m["trajectories"][0]["poses"], 9);
    EXPECT_EQ(m["trajectories"][0]["first_stamp_s"], 0.0);
    EXPECT_EQ(m["trajectories"][0]["last_stamp_s"], 9.0);
    EXPECT_EQ(m["trajectories"][0]["median_period_s"], 0.5);
}

TEST(TrajCommand, PlotsHoldEverySeries) {
    auto dir = test::scratchDir("traj_plot");
    auto ref = writeFile(dir, "gt.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n3 0 1 1 0 0 0 1\n");
    auto est = writeFile(dir, "slam.txt", "0 0 0 1 0 0 0 1\n1 1 0 1 0 0 0 1\n2 1 1 1 0 0 0 1\n3 0 1 2 0 0 0 1\n");
    auto out = dir / "plots";
    auto r = runRobometrics({"traj", est, "--ref", ref, "-p", "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char *stem :
         {"traj_xy", "traj_xz", "traj_yz", "traj_x", "traj_y", "traj_z", "traj_roll", "traj_pitch", "traj_yaw"}) {
        const std::string svg = test::readFile(out / (std::string(stem) + ".svg"));
        EXPECT_NE(svg.find(">gt</text>"), std::string::npos) << stem;
        EXPECT_NE(svg.find(">slam</text>"), std::string::npos) << stem;
        std::uint32_t w = 0, h = 0;
        EXPECT_TRUE(test::pngSize(out / (std::string(stem) + ".png"), w, h)) << stem;
    }
}

TEST(TrajCommand, ListsTheTrajectoriesOfTheNav2Bag) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto j = trajRunJson({"traj", bag.string(), "--json"});
    ASSERT_EQ(j["bags"].size(), 1u);
    std::map<std::string, nlohmann::json> by_name;
    for (const auto &t : j["bags"][0]["trajectories"]) by_name[t["name"].get<std::string>()] = t;
    ASSERT_TRUE(by_name.count("/odom"));
    ASSERT_TRUE(by_name.count("/amcl_pose"));
    ASSERT_TRUE(by_name.count("map -> base_link"));
    EXPECT_EQ(by_name["/odom"]["kind"], "odometry");
    EXPECT_EQ(by_name["/odom"]["poses"], 2639);
    EXPECT_EQ(by_name["/amcl_pose"]["kind"], "pose_with_covariance");
    EXPECT_EQ(by_name["/amcl_pose"]["poses"], 135);
    EXPECT_NEAR(by_name["/odom"]["length_m"].get<double>(), 34.32, 0.01);
    EXPECT_EQ(by_name["map -> base_link"]["spec"], bag.string() + ":tf:map:base_link");
    // A listed spec is accepted as an input, and gives the same pose count.
    auto t = trajRunJson({"traj", by_name["/odom"]["spec"].get<std::string>(), "--json"});
    EXPECT_EQ(t["trajectories"][0]["poses"], 2639);
    EXPECT_EQ(t["trajectories"][0]["name"], "odom");
}

TEST(TrajCommand, EvoLinesRunAsTyped) {
    auto dir = test::scratchDir("traj_evo_lines");
    auto gt = writeFile(dir, "gt.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n3 0 1 1 0 0 0 1\n");
    // a: the path 2 m higher, with one pose (9 s) matching no reference stamp; b: the path itself.
    auto a = writeFile(dir, "a.txt",
                       "0 0 0 2 0 0 0 1\n1 1 0 2 0 0 0 1\n2 1 1 2 0 0 0 1\n3 0 1 3 0 0 0 1\n9 5 5 5 0 0 0 1\n");
    auto b = writeFile(dir, "b.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n3 0 1 1 0 0 0 1\n");
    // evo_traj tum a.txt b.txt --ref gt.txt -a -p (plus -v and a plot mode), as typed.
    auto out = dir / "plots";
    auto r = runRobometrics(
        {"traj", "tum", a, b, "--ref", gt, "-a", "-p", "-v", "--plot_mode", "yx", "--full_check", "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("a\n  4 poses"), std::string::npos) << "-a keeps only the matched poses, as evo\n" << r.out;
    EXPECT_NE(r.out.find("  check: valid"), std::string::npos) << r.out;
    EXPECT_NE(test::readFile(out / "traj_yx.svg").find(">y [m]</text>"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(out / "traj_xy.svg")) << "--plot_mode yx draws that plane only";
    EXPECT_TRUE(std::filesystem::exists(out / "traj_yaw.png"));
    // --plot_mode xyz: evo's 3-D view, in place of the planes.
    auto out3d = dir / "plots3d";
    ASSERT_EQ(
        runRobometrics({"traj", "tum", a, "--ref", gt, "-p", "--plot_mode", "xyz", "-o", out3d.string()}).exit_code, 0);
    EXPECT_NE(test::readFile(out3d / "traj_3d.svg").find(">z [m]</text>"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(out3d / "traj_xy.svg"));
    // The combined flags evo users type (-as, -vap) and --align_origin.
    auto j = trajRunJson({"traj", "tum", a, "--ref", gt, "-vas", "--json"});
    EXPECT_EQ(j["trajectories"][1]["to_reference"]["alignment"], "sim3");
    EXPECT_EQ(j["trajectories"][1]["poses"], 4);
    EXPECT_EQ(runRobometrics({"traj", "tum", a, "--ref", gt, "--align_origin", "--json"}).exit_code, 0);
    // Without a reference nothing is associated: every pose stays.
    EXPECT_EQ(trajRunJson({"traj", "tum", a, "--json"})["trajectories"][0]["poses"], 5);
    // A word contradicting --format, and kitti files that are TUM: bad usage and an input error.
    EXPECT_EQ(runRobometrics({"traj", "tum", a, "--format", "kitti"}).exit_code, 2);
    auto kitti = runRobometrics({"traj", "kitti", a});
    EXPECT_EQ(kitti.exit_code, 1);
    EXPECT_NE(kitti.err.find("a.txt"), std::string::npos) << kitti.err;
}

TEST(TrajCommand, FullCheckNamesWhatIsWrong) {
    auto dir = test::scratchDir("traj_full_check");
    auto back = writeFile(dir, "back.txt", "0 0 0 0 0 0 0 1\n2 1 0 0 0 0 0 1\n1 1 1 0 0 0 0 1\n");
    auto r = runRobometrics({"traj", "tum", back, "--full_check"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("check: 1 stamps not after the previous one (first: pose 2)"), std::string::npos) << r.out;
    auto j = trajRunJson({"traj", back, "--full_check", "--json"});
    EXPECT_EQ(j["trajectories"][0]["check"]["valid"], false);
    EXPECT_EQ(j["trajectories"][0]["check"]["stamps_not_ascending"], 1);
}

TEST(TrajCommand, SavePlotWritesTheFormatTheExtensionNames) {
    auto dir = test::scratchDir("traj_save_plot");
    auto a = writeFile(dir, "a.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n");
    ASSERT_EQ(runRobometrics({"traj", "tum", a, "--save_plot", (dir / "f.png").string()}).exit_code, 0);
    // evo_traj's three figures; the over-time ones are three plots stacked (800 x 320 each).
    std::uint32_t w = 0, h = 0;
    EXPECT_TRUE(test::pngSize(dir / "f_trajectories.png", w, h));
    EXPECT_TRUE(test::pngSize(dir / "f_rpy.png", w, h));
    ASSERT_TRUE(test::pngSize(dir / "f_xyz.png", w, h));
    EXPECT_EQ(w, 800u);
    EXPECT_EQ(h, 960u);
    EXPECT_EQ(test::countEntries(dir), 4u) << "a.txt and the three figures";
    ASSERT_EQ(runRobometrics({"traj", "tum", a, "--save_plot", (dir / "g.pdf").string()}).exit_code, 0);
    EXPECT_EQ(test::readFile(dir / "g.pdf").substr(0, 4), "%PDF");
    ASSERT_EQ(runRobometrics({"traj", "tum", a, "--save_plot", (dir / "s.svg").string()}).exit_code, 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "s_xyz.svg"));
    auto bad = runRobometrics({"traj", "tum", a, "--save_plot", (dir / "f.jpg").string()});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("'.jpg'"), std::string::npos) << bad.err;
}

/// Runs robometrics with the current folder set to `dir` (restored after).
test::CommandResult runTrajIn(const std::filesystem::path &dir, const std::vector<std::string> &args) {
    const auto before = std::filesystem::current_path();
    std::filesystem::current_path(dir);
    test::CommandResult r = runRobometrics(args);
    std::filesystem::current_path(before);
    return r;
}

TEST(TrajCommand, PlotWritesOnlyWhatEvoWritesAndNothingToTheCurrentFolder) {
    auto dir = test::scratchDir("traj_plot_cwd");
    auto a = writeFile(dir, "a.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 1 1 0 0 0 0 1\n");
    // -p --save_plot p.png: evo shows a window and saves its three figures; so do we, minus the window.
    auto both = runTrajIn(dir, {"traj", "tum", a, "-p", "--save_plot", "p.png"});
    ASSERT_EQ(both.exit_code, 0) << both.err;
    EXPECT_EQ(both.err, "");
    for (const char *name : {"p_trajectories.png", "p_xyz.png", "p_rpy.png"})
        EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
    EXPECT_EQ(test::countEntries(dir), 4u);
    // -p alone: nothing written, a note says how to get files.
    auto alone = runTrajIn(dir, {"traj", "tum", a, "-p"});
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_NE(alone.err.find("robometrics traj: note: -p shows no window here"), std::string::npos) << alone.err;
    EXPECT_EQ(test::countEntries(dir), 4u);
    // evo's --save_plot NAME without an extension: matplotlib's default format, PNG.
    ASSERT_EQ(runTrajIn(dir, {"traj", "tum", a, "--save_plot", "./VINSplot"}).exit_code, 0);
    for (const char *name : {"VINSplot_trajectories.png", "VINSplot_xyz.png", "VINSplot_rpy.png"})
        EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
    EXPECT_FALSE(std::filesystem::exists(dir / "VINSplot"));
}

TEST(TrajCommand, TfLookupsStartAtTheFirstTfStampAsEvo1364) {
    // evo >= 1.36.4: evo_traj bag evo_tf_example.bag /tf:odom.base_footprint gives 517 poses; from
    // the bag's first log time (a /tf_static message 0.11 s before the first /tf stamp), 516.
    const std::pair<const char *, const char *> bags[] = {{"bag", "bags/ros1/evo_tf_example.bag"},
                                                          {"bag2", "bags/ros2-sqlite3/evo_tf_example"}};
    for (const auto &[word, relative] : bags) {
        ROBOMETRICS_CASE_DATA(bag, relative);
        auto j = trajRunJson({"traj", word, bag.string(), "/tf:odom.base_footprint", "--json"});
        EXPECT_EQ(j["trajectories"][0]["poses"], 517) << word;
        auto old = trajRunJson({"traj", word, bag.string(), "/tf:odom.base_footprint", "--tf_start", "bag", "--json"});
        EXPECT_EQ(old["trajectories"][0]["poses"], 516) << word;
    }
    EXPECT_EQ(runRobometrics({"traj", "x.txt", "--tf_start", "first"}).exit_code, 2);
}

TEST(TrajCommand, EvoBagLinesOnTheNav2Bag) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    // evo_traj bag2 BAG /odom /tf:map.base_link --ref /amcl_pose; mcap is evo 1.36's word for the same.
    for (const char *word : {"bag2", "mcap"}) {
        auto j =
            trajRunJson({"traj", word, bag.string(), "/odom", "/tf:map.base_link", "--ref", "/amcl_pose", "--json"});
        ASSERT_EQ(j["trajectories"].size(), 3u) << word;
        EXPECT_EQ(j["trajectories"][0]["name"], "amcl_pose");
        EXPECT_EQ(j["trajectories"][0]["poses"], 135);
        EXPECT_EQ(j["trajectories"][1]["poses"], 2639);
        EXPECT_EQ(j["trajectories"][2]["name"], "tf_map_base_link");
    }
    // The bag alone: its trajectories listed; with --all_topics its pose topics read (TF chains
    // are named one by one, as in evo), here against /amcl_pose as the reference.
    auto listed = trajRunJson({"traj", "bag2", bag.string(), "--json"});
    EXPECT_EQ(listed["bags"].size(), 1u);
    auto all = trajRunJson({"traj", "bag2", bag.string(), "--all_topics", "--ref", "/amcl_pose", "--json"});
    ASSERT_EQ(all["trajectories"].size(), 3u);  // the reference, /odom and /amcl_pose
    EXPECT_EQ(all["trajectories"][1]["name"], "odom");
    // The TF chain looked up at 10 Hz as evo: 95.6 s of chain, 957 poses.
    auto tf = trajRunJson({"traj", "bag2", bag.string(), "/tf:map.base_link", "--json"});
    EXPECT_EQ(tf["trajectories"][0]["poses"], 957);
}

}  // namespace
}  // namespace robometrics
