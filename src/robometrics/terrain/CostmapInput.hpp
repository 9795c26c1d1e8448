#pragma once
// A GroundGrid GridMap message made ready for costing, the same for `costmap`, `live costmap`
// and `evaluate`: decoded, stamped with its header stamp (the log time when the stamp is unset),
// and the transforms its costmap needs at that stamp, to be waited for in a TfSyncQueue.

#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/GridMapView.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/GridMap.hpp"
#include "robometrics/terrain/TfSyncQueue.hpp"

namespace robometrics::terrain {

/// Filled anew for each message; reading into the same object again reuses its storage.
struct CostmapInput {
    GridMap map;
    /// [0] robot_frame in the map's frame (odom_frame when the map has none); [1] robot_frame in
    /// odom_frame, only when fill_from_terrain needs the accumulated points around the robot.
    std::vector<FramePair> frames;
};

/// Reads `message` into `out`. Fails with the decoder's reason (a malformed GridMap); `out` is
/// then only fit to be read into again.
Status readCostmapInput(const msgs::GridMap &message, TimeNs log_time, const CostmapConfig &config,
                        CostmapInput &out);
/// The same from a message whose floats are still in its payload (msgs::decodeGridMapView).
Status readCostmapInput(const msgs::GridMapView &message, TimeNs log_time, const CostmapConfig &config,
                        CostmapInput &out);

}  // namespace robometrics::terrain
