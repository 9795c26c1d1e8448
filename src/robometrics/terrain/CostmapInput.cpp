#include "robometrics/terrain/CostmapInput.hpp"

#include <string>

#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::terrain {

namespace {

// Assigned member by member: the strings of a reused pair keep their storage.
void assign(FramePair &pair, const std::string &target, const std::string &source) {
    pair.target = target;
    pair.source = source;
}

// After the map is read: its stamp and the frame pairs its costmap needs.
void stampAndFrames(const msgs::Header &header, TimeNs log_time, const CostmapConfig &config, CostmapInput &out) {
    out.map.stamp = stampOr(header, log_time);
    const bool fill = config.fill_from_terrain && config.enable_terrain_accumulation;
    out.frames.resize(fill ? 2 : 1);
    assign(out.frames[0], out.map.frame_id.empty() ? config.odom_frame : out.map.frame_id, config.robot_frame);
    if (fill) assign(out.frames[1], config.odom_frame, config.robot_frame);
}

}  // namespace

Status readCostmapInput(const msgs::GridMap &message, TimeNs log_time, const CostmapConfig &config,
                        CostmapInput &out) {
    ROBOMETRICS_TRY(out.map.read(message));
    stampAndFrames(message.header, log_time, config, out);
    return Status::Ok();
}

Status readCostmapInput(const msgs::GridMapView &message, TimeNs log_time, const CostmapConfig &config,
                        CostmapInput &out) {
    ROBOMETRICS_TRY(out.map.read(message));
    stampAndFrames(message.fields.header, log_time, config, out);
    return Status::Ok();
}

}  // namespace robometrics::terrain
