#pragma once
// `live costmap`'s status on /diagnostics: "robometrics: costmap" (hardware_id the GridMap
// topic), OK while maps come in and are costed, WARN when the maps stop or none is costed for a
// while, ERROR when the node failed on an input (a map it cannot read) or the latest map or cloud
// could not be placed for want of TF (the node drops that map, skips that cloud) and none was
// since the previous status. Its figures: the
// grid's size, resolution and known cells, the costmaps made and maps dropped, the clouds
// integrated and the age of the last. Pure: the caller gives the node's run and the time.

#include <cstdint>
#include <string>

#include "robometrics/nodes/AnalysisHealth.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"

namespace robometrics::nodes {

class CostmapDiagnostics {
public:
    explicit CostmapDiagnostics(const terrain::CostmapConfig &config, HealthTiming timing = {});

    /// A GridMap received (the input whose freshness counts).
    void onGridMap() { ++maps_; }

    /// True when a status is due at `now` (once per period), after sampling `run`.
    bool due(TimeNs now, const CostmapRun &run);
    /// The status at `now`: `costmap` is the last one made, `failure` the node's error (empty: none).
    /// Call it once per status: what was placed since the previous call decides a TF error.
    msgs::DiagnosticArray status(TimeNs now, const CostmapRun &run, const msgs::OccupancyGrid &costmap,
                                 const std::string &failure);

private:
    void sample(TimeNs now, const CostmapRun &run);

    double size_m_;
    double resolution_m_;
    AnalysisHealth health_;
    CountClock clouds_;
    std::uint64_t maps_ = 0;
    std::uint64_t frames_at_status_ = 0;  ///< costmaps made when the previous status was built
    std::uint64_t clouds_at_status_ = 0;
};

}  // namespace robometrics::nodes
