#include "robometrics/report/SlamSummaryText.hpp"

#include <fmt/format.h>

#include <iterator>

namespace robometrics::report {

namespace {

std::string figure(const nlohmann::json &v, const char *unit = "") {
    return v.is_number() ? fmt::format("{:.4f}{}", v.get<double>(), unit) : std::string("n/a");
}

}  // namespace

std::string mapEvalSummaryText(const nlohmann::json &m) {
    const nlohmann::json &grid = m["grid"];
    const nlohmann::json &n = m["counts"];
    std::string out;
    auto line = std::back_inserter(out);
    fmt::format_to(line, "map-eval on the GT grid ({} x {} cells, {} m/cell)\n", grid["width"].get<std::size_t>(),
                   grid["height"].get<std::size_t>(), grid["resolution"].get<double>());
    fmt::format_to(line, "  coverage             {:.4f}  ({} of {} GT free cells known in the estimate)\n",
                   m["coverage"].get<double>(), n["covered_free_cells"].get<std::size_t>(),
                   n["gt_free_cells"].get<std::size_t>());
    fmt::format_to(line, "  accessible coverage  {:.4f}  ({} of {} cells of the {} free component)\n",
                   m["accessible_coverage"].get<double>(), n["accessible_covered_cells"].get<std::size_t>(),
                   n["accessible_cells"].get<std::size_t>(),
                   m["accessible_seed"] == "start" ? "start's" : "best-overlapping");
    fmt::format_to(line, "  IoU (occupied > 50)  {:.4f}  ({} / {} cells)\n", m["iou"].get<double>(),
                   n["occupied_intersection_cells"].get<std::size_t>(), n["occupied_union_cells"].get<std::size_t>());
    fmt::format_to(line, "  SSIM (est known)     {}  ({} cells)\n", figure(m["ssim"]),
                   n["ssim_masked_cells"].get<std::size_t>());
    fmt::format_to(line, "  SSIM (whole grid)    {}  ({} cells)\n", figure(m["ssim_full"]),
                   n["ssim_cells"].get<std::size_t>());
    fmt::format_to(line, "  wall thickness       {}  (raw 2d: {}; GT {}; {} skeleton cells)\n",
                   figure(m["wall_thickness_m"], " m"), figure(m["wall_thickness_raw_m"], " m"),
                   figure(m["gt_wall_thickness_m"], " m"), n["skeleton_cells"].get<std::size_t>());
    return out;
}

std::string slamEvalSummaryText(const nlohmann::json &j) {
    std::string out;
    auto line = std::back_inserter(out);
    fmt::format_to(line, "slam-eval {}\n", j["bag"].get<std::string>());
    if (j["ate"].is_object()) {
        fmt::format_to(line, "  ATE (SE(3) Umeyama)   rmse {} m over {} poses\n", figure(j["ate"]["rmse"]),
                       j["ate"]["n"].get<std::size_t>());
        fmt::format_to(line, "  ATE (first pose)      rmse {} m\n", figure(j["ate_origin"]["rmse"]));
        if (j["rpe"].is_object()) fmt::format_to(line, "  RPE                   rmse {} m\n", figure(j["rpe"]["rmse"]));
    } else {
        fmt::format_to(line, "  ATE                   n/a ({})\n", j["ate_error"].get<std::string>());
    }
    fmt::format_to(line, "  path length (odom)    {} m, drift {} m/m\n", figure(j["path_length_m"]),
                   figure(j["drift_per_m"]));
    fmt::format_to(line, "  duration              {} s from the start of movement\n", figure(j["duration_s"]));
    if (j["map"].is_object()) {
        const nlohmann::json &m = j["map"];
        fmt::format_to(line, "  map                   coverage {}, accessible {}, IoU {}, SSIM {}, walls {}\n",
                       figure(m["coverage"]), figure(m["accessible_coverage"]), figure(m["iou"]), figure(m["ssim"]),
                       figure(m["wall_thickness_m"], " m"));
    } else if (j.contains("map_error")) {
        fmt::format_to(line, "  map                   n/a ({})\n", j["map_error"].get<std::string>());
    }
    for (const auto &a : j["anomalies"]) {
        fmt::format_to(line, "  ! {}: {}\n", a["code"].get<std::string>(), a["message"].get<std::string>());
    }
    fmt::format_to(line, "  verdict               {}\n", j["verdict"].get<std::string>());
    return out;
}

}  // namespace robometrics::report
