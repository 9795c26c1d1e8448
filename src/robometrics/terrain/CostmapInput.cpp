#include "robometrics/terrain/CostmapInput.hpp"

#include <utility>

#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::terrain {

namespace {

Result<CostmapInput> costmapInputOf(Result<GridMap> map, const msgs::Header &header, TimeNs log_time,
                                    const CostmapConfig &config) {
    if (!map) return map.error();
    map->stamp = stampOr(header, log_time);
    CostmapInput out;
    out.frames.push_back({map->frame_id.empty() ? config.odom_frame : map->frame_id, config.robot_frame});
    if (config.fill_from_terrain && config.enable_terrain_accumulation) {
        out.frames.push_back({config.odom_frame, config.robot_frame});
    }
    out.map = std::make_shared<const GridMap>(std::move(*map));
    return out;
}

}  // namespace

Result<CostmapInput> costmapInput(const msgs::GridMap &message, TimeNs log_time, const CostmapConfig &config) {
    return costmapInputOf(GridMap::fromMessage(message), message.header, log_time, config);
}

Result<CostmapInput> costmapInput(const msgs::GridMapView &message, TimeNs log_time, const CostmapConfig &config) {
    return costmapInputOf(GridMap::fromMessage(message), message.fields.header, log_time, config);
}

}  // namespace robometrics::terrain
