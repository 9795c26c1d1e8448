#include "robometrics/nodes/CostmapDiagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace robometrics::nodes {

namespace {
/// The analysis-level failure, most serious first: the node stopped, then the latest map or
/// cloud it could not place, when none was placed since the previous status either (one drop
/// between placed ones is counted, not alarmed on: TF can lag once at start-up).
std::string failureText(const CostmapRun &run, const std::string &failure, bool none_costed, bool none_added) {
    if (!failure.empty()) return failure;
    if (none_costed && !run.last_map_drop.empty()) return "map not costed: " + run.last_map_drop;
    if (none_added && !run.last_cloud_tf_error.empty()) return "cloud not integrated: " + run.last_cloud_tf_error;
    return {};
}
}  // namespace

CostmapDiagnostics::CostmapDiagnostics(const terrain::CostmapConfig &config, HealthTiming timing)
    : size_m_(config.costmap_size),
      resolution_m_(config.costmap_resolution),
      health_("robometrics: costmap", config.gridmap_topic, timing) {}

void CostmapDiagnostics::sample(TimeNs now, const CostmapRun &run) {
    health_.sample(now, maps_, run.stats.frames);
    clouds_.sample(now, run.clouds);
}

bool CostmapDiagnostics::due(TimeNs now, const CostmapRun &run) {
    sample(now, run);
    return health_.due(now);
}

msgs::DiagnosticArray CostmapDiagnostics::status(TimeNs now, const CostmapRun &run, const msgs::OccupancyGrid &costmap,
                                                 const std::string &failure) {
    sample(now, run);
    const auto known = static_cast<std::size_t>(
        std::count_if(costmap.data.begin(), costmap.data.end(), [](std::int8_t v) { return v >= 0; }));
    auto number = [](double v) { return fmt::format("{:.6g}", v); };
    std::vector<msgs::KeyValue> values = {{"size_m", number(size_m_)},
                                          {"resolution_m", number(resolution_m_)},
                                          {"width_cells", std::to_string(costmap.info.width)},
                                          {"height_cells", std::to_string(costmap.info.height)},
                                          {"cells_known", std::to_string(known)},
                                          {"costmaps", std::to_string(run.stats.frames)},
                                          {"maps_received", std::to_string(maps_)},
                                          {"maps_dropped", std::to_string(run.dropped)},
                                          {"clouds_integrated", std::to_string(run.clouds)},
                                          {"clouds_without_tf", std::to_string(run.clouds_without_tf)},
                                          {"last_cloud_age_s", ageText(clouds_.age(now))}};
    const std::string ok = fmt::format("{}x{} cells at {} m, {} known", costmap.info.width, costmap.info.height,
                                       number(resolution_m_), known);
    const std::string failed =
        failureText(run, failure, run.stats.frames == frames_at_status_, run.clouds == clouds_at_status_);
    frames_at_status_ = run.stats.frames;
    clouds_at_status_ = run.clouds;
    return health_.array(ok, failed, std::move(values));
}

}  // namespace robometrics::nodes
