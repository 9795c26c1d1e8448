#include "robometrics/terrain/CostmapConfig.hpp"

#include <fmt/format.h>

#include <cmath>

namespace robometrics::terrain {

namespace {

// A costmap larger than this per side would need more memory than any input warrants.
constexpr int kMaxCostmapCellsPerSide = 8192;

}  // namespace

int CostmapConfig::cellsPerSide() const {
    return static_cast<int>(std::lround(costmap_size / costmap_resolution));
}

Result<CostmapConfig> CostmapConfig::fromParams(const Params &p) {
    CostmapConfig c;
    for (auto [name, field] : {std::pair{"costmap_size", &c.costmap_size},
                               {"costmap_resolution", &c.costmap_resolution},
                               {"weight_obstacle", &c.weight_obstacle},
                               {"weight_slope", &c.weight_slope},
                               {"weight_roughness", &c.weight_roughness},
                               {"weight_unknown", &c.weight_unknown},
                               {"slope_max_deg", &c.slope_max_deg},
                               {"roughness_max", &c.roughness_max},
                               {"obstacle_count_max", &c.obstacle_count_max},
                               {"confidence_threshold", &c.confidence_threshold},
                               {"lethal_threshold", &c.lethal_threshold},
                               {"terrain_radius", &c.terrain_radius},
                               {"terrain_publish_rate", &c.terrain_publish_rate},
                               {"obstacle_lethal_cost", &c.obstacle_lethal_cost},
                               {"observed_confidence_min", &c.observed_confidence_min},
                               {"ground_intensity", &c.ground_intensity},
                               {"ground_intensity_tolerance", &c.ground_intensity_tolerance},
                               {"inflation_radius", &c.inflation_radius},
                               {"inscribed_radius", &c.inscribed_radius},
                               {"cost_scaling_factor", &c.cost_scaling_factor},
                               {"tf_tolerance", &c.tf_tolerance}}) {
        ROBOMETRICS_TRY(p.get(name, *field));
    }
    for (auto [name, field] : {std::pair{"robot_frame", &c.robot_frame},
                               {"odom_frame", &c.odom_frame},
                               {"gridmap_topic", &c.gridmap_topic},
                               {"filtered_cloud_topic", &c.filtered_cloud_topic},
                               {"costmap_topic", &c.costmap_topic},
                               {"terrain_cloud_topic", &c.terrain_cloud_topic}}) {
        ROBOMETRICS_TRY(p.get(name, *field));
    }
    ROBOMETRICS_TRY(p.get("enable_terrain_accumulation", c.enable_terrain_accumulation));
    ROBOMETRICS_TRY(p.get("fill_from_terrain", c.fill_from_terrain));
    ROBOMETRICS_TRY(p.get("terrain_max_points", c.terrain_max_points));
    ROBOMETRICS_TRY(p.get("terrain_min_points_per_cell", c.terrain_min_points_per_cell));
    std::string rounding = c.rounding == Rounding::Round ? "round" : "truncate";
    ROBOMETRICS_TRY(p.get("rounding", rounding));
    if (rounding == "round") {
        c.rounding = Rounding::Round;
    } else if (rounding == "truncate") {
        c.rounding = Rounding::Truncate;
    } else {
        return Error{fmt::format("parameter 'rounding': expected round or truncate, got '{}'", rounding)};
    }
    ROBOMETRICS_TRY(c.validate());
    return c;
}

Status CostmapConfig::validate() const {
    auto positive = [](const char *name, double v) -> Status {
        if (!(v > 0) || !std::isfinite(v)) return Error{fmt::format("parameter '{}': expected > 0, got {}", name, v)};
        return Status::Ok();
    };
    auto nonNegative = [](const char *name, double v) -> Status {
        if (!(v >= 0) || !std::isfinite(v)) {
            return Error{fmt::format("parameter '{}': expected >= 0, got {}", name, v)};
        }
        return Status::Ok();
    };
    ROBOMETRICS_TRY(positive("costmap_size", costmap_size));
    ROBOMETRICS_TRY(positive("costmap_resolution", costmap_resolution));
    ROBOMETRICS_TRY(positive("slope_max_deg", slope_max_deg));
    ROBOMETRICS_TRY(positive("roughness_max", roughness_max));
    ROBOMETRICS_TRY(positive("obstacle_count_max", obstacle_count_max));
    ROBOMETRICS_TRY(positive("terrain_radius", terrain_radius));
    ROBOMETRICS_TRY(positive("terrain_publish_rate", terrain_publish_rate));
    ROBOMETRICS_TRY(positive("cost_scaling_factor", cost_scaling_factor));
    for (auto [name, v] : {std::pair{"weight_obstacle", weight_obstacle},
                           {"weight_slope", weight_slope},
                           {"weight_roughness", weight_roughness},
                           {"weight_unknown", weight_unknown},
                           {"confidence_threshold", confidence_threshold},
                           {"lethal_threshold", lethal_threshold},
                           {"obstacle_lethal_cost", obstacle_lethal_cost},
                           {"observed_confidence_min", observed_confidence_min},
                           {"ground_intensity_tolerance", ground_intensity_tolerance},
                           {"inflation_radius", inflation_radius},
                           {"inscribed_radius", inscribed_radius},
                           {"tf_tolerance", tf_tolerance}}) {
        ROBOMETRICS_TRY(nonNegative(name, v));
    }
    const int n = cellsPerSide();
    if (n < 1 || n > kMaxCostmapCellsPerSide) {
        return Error{fmt::format("parameters 'costmap_size'/'costmap_resolution': {} / {} gives {} cells per side, "
                                 "expected 1..{}",
                                 costmap_size, costmap_resolution, n, kMaxCostmapCellsPerSide)};
    }
    if (terrain_max_points < 0) {
        return Error{fmt::format("parameter 'terrain_max_points': expected >= 0, got {}", terrain_max_points)};
    }
    if (terrain_min_points_per_cell < 1) {
        return Error{fmt::format("parameter 'terrain_min_points_per_cell': expected >= 1, got {}",
                                 terrain_min_points_per_cell)};
    }
    return Status::Ok();
}

}  // namespace robometrics::terrain
