#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// A map_server map of 20 x 20 cells at 0.05 m: free (254) with a 5 x 5 wall block (0) whose
// lower-left image corner is at column `c0`, image row `r0`; columns >= unknown_from are grey 205.
void writeMap(const fs::path &base, std::size_t c0, std::size_t r0, std::size_t unknown_from = 20,
              const std::string &origin = "[0.0, 0.0, 0.0]") {
    std::ofstream pgm(base.string() + ".pgm", std::ios::binary);
    pgm << "P5\n20 20\n255\n";
    for (std::size_t r = 0; r < 20; ++r) {
        for (std::size_t c = 0; c < 20; ++c) {
            char v = static_cast<char>(254);
            if (c >= c0 && c < c0 + 5 && r >= r0 && r < r0 + 5) v = 0;
            if (c >= unknown_from) v = static_cast<char>(205);
            pgm.put(v);
        }
    }
    std::ofstream yaml(base.string() + ".yaml");
    yaml << "image: " << base.filename().string() << ".pgm\nresolution: 0.05\norigin: " << origin
         << "\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n";
}

nlohmann::json mapEvalRunJson(const std::vector<std::string> &args) {
    auto r = test::runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
}

TEST(MapEvalCommand, ShiftedSquareWithUnknownStripGivesHandComputedFigures) {
    const fs::path dir = test::scratchDir("map-eval-shift");
    writeMap(dir / "gt", 5, 5);
    writeMap(dir / "est", 6, 5, 15);  // square one cell east; columns 15..19 unknown
    const auto j =
        mapEvalRunJson({"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "est.yaml").string(), "--json"});
    ASSERT_TRUE(j.is_object());
    // GT free = 400 - 25 = 375; the unknown strip hides 5 x 20 = 100 of them.
    EXPECT_DOUBLE_EQ(j["coverage"].get<double>(), 275.0 / 375.0);
    EXPECT_DOUBLE_EQ(j["accessible_coverage"].get<double>(), 275.0 / 375.0);
    // Squares overlap in 4 x 5 = 20 cells, union 30.
    EXPECT_DOUBLE_EQ(j["iou"].get<double>(), 20.0 / 30.0);
    // A 5 x 5 block: skeleton = its centre, d = 3 cells: (2*3 - 1) * 0.05 and 2*3 * 0.05.
    EXPECT_DOUBLE_EQ(j["wall_thickness_m"].get<double>(), 0.25);
    EXPECT_DOUBLE_EQ(j["wall_thickness_raw_m"].get<double>(), 0.30);
    EXPECT_GT(j["ssim"].get<double>(), 0.0);
    EXPECT_LT(j["ssim"].get<double>(), 1.0);
    EXPECT_LT(j["ssim_full"].get<double>(), 1.0);
    const auto &c = j["counts"];
    EXPECT_EQ(c["gt_free_cells"], 375);
    EXPECT_EQ(c["covered_free_cells"], 275);
    EXPECT_EQ(c["occupied_intersection_cells"], 20);
    EXPECT_EQ(c["occupied_union_cells"], 30);
    EXPECT_EQ(c["ssim_cells"], 14 * 14);
    EXPECT_EQ(c["ssim_masked_cells"], 12 * 14);
    EXPECT_EQ(c["skeleton_cells"], 1);
    EXPECT_EQ(j["grid"]["resolution"], 0.05);
}

TEST(MapEvalCommand, OffsetAndOriginsBringTheEstimateOntoTheGt) {
    const fs::path dir = test::scratchDir("map-eval-offset");
    writeMap(dir / "gt", 5, 5);
    // The same map with its origin 0.25 m (5 cells) further west, compensated by --est-offset.
    writeMap(dir / "est", 5, 5, 20, "[-0.25, 0.0, 0.0]");
    const auto off = mapEvalRunJson({"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "est.yaml").string(),
                              "--est-offset", "0.25,0,0", "--json"});
    EXPECT_DOUBLE_EQ(off["iou"].get<double>(), 1.0);
    EXPECT_DOUBLE_EQ(off["ssim_full"].get<double>(), 1.0);
    const auto raw =
        mapEvalRunJson({"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "est.yaml").string(), "--json"});
    // Without the offset the square sits 5 cells west: no overlap; the east 5 columns are unknown.
    EXPECT_DOUBLE_EQ(raw["iou"].get<double>(), 0.0);
    EXPECT_EQ(raw["counts"]["estimate_known_cells"], 300);
}

TEST(MapEvalCommand, HumanSummaryAndOverlayFiles) {
    const fs::path dir = test::scratchDir("map-eval-out");
    writeMap(dir / "gt", 5, 5);
    writeMap(dir / "est", 6, 5, 15);
    auto r = test::runRobometrics({"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "est.yaml").string(),
                                   "-o", (dir / "out").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("coverage             0.7333  (275 of 375 GT free cells"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("IoU (occupied > 50)  0.6667  (20 / 30 cells)"), std::string::npos) << r.out;
    std::ifstream png(dir / "out" / "overlay.png", std::ios::binary);
    std::string head(24, '\0');
    png.read(head.data(), 24);
    EXPECT_EQ(head.substr(1, 3), "PNG");
    EXPECT_EQ(static_cast<unsigned char>(head[19]), 20u);  // width (big-endian, low byte)
    EXPECT_EQ(static_cast<unsigned char>(head[23]), 20u);  // height
    std::ifstream js(dir / "out" / "map_eval.json");
    const auto j = nlohmann::json::parse(js);
    EXPECT_EQ(j["overlay_legend"].size(), 8u);
    EXPECT_DOUBLE_EQ(j["iou"].get<double>(), 20.0 / 30.0);
}

TEST(MapEvalCommand, InputErrorsNameTheFile) {
    const fs::path dir = test::scratchDir("map-eval-errors");
    writeMap(dir / "gt", 5, 5);
    auto missing =
        test::runRobometrics({"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "nope.yaml").string()});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("nope.yaml: no such file"), std::string::npos) << missing.err;
    auto bad_offset = test::runRobometrics(
        {"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "gt.yaml").string(), "--est-offset", "1,x,0"});
    EXPECT_EQ(bad_offset.exit_code, 1);
    EXPECT_NE(bad_offset.err.find("--est-offset '1,x,0': 'x' is not a number"), std::string::npos) << bad_offset.err;
    auto no_bag = test::runRobometrics(
        {"map-eval", "--gt", (dir / "gt.yaml").string(), "--est", (dir / "run.mcap:/map").string()});
    EXPECT_EQ(no_bag.exit_code, 1);
    EXPECT_NE(no_bag.err.find("run.mcap"), std::string::npos) << no_bag.err;
    EXPECT_EQ(test::runRobometrics({"map-eval", "--gt", (dir / "gt.yaml").string()}).exit_code, 2);
}

}  // namespace
}  // namespace robometrics
