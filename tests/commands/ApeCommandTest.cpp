#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/io/EvoResultZip.hpp"

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

nlohmann::json apeRunJson(const std::vector<std::string> &args) {
    auto r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

TEST(ApeCommand, UnalignedShiftGivesUnitErrors) {
    Files f = shiftedPair("ape_none");
    auto j = apeRunJson({"ape", f.ref, f.est, "--json", "--errors"});
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
    auto j = apeRunJson({"ape", f.ref, f.est, "--align", "se3", "--json"});
    EXPECT_NEAR(j["rmse"].get<double>(), 0.0, 1e-12);
    EXPECT_NEAR(j["alignment"]["translation"][2].get<double>(), -1.0, 1e-12);
    EXPECT_NEAR(j["alignment"]["rotation"][0][0].get<double>(), 1.0, 1e-12);
    // Origin alignment maps the first pose onto the first pose: the same here.
    auto o = apeRunJson({"ape", f.ref, f.est, "--align", "origin", "--json"});
    EXPECT_EQ(o["max"], 0.0);
}

TEST(ApeCommand, RelationsAndPlaneProjection) {
    auto dir = test::scratchDir("ape_rel");
    // The estimate is yawed by 90 degrees (qz = qw = sqrt(1/2)) and 3 m higher.
    auto ref = tumFile(dir, "ref.txt", "0 0 0 0 0 0 0 1\n1 1 0 0 0 0 0 1\n");
    auto est = tumFile(dir, "est.txt",
                       "0 0 0 3 0 0 0.7071067811865476 0.7071067811865476\n"
                       "1 1 0 3 0 0 0.7071067811865476 0.7071067811865476\n");
    EXPECT_NEAR(apeRunJson({"ape", ref, est, "--relation", "angle_deg", "--json"})["mean"].get<double>(), 90.0, 1e-9);
    EXPECT_NEAR(apeRunJson({"ape", ref, est, "--relation", "angle_rad", "--json"})["mean"].get<double>(), M_PI / 2,
                1e-12);
    EXPECT_NEAR(apeRunJson({"ape", ref, est, "--relation", "rot_part", "--json"})["mean"].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(apeRunJson({"ape", ref, est, "--relation", "full", "--json"})["mean"].get<double>(), std::sqrt(13.0),
                1e-12);
    EXPECT_EQ(apeRunJson({"ape", ref, est, "--json"})["mean"], 3.0);
    // Projected to xy the height difference disappears.
    EXPECT_EQ(apeRunJson({"ape", ref, est, "--project-to-plane", "xy", "--json"})["max"], 0.0);
}

TEST(ApeCommand, OffsetAndToleranceDecideTheMatches) {
    auto dir = test::scratchDir("ape_assoc");
    auto ref = tumFile(dir, "ref.txt", "10 0 0 0 0 0 0 1\n11 1 0 0 0 0 0 1\n12 2 0 0 0 0 0 1\n");
    auto est = tumFile(dir, "est.txt", "0.5 0 0 0 0 0 0 1\n1.5 1 0 0 0 0 0 1\n2.5 2 0 0 0 0 0 1\n");
    auto none = runRobometrics({"ape", ref, est});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("0 of 3 possible pairs"), std::string::npos) << none.err;
    EXPECT_NE(none.err.find("closest pair is 7.5 s apart"), std::string::npos) << none.err;
    auto j = apeRunJson({"ape", ref, est, "--t-offset", "9.5", "--json"});
    EXPECT_EQ(j["association"]["matched"], 3);
    EXPECT_EQ(j["rmse"], 0.0);
    auto o =
        apeRunJson({"ape", ref, est, "--t-offset", "9.4", "--t-max-diff", "0.2", "--assoc", "one-to-one", "--json"});
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
    EXPECT_NE(missing.err.find("nope.txt: no such file"), std::string::npos) << missing.err;
    auto bad = tumFile(f.dir, "bad.txt", "0 0 0 0 0 0 0 1\n1 1 0\n");
    auto r = runRobometrics({"ape", f.ref, bad});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("bad.txt:2: expected 8 numbers"), std::string::npos) << r.err;
}

