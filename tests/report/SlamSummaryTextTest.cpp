#include <gtest/gtest.h>

#include "robometrics/report/SlamSummaryText.hpp"

using namespace robometrics::report;

namespace {

nlohmann::json mapMetrics() {
    return {{"coverage", 0.5},
            {"accessible_coverage", 0.625},
            {"accessible_seed", "start"},
            {"iou", 0.25},
            {"ssim", 0.75},
            {"ssim_full", nullptr},
            {"wall_thickness_m", 0.1},
            {"wall_thickness_raw_m", 0.15},
            {"gt_wall_thickness_m", nullptr},
            {"grid", {{"width", 4}, {"height", 2}, {"resolution", 0.05}}},
            {"counts",
             {{"covered_free_cells", 2},
              {"gt_free_cells", 4},
              {"accessible_covered_cells", 5},
              {"accessible_cells", 8},
              {"occupied_intersection_cells", 1},
              {"occupied_union_cells", 4},
              {"ssim_masked_cells", 3},
              {"ssim_cells", 6},
              {"skeleton_cells", 7}}}};
}

}  // namespace

TEST(SlamSummaryText, MapEvalLinesWithMissingFiguresAsNa) {
    EXPECT_EQ(mapEvalSummaryText(mapMetrics()),
              "map-eval on the GT grid (4 x 2 cells, 0.05 m/cell)\n"
              "  coverage             0.5000  (2 of 4 GT free cells known in the estimate)\n"
              "  accessible coverage  0.6250  (5 of 8 cells of the start's free component)\n"
              "  IoU (occupied > 50)  0.2500  (1 / 4 cells)\n"
              "  SSIM (est known)     0.7500  (3 cells)\n"
              "  SSIM (whole grid)    n/a  (6 cells)\n"
              "  wall thickness       0.1000 m  (raw 2d: 0.1500 m; GT n/a; 7 skeleton cells)\n");
}

TEST(SlamSummaryText, SlamEvalWithFiguresMapAndAnomaly) {
    nlohmann::json run = {{"bag", "run.mcap"},
                          {"ate", {{"rmse", 0.03125}, {"n", 12}}},
                          {"ate_origin", {{"rmse", 0.0625}}},
                          {"rpe", {{"rmse", 0.5}}},
                          {"path_length_m", 20.0},
                          {"drift_per_m", 0.002},
                          {"duration_s", nullptr},
                          {"map", mapMetrics()},
                          {"anomalies", {{{"code", "stuck"}, {"message", "barely moved"}}}},
                          {"verdict", "potential_failure"}};
    EXPECT_EQ(slamEvalSummaryText(run),
              "slam-eval run.mcap\n"
              "  ATE (SE(3) Umeyama)   rmse 0.0312 m over 12 poses\n"
              "  ATE (first pose)      rmse 0.0625 m\n"
              "  RPE                   rmse 0.5000 m\n"
              "  path length (odom)    20.0000 m, drift 0.0020 m/m\n"
              "  duration              n/a s from the start of movement\n"
              "  map                   coverage 0.5000, accessible 0.6250, IoU 0.2500, SSIM 0.7500, walls 0.1000 m\n"
              "  ! stuck: barely moved\n"
              "  verdict               potential_failure\n");
}

TEST(SlamSummaryText, SlamEvalSaysWhyAteAndMapAreMissing) {
    nlohmann::json run = {{"bag", "run.mcap"},
                          {"ate", nullptr},
                          {"ate_error", "no TF"},
                          {"path_length_m", 0.0},
                          {"drift_per_m", nullptr},
                          {"duration_s", 1.5},
                          {"map", nullptr},
                          {"map_error", "no topic /map"},
                          {"anomalies", nlohmann::json::array()},
                          {"verdict", "ok"}};
    EXPECT_EQ(slamEvalSummaryText(run),
              "slam-eval run.mcap\n"
              "  ATE                   n/a (no TF)\n"
              "  path length (odom)    0.0000 m, drift n/a m/m\n"
              "  duration              1.5000 s from the start of movement\n"
              "  map                   n/a (no topic /map)\n"
              "  verdict               ok\n");
}
