#pragma once
// The seed's terrain_costmap node (seed terrain-costmap) over a pipeline: TF, GroundGrid's
// GridMap and filtered cloud in; /terrain_costmap (nav_msgs/OccupancyGrid) per map and the
// accumulated terrain cloud at terrain_publish_rate out, into a ResultSink (an MCAP or DDS), plus
// optional PNG snapshots and the run statistics. One definition for `costmap`, `live costmap`
// and `evaluate`.

#include <cstdint>
#include <deque>
#include <limits>
#include <string>

#include "robometrics/msgs/GridMapView.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/pipeline/ResultSink.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"
#include "robometrics/terrain/CostmapInput.hpp"
#include "robometrics/terrain/CostmapStats.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"
#include "robometrics/terrain/TfSyncQueue.hpp"

namespace robometrics::nodes {

/// What a costmap run did, for the summary.
struct CostmapRun {
    terrain::CostmapStats stats;
    std::uint64_t dropped = 0;
    std::string first_drop_reason;
    std::uint64_t held_tf = 0;  ///< costed with an end sample held within tf_tolerance, not interpolated
    std::uint64_t clouds = 0;
    std::uint64_t clouds_without_tf = 0;  ///< skipped, as the seed does, for want of a transform
    std::string last_map_drop;            ///< why the latest map was not costed; empty when it was
    std::string last_cloud_tf_error;      ///< why the latest cloud was skipped; empty when it was added
    std::uint64_t terrain_clouds_written = 0;
    std::size_t terrain_points = 0;
    std::uint64_t pngs = 0;
};

/// Where the node's outputs go besides the summary.
struct CostmapOutputs {
    pipeline::ResultSink *sink = nullptr;  ///< the costmap and the terrain cloud; none when null
    std::string sink_name;                 ///< names the sink in errors (the MCAP path)
    std::string png_dir;                   ///< PNG snapshots; none when empty
    int png_every = 10;
    /// A map that cannot be costed (malformed layers) is counted as dropped, and a malformed cloud
    /// skipped, instead of ending the run with an error: `evaluate` judges a whole run and goes on.
    bool skip_bad_input = false;
};

class CostmapNode : public Node {
public:
    /// terrain_costmap: inputs grid_map, cloud, tf, tf_static; outputs the costmap and the
    /// terrain cloud (topics as CostmapConfig's defaults; the params may move them).
    static const NodeSpec &spec();
    static Result<terrain::CostmapConfig> configure(const Params &params) {
        return terrain::CostmapConfig::fromParams(params);
    }

    /// `input` names the source in errors.
    CostmapNode(const terrain::CostmapConfig &config, std::string input, CostmapOutputs outputs);
    CostmapNode(const CostmapNode &) = delete;
    CostmapNode &operator=(const CostmapNode &) = delete;

    /// The config's grid_map topic, and its cloud when it accumulates terrain.
    static NodeTopics topicsOf(const terrain::CostmapConfig &config);
    /// Reads grid_map and cloud of `topics` (topicsOf(config): the config's), and /tf, /tf_static.
    void subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) override;
    /// End of input: costs the maps (and adds the clouds) still waiting for a later TF sample.
    void finish() override { sync_.finish(); }

    /// The first error (a bad message, a failed write); the node ignores input after it.
    const Status &failure() const { return failure_; }
    /// The run so far (terrain_points filled in).
    const CostmapRun &run();
    /// The last costmap computed (empty before the first).
    const msgs::OccupancyGrid &lastCostmap() const { return costmap_; }
    const terrain::CostmapConfig &config() const { return config_; }

private:
    /// A decoded map waiting in sync_ for its transforms; reused once costed, so that decoding
    /// the next map reuses its layers' storage.
    struct WaitingMap {
        terrain::CostmapInput input;
        TimeNs log_time = 0;
        double decode_ms = 0;
        bool waiting = false;
    };
    /// A WaitingMap not waiting, added when all are (no more than sync_'s capacity + 1 wait).
    WaitingMap &idleMap();

    void drop(const std::string &reason);
    void writeOut(Status s);
    /// Decodes a GridMap message straight into a map's layers (msgs::GridMapView), or, when that
    /// cannot be done, as msgs::GridMap, whose decoder's error stops the run.
    Status onGridMapMessage(const bag::Message &m);
    /// `Message` is msgs::GridMap or msgs::GridMapView (defined and used in the .cpp only).
    template <class Message>
    void onGridMap(const Message &m, const pipeline::Envelope &env);
    void costMap(const terrain::GridMap &map, const terrain::StampedTransforms &tf, TimeNs log_time, double decode_ms);
    void writePng();
    void onCloud(const msgs::PointCloud2 &m, const pipeline::Envelope &env);
    void addCloud(const msgs::PointCloud2 &m, const terrain::StampedTransforms &tf, TimeNs log_time);

    msgs::GridMapView grid_map_view_;  ///< reused: its vectors keep their capacity
    msgs::GridMap grid_map_;           ///< the same, for the messages the view cannot read
    terrain::CostmapConfig config_;
    std::string input_;
    CostmapOutputs out_;
    terrain::TfSyncQueue sync_;
    terrain::CostmapGenerator generator_;
    terrain::TerrainAccumulator accumulator_;
    std::deque<WaitingMap> waiting_maps_;  ///< a deque: the queued callbacks point into it
    terrain::TerrainGrid terrain_grid_;
    msgs::OccupancyGrid costmap_;
    CostmapRun run_;
    Status failure_ = Status::Ok();
    TimeNs last_cloud_out_ = std::numeric_limits<TimeNs>::min();
};

}  // namespace robometrics::nodes