TEST(ApeCommand, KittiSequence00MatchesPublishedAte) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/KITTI_00_gt.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/KITTI_00_ORB.txt");
    // ORB-SLAM2 (Mur-Artal & Tardos 2017, Table II) reports an ATE RMSE of 1.3 m on stereo KITTI 00.
    auto j = apeRunJson({"ape", gt.string(), orb.string(), "--align", "se3", "--json"});
    EXPECT_EQ(j["n"], 4541);
    EXPECT_NEAR(j["rmse"].get<double>(), 1.3, 0.05);
}

TEST(ApeCommand, KittiSequence00FullRelationAgreesWithEvo) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/KITTI_00_gt.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/KITTI_00_ORB.txt");
    // No figure printed by evo itself is recorded for this case, so the expected values follow evo's
    // order of operations (Umeyama on positions, the estimate moved by R p + t and R R_est, then
    // E = P_est^-1 P_ref with the inverse by transposition, ||E - I||_F) computed with every step
    // in long double (80-bit) from the same files; they round to the figures below. With
    // P_ref^-1 P_est instead the rmse was 1.30358332008 (1.7e-9 off, the difference issue 15 saw).
    auto j = apeRunJson({"ape", "kitti", gt.string(), orb.string(), "-a", "-r", "full", "--json"});
    ASSERT_EQ(j["n"], 4541);
    const std::vector<std::pair<const char *, double>> expected = {
        {"rmse", 1.3035833178118312}, {"mean", 1.1571941294073536}, {"median", 1.0657596192620868},
        {"std", 0.600192646858039},   {"min", 0.07368283943295776}, {"max", 3.588178920970328},
        {"sse", 7716.6551072734276}};
    for (const auto &[name, value] : expected) {
        EXPECT_NEAR(j[name].get<double>(), value, 1e-9 * value) << name;
    }
}

TEST(ApeCommand, TumFr2DeskAssociationsCoincideAtTenMilliseconds) {
    ROBOMETRICS_REQUIRE_DATA(gt, "trajectories/fr2_desk_groundtruth.txt");
    ROBOMETRICS_REQUIRE_DATA(orb, "trajectories/fr2_desk_ORB.txt");
    // evo's nearest matching and the TUM tools' one-to-one matching give the same pairs at 0.01 s,
    // so every statistic agrees; at 0.02 s evo matches some reference poses twice.
    auto nearest = apeRunJson({"ape", gt.string(), orb.string(), "--align", "se3", "--json"});
    auto greedy = apeRunJson({"ape", gt.string(), orb.string(), "--align", "se3", "--assoc", "one-to-one", "--json"});
    EXPECT_EQ(nearest["association"]["matched"], greedy["association"]["matched"]);
    EXPECT_EQ(nearest["rmse"], greedy["rmse"]);
    auto nearest2 = apeRunJson({"ape", gt.string(), orb.string(), "--t-max-diff", "0.02", "--json"});
    auto greedy2 =
        apeRunJson({"ape", gt.string(), orb.string(), "--t-max-diff", "0.02", "--assoc", "one-to-one", "--json"});
    EXPECT_NE(nearest2["sse"], greedy2["sse"]);
}

}  // namespace
}  // namespace robometrics

