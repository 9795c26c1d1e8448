#include "robometrics/slam/MapEvaluationJson.hpp"

namespace robometrics::slam {

namespace {
nlohmann::json nullable(bool valid, double value) { return valid ? nlohmann::json(value) : nlohmann::json(nullptr); }
}  // namespace

nlohmann::json mapEvalToJson(const MapEvalResult &r) {
    nlohmann::json j;
    j["coverage"] = r.coverage.coverage;
    j["accessible_coverage"] = r.coverage.accessible_coverage;
    j["iou"] = r.iou.iou;
    j["ssim"] = nullable(r.ssim_valid && r.ssim_masked_cells > 0, r.ssim);
    j["ssim_full"] = nullable(r.ssim_valid, r.ssim_full);
    j["wall_thickness_m"] = nullable(r.estimate_walls.valid(), r.estimate_walls.corrected_m);
    j["wall_thickness_raw_m"] = nullable(r.estimate_walls.valid(), r.estimate_walls.raw_m);
    j["gt_wall_thickness_m"] = nullable(r.gt_walls.valid(), r.gt_walls.corrected_m);
    j["gt_wall_thickness_raw_m"] = nullable(r.gt_walls.valid(), r.gt_walls.raw_m);
    j["accessible_seed"] = r.coverage.seeded ? "start" : "most_overlap";
    j["grid"] = {{"width", r.grid.width},
                 {"height", r.grid.height},
                 {"resolution", r.grid.resolution},
                 {"origin", {r.grid.origin_x, r.grid.origin_y, r.grid.origin_yaw}}};
    j["counts"] = {
        {"cells", r.cells},
        {"gt_known_cells", r.gt_known_cells},
        {"estimate_known_cells", r.estimate_known_cells},
        {"both_known_cells", r.both_known_cells},
        {"gt_free_cells", r.coverage.gt_free_cells},
        {"covered_free_cells", r.coverage.covered_free_cells},
        {"accessible_cells", r.coverage.accessible_cells},
        {"accessible_covered_cells", r.coverage.accessible_covered_cells},
        {"free_components", r.coverage.free_components},
        {"gt_occupied_cells", r.iou.gt_occupied_cells},
        {"estimate_occupied_cells", r.iou.estimate_occupied_cells},
        {"occupied_intersection_cells", r.iou.intersection_cells},
        {"occupied_union_cells", r.iou.union_cells},
        {"ssim_cells", r.ssim_cells},
        {"ssim_masked_cells", r.ssim_masked_cells},
        {"skeleton_cells", r.estimate_walls.skeleton_cells},
        {"gt_skeleton_cells", r.gt_walls.skeleton_cells},
    };
    return j;
}

}  // namespace robometrics::slam
