#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::runRobometrics;

/// Writes TUM lines "t x y z qx qy qz qw" and returns the path.
std::string tumFile(const std::filesystem::path &dir, const std::string &name, const std::string &lines) {
    std::string path = (dir / name).string();
    std::ofstream(path) << lines;
    return path;
}

struct Files {
    std::filesystem::path dir;
    std::string ref, est;
};

/// Four non-collinear reference poses and an estimate shifted by (0, 0, 1).
Files shiftedPair(const std::string &name) {
    Files f;
    f.dir = test::scratchDir(name);
    f.ref = tumFile(f.dir, "ref.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n2 0 1 0 0 0 0 1\n3 0 0 1 0 0 0 1\n");
    f.est = tumFile(f.dir, "est.txt", "0 0 0 1 0 0 0 1\n1 1 0 1 0 0 0 1\n2 0 1 1 0 0 0 1\n3 0 0 2 0 0 0 1\n");
    return f;
}

nlohmann::json runJson(const std::vector<std::string> &args) {
    auto r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

TEST(ApeCommand, UnalignedShiftGivesUnitErrors) {
    Files f = shiftedPair("ape_none");
    auto j = runJson({"ape", f.ref, f.est, "--json", "--errors"});
    EXPECT_EQ(j["n"], 4);
    EXPECT_EQ(j["rmse"], 1.0);
    EXPECT_EQ(j["mean"], 1.0);
    EXPECT_EQ(j["median"], 1.0);
    EXPECT_EQ(j["std"], 0.0);
    EXPECT_EQ(j["sse"], 4.0);
    EXPECT_EQ(j["association"]["matched"], 4);
    EXPECT_EQ(j["alignment"]["scale"], 1.0);
    EXPECT_EQ(j["errors"], nlohmann::json({1.0, 1.0, 1.0, 1.0}));
    EXPECT_EQ(j["timestamps"], nlohmann::json({0.0, 1.0, 2.0, 3.0}));
}

TEST(ApeCommand, Se3AlignmentRemovesTheShift) {
    Files f = shiftedPair("ape_se3");
    auto j = runJson({"ape", f.ref, f.est, "--align", "se3", "--json"});
    EXPECT_NEAR(j["rmse"].get<double>(), 0.0, 1e-12);
    EXPECT_NEAR(j["alignment"]["translation"][2].get<double>(), -1.0, 1e-12);
    EXPECT_NEAR(j["alignment"]["rotation"][0][0].get<double>(), 1.0, 1e-12);
    // Origin alignment maps the first pose onto the first pose: the same here.
    auto o = runJson({"ape", f.ref, f.est, "--align", "origin", "--json"});
    EXPECT_EQ(o["max"], 0.0);
}

TEST(ApeCommand, RelationsAndPlaneProjection) {
    auto dir = test::scratchDir("ape_rel");
    // The estimate is yawed by 90 degrees (qz = qw = sqrt(1/2)) and 3 m higher.
    auto ref = tumFile(dir, "ref.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n");
    auto est = tumFile(dir, "est.txt",
                       "0 0 0 3 0 0 0.7071067811865476 0.7071067811865476\n"
                       "1 1 0 3 0 0 0.7071067811865476 0.7071067811865476\n");
    EXPECT_NEAR(runJson({"ape", ref, est, "--relation", "angle_deg", "--json"})["mean"].get<double>(), 90.0, 1e-9);
    EXPECT_NEAR(runJson({"ape", ref, est, "--relation", "angle_rad", "--json"})["mean"].get<double>(), M_PI / 2, 1e-12);
    EXPECT_NEAR(runJson({"ape", ref, est, "--relation", "rot_part", "--json"})["mean"].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(runJson({"ape", ref, est, "--relation", "full", "--json"})["mean"].get<double>(), std::sqrt(13.0),
                1e-12);
    EXPECT_EQ(runJson({"ape", ref, est, "--json"})["mean"], 3.0);
    // Projected to xy the height difference disappears.
    EXPECT_EQ(runJson({"ape", ref, est, "--project-to-plane", "xy", "--json"})["max"], 0.0);
}

TEST(ApeCommand, OffsetAndToleranceDecideTheMatches) {
    auto dir = test::scratchDir("ape_assoc");
    auto ref = tumFile(dir, "ref.txt", "10 0 0 0 0 0 0 1\n11 1 0 0 0 0 0 1\n12 2 0 0 0 0 0 1\n");
    auto est = tumFile(dir, "est.txt", "0.5 0 0 0 0 0 0 1\n1.5 1 0 0 0 0 0 1\n2.5 2 0 0 0 0 0 1\n");
    auto none = runRobometrics({"ape", ref, est});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("0 of 3 possible pairs"), std::string::npos) << none.err;
    EXPECT_NE(none.err.find("closest pair is 7.5 s apart"), std::string::npos) << none.err;
    auto j = runJson({"ape", ref, est, "--t-offset", "9.5", "--json"});
    EXPECT_EQ(j["association"]["matched"], 3);
    EXPECT_EQ(j["rmse"], 0.0);
    auto o = runJson({"ape", ref, est, "--t-offset", "9.4", "--t-max-diff", "0.2", "--assoc", "one-to-one", "--json"});
    EXPECT_EQ(o["association"]["matched"], 3);
    auto text = runRobometrics({"ape", ref, est, "--t-offset", "9.5"});
    EXPECT_NE(text.out.find("matched 3 of 3 possible poses"), std::string::npos) << text.out;
}

TEST(ApeCommand, OutputDirectoryHoldsAlignedTumCsvAndSvg) {
    Files f = shiftedPair("ape_out");
    auto out = f.dir / "out";
    auto r = runRobometrics({"ape", f.ref, f.est, "--align", "se3", "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream tum(out / "estimate_aligned.tum");
    std::string line;
    int lines = 0;
    double t, x, y, z;
    while (std::getline(tum, line)) {
        std::istringstream(line) >> t >> x >> y >> z;
        if (lines == 3) {
            EXPECT_NEAR(z, 1.0, 1e-12);  // the aligned estimate lies on the reference
        }
        ++lines;
    }
    EXPECT_EQ(lines, 4);
    std::ifstream csv(out / "ape_errors.csv");
    std::getline(csv, line);
    EXPECT_EQ(line, "index,timestamp,error");
    std::getline(csv, line);
    EXPECT_EQ(line.rfind("0,0,", 0), 0u) << line;
    std::ifstream svg(out / "ape_plot.svg");
    std::stringstream text;
    text << svg.rdbuf();
    EXPECT_EQ(text.str().rfind("<svg", 0), 0u);
    EXPECT_NE(text.str().find("<polyline"), std::string::npos);
    EXPECT_NE(text.str().find("</svg>"), std::string::npos);
    // Numbered ticks on both axes, and the colour bar names the error.
    EXPECT_NE(text.str().find(">x [m]</text>"), std::string::npos);
    EXPECT_NE(text.str().find("text-anchor=\"middle\" fill=\"#444\">0.0</text>"), std::string::npos);
    EXPECT_NE(text.str().find("text-anchor=\"end\" fill=\"#444\">"), std::string::npos);
    EXPECT_NE(text.str().find(">APE [m]</text>"), std::string::npos);
    // Beside it, the error over time: stamps 0..3 s, ticks every 0.5 s.
    std::ifstream over_time(out / "ape_error_plot.svg");
    std::stringstream e;
    e << over_time.rdbuf();
    EXPECT_NE(e.str().find(">time since the first matched pose [s], estimate stamps</text>"), std::string::npos);
    for (const char *tick : {">0.0</text>", ">0.5</text>", ">3.0</text>"}) {
        EXPECT_NE(e.str().find(std::string("text-anchor=\"middle\" fill=\"#444\"") + tick), std::string::npos) << tick;
    }
    EXPECT_NE(e.str().find(">APE [m]</text>"), std::string::npos);
}

TEST(ApeCommand, BadInputAndUsage) {
    Files f = shiftedPair("ape_bad");
    EXPECT_EQ(runRobometrics({"ape", f.ref, f.est, "--align", "affine"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"ape", f.ref}).exit_code, 2);
    auto missing = runRobometrics({"ape", f.ref, (f.dir / "nope.txt").string()});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("nope.txt: cannot open"), std::string::npos) << missing.err;
    auto bad = tumFile(f.dir, "bad.txt", "0 0 0 0 0 0 0 1\n1 1 0\n");
    auto r = runRobometrics({"ape", f.ref, bad});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("bad.txt:2: expected 8 numbers"), std::string::npos) << r.err;
}

TEST(ApeCommand, KittiSequence00MatchesPublishedAte) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/KITTI_00_gt.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/KITTI_00_ORB.txt");
    // ORB-SLAM2 (Mur-Artal & Tardos 2017, Table II) reports an ATE RMSE of 1.3 m on stereo KITTI 00.
    auto j = runJson({"ape", gt.string(), orb.string(), "--align", "se3", "--json"});
    EXPECT_EQ(j["n"], 4541);
    EXPECT_NEAR(j["rmse"].get<double>(), 1.3, 0.05);
}

TEST(ApeCommand, TumFr2DeskAssociationsCoincideAtTenMilliseconds) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/fr2_desk_groundtruth.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/fr2_desk_ORB.txt");
    // evo's nearest matching and the TUM tools' one-to-one matching give the same pairs at 0.01 s,
    // so every statistic agrees; at 0.02 s evo matches some reference poses twice.
    auto nearest = runJson({"ape", gt.string(), orb.string(), "--align", "se3", "--json"});
    auto greedy = runJson({"ape", gt.string(), orb.string(), "--align", "se3", "--assoc", "one-to-one", "--json"});
    EXPECT_EQ(nearest["association"]["matched"], greedy["association"]["matched"]);
    EXPECT_EQ(nearest["rmse"], greedy["rmse"]);
    auto nearest2 = runJson({"ape", gt.string(), orb.string(), "--t-max-diff", "0.02", "--json"});
    auto greedy2 =
        runJson({"ape", gt.string(), orb.string(), "--t-max-diff", "0.02", "--assoc", "one-to-one", "--json"});
    EXPECT_NE(nearest2["sse"], greedy2["sse"]);
}

}  // namespace
}  // namespace robometrics