namespace robometrics {
namespace {

/// The JSON of a run with the fields that only say how the run was spelled removed.
nlohmann::json numbers(const std::vector<std::string> &args) {
    auto r = runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    if (r.exit_code != 0) return {};
    return nlohmann::json::parse(r.out);
}

/// A TUM file of a course that turns and changes speed, sampled at `rate` Hz for `seconds`, stamped
/// from `start`; `delay` s late (the pose of course time s carries the stamp start + s + delay).
std::string courseFile(const std::filesystem::path &dir, const std::string &name, double rate, double seconds,
                       double start, double delay) {
    std::ostringstream text;
    text.precision(17);
    for (std::int64_t k = 0; static_cast<double>(k) / rate < seconds; ++k) {
        const double s = static_cast<double>(k) / rate;
        const double yaw = 0.6 * std::sin(0.45 * s) + 0.4 * std::sin(1.1 * s + 1.0);
        text << start + s + delay << " " << 2 * std::sin(0.3 * s) + s << " " << std::cos(0.7 * s) << " 0 0 0 "
             << std::sin(yaw / 2) << " " << std::cos(yaw / 2) << "\n";
    }
    return tumFile(dir, name, text.str());
}

TEST(ApeCommand, EvoCommandLinesGiveOurNumbers) {
    Files f = shiftedPair("ape_evo_spelling");
    struct Case {
        std::vector<std::string> evo, ours;
    };
    const std::vector<Case> cases = {
        {{"tum", f.ref, f.est, "-a", "--t_max_diff", "0.02", "-r", "full"},
         {f.ref, f.est, "--align", "se3", "--t-max-diff", "0.02", "--relation", "full"}},
        {{"tum", f.ref, f.est, "-as"}, {f.ref, f.est, "--align", "sim3"}},
        {{"-va", "tum", f.ref, f.est, "-s"}, {f.ref, f.est, "--align", "sim3"}},
        {{f.ref, f.est, "-s"}, {f.ref, f.est, "--align", "scale"}},
        {{f.ref, f.est, "--align_origin", "--pose_relation", "trans_part"}, {f.ref, f.est, "--align", "origin"}},
        {{f.ref, f.est, "--align", "--n_to_align", "3", "--project_to_plane", "xy", "--t_offset", "0"},
         {f.ref, f.est, "--align", "se3", "--n-to-align", "3", "--project-to-plane", "xy"}},
        {{"--align", f.ref, f.est, "-r", "angle_deg"}, {f.ref, f.est, "--align", "se3", "--relation", "angle_deg"}},
    };
    for (const Case &c : cases) {
        std::vector<std::string> evo{"ape"}, ours{"ape"};
        evo.insert(evo.end(), c.evo.begin(), c.evo.end());
        ours.insert(ours.end(), c.ours.begin(), c.ours.end());
        evo.push_back("--json");
        ours.push_back("--json");
        EXPECT_EQ(numbers(evo), numbers(ours)) << c.evo[0] << " " << c.evo.back();
    }
    // The same on a public recording, with evo's euroc-free TUM pair at 20 ms.
    const auto gt = test::dataFile("trajectories/freiburg1_xyz-groundtruth.txt");
    const auto est = test::dataFile("trajectories/freiburg1_xyz-rgbdslam.txt");
    if (!gt.empty() && !est.empty()) {
        auto evo =
            numbers({"ape", "tum", gt.string(), est.string(), "-a", "--t_max_diff", "0.02", "-r", "full", "--json"});
        EXPECT_EQ(evo, numbers({"ape", gt.string(), est.string(), "--align", "se3", "--t-max-diff", "0.02",
                                "--relation", "full", "--json"}));
        EXPECT_GT(evo["n"].get<int>(), 700);
    }
    // evo's flags that contradict each other or ours are usage errors.
    EXPECT_EQ(runRobometrics({"ape", f.ref, f.est, "-a", "--align_origin"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"ape", f.ref, f.est, "-a", "--align", "origin"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"ape", "tum", f.ref, f.est, f.ref}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"ape", f.ref, f.est, "--t_offset", "soon"}).exit_code, 2);
}

/// A bag with /odom (x = 0, 1, 2) and /tf odom -> base_link at the same stamps.
std::string odomBag(const std::string &name) {
    const std::string path = (test::scratchDir(name) / "run.mcap").string();
    auto writer = bag::TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int i = 0; i < 3; ++i) {
        const TimeNs t = fromSeconds(10.0 + i);
        msgs::Odometry odom;
        odom.header.stamp = msgs::Time::fromNs(t);
        odom.pose.pose.position.x = i;
        odom.pose.pose.orientation.w = 1.0;
        EXPECT_TRUE(writer->write("/odom", odom, t).ok());
        msgs::TFMessage tf;
        tf.transforms.resize(1);
        tf.transforms[0].header = odom.header;
        tf.transforms[0].header.frame_id = "odom";
        tf.transforms[0].child_frame_id = "base_link";
        tf.transforms[0].transform.translation.x = i;
        tf.transforms[0].transform.rotation.w = 1.0;
        EXPECT_TRUE(writer->write("/tf", tf, t).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

TEST(ApeCommand, ABagWithoutATopicListsItsTrajectories) {
    const std::string bag = odomBag("ape_bag_listing");
    for (const std::string cmd : {"ape", "rpe"}) {
        auto r = runRobometrics({cmd, bag + ":/odom", bag});
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_NE(r.err.find(bag + " is a bag: name a trajectory in it as BAG:TOPIC"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(bag + ":/odom "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(bag + ":tf:odom:base_link "), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("finite number"), std::string::npos) << r.err;
    }
    // evo's bag form: the bag, then the two topics (evo's /tf:PARENT.CHILD names a TF chain).
    auto j = numbers({"ape", "bag2", bag, "/odom", "/tf:odom.base_link", "--json"});
    EXPECT_EQ(j["n"], 3);
    EXPECT_EQ(j["max"], 0.0);
}

TEST(ApeCommand, SavesResultsAndPlotsAsEvoAsks) {
    Files f = shiftedPair("ape_save");
    const auto results = f.dir / "ape.json";
    const auto plot = f.dir / "plots" / "fig.pdf";
    std::filesystem::create_directories(plot.parent_path());
    auto r = runRobometrics(
        {"ape", "tum", f.ref, f.est, "--save_results", results.string(), "--save_plot", plot.string(), "--silent"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");  // --silent
    auto j = nlohmann::json::parse(test::readFile(results));
    EXPECT_EQ(j["format"], "robometrics-results");
    EXPECT_EQ(j["version"], 1);
    EXPECT_EQ(j["metric"], "ape");
    EXPECT_EQ(j["info"]["ref_name"], f.ref);
    EXPECT_EQ(j["info"]["est_name"], f.est);
    EXPECT_EQ(j["info"]["label"], "est.txt");
    EXPECT_EQ(j["rmse"], 1.0);
    EXPECT_EQ(j["errors"], nlohmann::json({1.0, 1.0, 1.0, 1.0}));
    EXPECT_EQ(j["timestamps"], nlohmann::json({0.0, 1.0, 2.0, 3.0}));
    EXPECT_EQ(j["seconds_from_start"], nlohmann::json({0.0, 1.0, 2.0, 3.0}));
    // Path length along the estimate (0,0,1) (1,0,1) (0,1,1) (0,0,2): 1, then two steps of sqrt 2.
    EXPECT_NEAR(j["distances"][3].get<double>(), 1 + 2 * std::sqrt(2.0), 1e-12);
    EXPECT_TRUE(j["warnings"].empty());
    // .pdf: both figures as the pages of one file, as evo writes them.
    EXPECT_EQ(test::readFile(plot).substr(0, 4), "%PDF");
    EXPECT_FALSE(std::filesystem::exists(f.dir / "plots" / "fig_map.pdf"));
    // .svg and .png: one file per figure, named as evo names them; the plot mode sets the axes.
    for (const std::string ext : {".svg", ".png"}) {
        const auto path = f.dir / "plots" / ("g" + ext);
        ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "--save_plot", path.string(), "--plot_mode", "zx"}).exit_code,
                  0);
        EXPECT_TRUE(std::filesystem::exists(f.dir / "plots" / ("g_map" + ext))) << ext;
        EXPECT_TRUE(std::filesystem::exists(f.dir / "plots" / ("g_raw" + ext))) << ext;
    }
    EXPECT_NE(test::readFile(f.dir / "plots" / "g_map.svg").find(">z [m]</text>"), std::string::npos);
    // --plot_mode xyz: the map figure is evo's 3-D view, coloured by the error.
    const auto map3d = f.dir / "plots" / "m.svg";
    ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "--save_plot", map3d.string(), "--plot_mode", "xyz"}).exit_code, 0);
    const std::string svg3d = test::readFile(f.dir / "plots" / "m_map.svg");
    EXPECT_NE(svg3d.find("class=\"plot3d\""), std::string::npos);
    EXPECT_NE(svg3d.find(">APE [m]</text>"), std::string::npos) << "the colour bar";
    // Another extension is bad usage, before anything is computed.
    auto jpg = runRobometrics({"ape", f.ref, f.est, "--save_plot", (f.dir / "h.jpg").string()});
    EXPECT_EQ(jpg.exit_code, 2);
    EXPECT_NE(jpg.err.find("extension '.jpg'"), std::string::npos) << jpg.err;
    // -p writes the two plots into -o DIR.
    auto out = f.dir / "out";
    ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "-p", "-o", out.string()}).exit_code, 0);
    EXPECT_TRUE(std::filesystem::exists(out / "ape_plot.svg"));
    EXPECT_TRUE(std::filesystem::exists(out / "ape_error_plot.svg"));
    // No extension: PNG, as matplotlib saves evo's figures (evo_ape ... --save_plot ./VINSplot).
    const auto vins = (f.dir / "plots" / "VINSplot").string();
    ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "--save_plot", vins}).exit_code, 0);
    std::uint32_t w = 0, h = 0;
    EXPECT_TRUE(test::pngSize(vins + "_map.png", w, h));
    EXPECT_TRUE(test::pngSize(vins + "_raw.png", w, h));
    // -p alone writes nothing (evo shows a window): no ape_plot.svg left in the current folder.
    const auto here = std::filesystem::current_path();
    std::filesystem::current_path(f.dir);
    auto alone = runRobometrics({"ape", f.ref, f.est, "-p"});
    std::filesystem::current_path(here);
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_FALSE(std::filesystem::exists(f.dir / "ape_plot.svg"));
    EXPECT_NE(alone.err.find("robometrics ape: note: -p shows no window here"), std::string::npos) << alone.err;
}

