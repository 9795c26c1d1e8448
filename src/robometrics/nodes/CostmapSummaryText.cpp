#include "robometrics/nodes/CostmapSummaryText.hpp"

#include <fmt/format.h>

#include <iterator>

namespace robometrics::nodes {

std::string costmapSummaryText(const std::string &input, const std::string &output, const std::string &png_dir,
                               const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "Terrain costmap: {} ({} x {} cells of {} m, robot frame {})\n", input, c.cellsPerSide(),
                   c.cellsPerSide(), c.costmap_resolution, c.robot_frame);
    fmt::format_to(out, "  frames          {} costmaps from {}", s.frames, c.gridmap_topic);
    if (r.dropped) fmt::format_to(out, ", {} maps dropped (first: {})", r.dropped, r.first_drop_reason);
    if (r.held_tf) fmt::format_to(out, ", {} with TF held (no later sample within tf_tolerance)", r.held_tf);
    fmt::format_to(out, "\n  time per frame  mean {:.3f} ms, p95 {:.3f} ms, max {:.3f} ms\n", s.meanMs(),
                   s.percentileMs(0.95), s.maxMs());
    fmt::format_to(out, "  cells           lethal {:.1f} %, unknown {:.1f} %, free {:.1f} %, costed 1..99 {:.1f} %\n",
                   100 * s.share(s.lethal), 100 * s.share(s.unknown), 100 * s.share(s.free), 100 * s.share(s.costed));
    if (c.enable_terrain_accumulation) {
        fmt::format_to(out, "  terrain         {} clouds accumulated, {} points kept{}\n", r.clouds, r.terrain_points,
                       c.fill_from_terrain ? " (used to fill uncovered cells)" : "");
    }
    if (!output.empty()) {
        fmt::format_to(out, "  wrote           {} ({} {}, {} {})\n", output, s.frames, c.costmap_topic,
                       r.terrain_clouds_written, c.terrain_cloud_topic);
    }
    if (!png_dir.empty()) fmt::format_to(out, "  snapshots       {} PNG files in {}\n", r.pngs, png_dir);
    return text;
}

nlohmann::json costmapSummaryJson(const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    return {
        {"frames", s.frames},
        {"dropped_frames", r.dropped},
        {"held_tf_frames", r.held_tf},
        {"cells_per_side", c.cellsPerSide()},
        {"resolution_m", c.costmap_resolution},
        {"frame_ms", {{"mean", s.meanMs()}, {"p95", s.percentileMs(0.95)}, {"max", s.maxMs()}}},
        {"share",
         {{"lethal", s.share(s.lethal)},
          {"unknown", s.share(s.unknown)},
          {"free", s.share(s.free)},
          {"costed", s.share(s.costed)}}},
        {"cells", {{"lethal", s.lethal}, {"unknown", s.unknown}, {"free", s.free}, {"costed", s.costed}}},
        {"terrain", {{"clouds", r.clouds}, {"points", r.terrain_points}, {"clouds_written", r.terrain_clouds_written}}},
        {"png_files", r.pngs}};
}

}  // namespace robometrics::nodes