TEST(ApeCommand, SaveResultsZipIsEvosZip) {
    Files f = shiftedPair("ape_save_zip");
    const auto zip_path = (f.dir / "aligned.zip").string();
    ASSERT_EQ(runRobometrics({"ape", "tum", f.ref, f.est, "-a", "--save_results", zip_path, "--silent"}).exit_code, 0);
    auto zip = io::readEvoResultZip(zip_path);
    ASSERT_TRUE(zip.ok()) << zip.message();
    EXPECT_EQ(zip->info["ref_name"], f.ref);
    EXPECT_EQ(zip->info["est_name"], f.est);
    EXPECT_EQ(zip->info["label"], "APE (m)");
    EXPECT_NEAR(zip->stats["rmse"].get<double>(), 0.0, 1e-12);
    std::vector<std::string> names;
    for (const auto &[name, array] : zip->arrays) names.push_back(name);
    EXPECT_EQ(names, (std::vector<std::string>{"error_array", "seconds_from_start", "timestamps",
                                               "distances_from_start", "distances", "alignment_transformation_sim3"}));
    EXPECT_EQ(zip->array("timestamps")->values, (std::vector<double>{0, 1, 2, 3}));
    // Path length along the aligned estimate (= the reference): 1, then two steps of sqrt 2.
    const std::vector<double> along = {0, 1, 1 + std::sqrt(2.0), 1 + 2 * std::sqrt(2.0)};
    for (const char *name : {"distances", "distances_from_start"}) {
        for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(zip->array(name)->values[k], along[k], 1e-12) << name;
    }
    // The Sim(3) matrix [[sR, t], [0 0 0 1]]: no rotation, one metre down.
    const auto &sim3 = *zip->array("alignment_transformation_sim3");
    EXPECT_EQ(sim3.shape, (std::vector<std::size_t>{4, 4}));
    const double expected[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1};
    for (int k = 0; k < 16; ++k) EXPECT_NEAR(sim3.values[k], expected[k], 1e-12) << k;
    // Unaligned: no alignment member; res reads the zip (named after est_name, as evo_res) beside our JSON.
    const auto plain = (f.dir / "plain.ZIP").string();
    const auto json = (f.dir / "plain.json").string();
    ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "--save_results", plain, "--silent"}).exit_code, 0);
    ASSERT_EQ(runRobometrics({"ape", f.ref, f.est, "--save_results", json, "--silent"}).exit_code, 0);
    EXPECT_EQ(io::readEvoResultZip(plain)->array("alignment_transformation_sim3"), nullptr);
    auto res = runRobometrics({"res", plain, json});
    ASSERT_EQ(res.exit_code, 0) << res.err;
    EXPECT_NE(res.out.find(f.est + "        4     1.000000"), std::string::npos) << res.out;
    EXPECT_NE(res.out.find("est.txt "), std::string::npos) << res.out;
    EXPECT_EQ(res.err, "") << "same metric, relation and unit";
}

TEST(ApeCommand, TfChainsAreLookedUpAsEvoOnTheNav2Bag) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    // evo 1.36: evo_ape bag2 BAG /tf:map.base_link /amcl_pose -a gives n 134, rmse 0.045147 (the
    // chain looked up at its tf_cache_lookup_frequency, 10 Hz). mcap is evo 1.36's word for it.
    for (const char *word : {"bag2", "mcap"}) {
        auto j = apeRunJson({"ape", word, bag.string(), "/tf:map.base_link", "/amcl_pose", "-a", "--json"});
        EXPECT_EQ(j["n"], 134) << word;
        EXPECT_NEAR(j["rmse"].get<double>(), 0.045147, 5e-7) << word;
        EXPECT_EQ(j["association"]["ref_poses"], 957) << "95.6 s at 10 Hz";
    }
    // At every stamp of a moving link instead (our former sampling, and evaluate's).
    auto every = apeRunJson({"ape", bag.string() + ":tf:map:base_link", bag.string() + ":/amcl_pose", "-a",
                             "--tf_lookup_frequency", "0", "--json"});
    EXPECT_EQ(every["n"], 132);
    EXPECT_NEAR(every["rmse"].get<double>(), 0.045360, 5e-7);
}

TEST(ApeCommand, EstimatesTheTimeOffset) {
    auto dir = test::scratchDir("ape_toffset");
    // The estimate's clock runs 0.25 s late: adding -0.25 s to its stamps matches the reference.
    const auto ref = courseFile(dir, "ref.txt", 50.0, 60.0, 100.0, 0.0);
    const auto est = courseFile(dir, "est.txt", 20.0, 50.0, 100.0, 0.25);
    for (const std::string spelling : {"--t-offset", "--t_offset"}) {
        auto r = runRobometrics({"ape", ref, est, spelling, "auto", "--align", "se3", "--json"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.err.find("estimated time offset -0.25"), std::string::npos) << r.err;
        auto j = nlohmann::json::parse(r.out);
        EXPECT_NEAR(j["time_offset"]["offset"].get<double>(), -0.25, 0.003);
        EXPECT_NEAR(j["association"]["t_offset"].get<double>(), -0.25, 0.003);
        EXPECT_GT(j["time_offset"]["confidence"].get<double>(), 0.5);
        EXPECT_EQ(j["association"]["matched"], 1000);
        EXPECT_LT(j["rmse"].get<double>(), 0.01);
    }
}

TEST(ApeCommand, WarnsOfDifferentClocksAndFewMatches) {
    auto dir = test::scratchDir("ape_warnings");
    // Epoch stamps against stamps from zero: nothing matches, and the warning says why.
    const auto epoch = courseFile(dir, "epoch.txt", 20.0, 30.0, 1.7e9, 0.0);
    const auto boot = courseFile(dir, "boot.txt", 20.0, 30.0, 0.0, 3.0);
    auto r = runRobometrics({"ape", epoch, boot});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("warning: the reference stamps are epoch time"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--t-offset auto"), std::string::npos) << r.err;
    auto j = numbers({"ape", epoch, boot, "--t-offset", "auto", "--align", "se3", "--json"});
    EXPECT_NEAR(j["time_offset"]["offset"].get<double>(), 1.7e9 - 3.0, 0.003);
    // 4 of 10 poses within --t-max-diff: a warning on stderr and in the JSON.
    std::string ref_text, est_text;
    for (int i = 0; i < 10; ++i) {
        ref_text += fmt::format("{} {} {} 0 0 0 0 1\n", i, i, i % 3);
        est_text += fmt::format("{} {} {} 0 0 0 0 1\n", i < 4 ? i : i + 0.5, i, i % 3);
    }
    auto few = runRobometrics({"ape", tumFile(dir, "r.txt", ref_text), tumFile(dir, "e.txt", est_text), "--json"});
    ASSERT_EQ(few.exit_code, 0) << few.err;
    EXPECT_NE(few.err.find("warning: only 4 of 10 possible poses matched (40 %)"), std::string::npos) << few.err;
    EXPECT_EQ(nlohmann::json::parse(few.out)["warnings"].size(), 1u);
    auto quiet =
        runRobometrics({"ape", tumFile(dir, "r.txt", ref_text), tumFile(dir, "e.txt", est_text), "--no_warnings"});
    EXPECT_EQ(quiet.err, "");
}

}  // namespace
}  // namespace robometrics
