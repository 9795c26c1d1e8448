#include "robometrics/nodes/CostmapNode.hpp"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <memory>

#include "robometrics/report/ImageScale.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/terrain/CostmapImage.hpp"
#include "robometrics/terrain/CostmapInput.hpp"
#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::nodes {

namespace {
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}
}  // namespace

const NodeSpec &CostmapNode::spec() {
    static const NodeSpec spec = [] {
        const terrain::CostmapConfig defaults;
        const std::string tf_type(msgs::TypeInfo<msgs::TFMessage>::name);
        const std::string cloud_type(msgs::TypeInfo<msgs::PointCloud2>::name);
        return NodeSpec{"terrain_costmap",
                        {{"grid_map", defaults.gridmap_topic, std::string(msgs::TypeInfo<msgs::GridMap>::name),
                          &NodeTopics::grid_map},
                         {"cloud", defaults.filtered_cloud_topic, cloud_type, &NodeTopics::cloud},
                         {"tf", "/tf", tf_type},
                         {"tf_static", "/tf_static", tf_type}},
                        {{defaults.costmap_topic, std::string(msgs::TypeInfo<msgs::OccupancyGrid>::name)},
                         {defaults.terrain_cloud_topic, cloud_type}}};
    }();
    return spec;
}

CostmapNode::CostmapNode(const terrain::CostmapConfig &config, std::string input, CostmapOutputs outputs)
    : config_(config),
      input_(std::move(input)),
      out_(std::move(outputs)),
      sync_(fromSeconds(config.tf_tolerance)),
      generator_(config),
      accumulator_(config) {}

const CostmapRun &CostmapNode::run() {
    run_.terrain_points = accumulator_.size();
    return run_;
}

NodeTopics CostmapNode::topicsOf(const terrain::CostmapConfig &config) {
    NodeTopics topics;
    topics.grid_map = config.gridmap_topic;
    if (config.enable_terrain_accumulation) topics.cloud = config.filtered_cloud_topic;
    return topics;
}

void CostmapNode::subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) {
    pipe.subscribe<msgs::TFMessage>(
        spec().input("tf").topic,
        [this](const msgs::TFMessage &m, const pipeline::Envelope &env) { sync_.addTf(m, false, env.log_time); });
    pipe.subscribe<msgs::TFMessage>(
        spec().input("tf_static").topic,
        [this](const msgs::TFMessage &m, const pipeline::Envelope &env) { sync_.addTf(m, true, env.log_time); });
    if (!topics.grid_map.empty()) {
        pipe.subscribeUndecoded<msgs::GridMap>(topics.grid_map,
                                               [this](const bag::Message &m) { return onGridMapMessage(m); });
    }
    if (!topics.cloud.empty()) {
        pipe.subscribe<msgs::PointCloud2>(
            topics.cloud, [this](const msgs::PointCloud2 &m, const pipeline::Envelope &env) { onCloud(m, env); });
    }
}

void CostmapNode::drop(const std::string &reason) {
    if (run_.dropped++ == 0) run_.first_drop_reason = reason;
    run_.last_map_drop = reason;
}

void CostmapNode::writeOut(Status s) {
    if (!s.ok() && failure_.ok()) failure_ = withContext(out_.sink_name, s.error());
}

Status CostmapNode::onGridMapMessage(const bag::Message &m) {
    const pipeline::Envelope env{m.topic, m.log_time, m.publish_time};
    const msgs::WireFormat format = msgs::wireFormatOf(m.topic->serialization_format);
    if (format == msgs::WireFormat::Cdr && msgs::decodeGridMapView(m.data, grid_map_view_)) {
        onGridMap(grid_map_view_, env);
        return Status::Ok();
    }
    ROBOMETRICS_TRY(msgs::decode(m.data, grid_map_, format));
    onGridMap(grid_map_, env);
    return Status::Ok();
}

CostmapNode::WaitingMap &CostmapNode::idleMap() {
    for (WaitingMap &w : waiting_maps_) {
        if (!w.waiting) return w;
    }
    return waiting_maps_.emplace_back();
}

// Decodes the map now (a malformed one is reported at its own log time) and queues it until TF
// can be interpolated at its header stamp (terrain::TfSyncQueue).
template <class Message>
void CostmapNode::onGridMap(const Message &m, const pipeline::Envelope &env) {
    if (!failure_.ok()) return;
    const auto started = Clock::now();
    WaitingMap &w = idleMap();
    const Status read = terrain::readCostmapInput(m, env.log_time, config_, w.input);
    if (!read.ok()) {
        if (out_.skip_bad_input) {
            drop(read.message());
        } else {
            failure_ = Error{fmt::format("{}: {} at log time {} ns: {}", input_, config_.gridmap_topic, env.log_time,
                                         read.message())};
        }
        return;
    }
    w.log_time = env.log_time;
    w.decode_ms = msSince(started);
    w.waiting = true;
    // Two pointers: the queue stores this callback without an allocation.
    sync_.push(w.input.map.stamp, w.log_time, w.input.frames, [this, &w](const terrain::StampedTransforms &tf) {
        costMap(w.input.map, tf, w.log_time, w.decode_ms);
        w.waiting = false;
    });
}

void CostmapNode::costMap(const terrain::GridMap &map, const terrain::StampedTransforms &tf, TimeNs log_time,
                          double decode_ms) {
    if (!failure_.ok()) return;
    const auto started = Clock::now();
    if (!tf.transforms[0]) {
        drop(tf.transforms[0].message());
        return;
    }
    if (!tf.interpolated) ++run_.held_tf;
    const terrain::TerrainGrid *fill = nullptr;
    if (tf.transforms.size() > 1 && tf.transforms[1]) {
        accumulator_.bin(terrain::Pose2D::fromIsometry(*tf.transforms[1]), terrain_grid_);
        fill = &terrain_grid_;
    }
    generator_.generate(map, terrain::Pose2D::fromIsometry(*tf.transforms[0]), costmap_, fill);
    run_.last_map_drop.clear();
    run_.stats.add(costmap_, decode_ms + msSince(started));
    if (out_.sink) writeOut(out_.sink->write(config_.costmap_topic, costmap_, log_time));
    if (!out_.png_dir.empty() && (run_.stats.frames - 1) % static_cast<std::uint64_t>(out_.png_every) == 0) writePng();
}

void CostmapNode::writePng() {
    // Enlarged for people (whole-factor, crisp cells); the exact cells are in the MCAP output.
    const report::Image image =
        report::forViewing({static_cast<int>(costmap_.info.width), static_cast<int>(costmap_.info.height), 3,
                            terrain::costmapRgb(costmap_)});
    const auto path = std::filesystem::path(out_.png_dir) / fmt::format("costmap_{:06d}.png", run_.stats.frames - 1);
    Status s = report::writePng(path.string(), image);
    if (!s.ok() && failure_.ok()) failure_ = s;
    ++run_.pngs;
}

// Clouds wait in the same queue as the maps, so the accumulated terrain a map is filled from
// holds exactly the clouds that arrived before it.
void CostmapNode::onCloud(const msgs::PointCloud2 &m, const pipeline::Envelope &env) {
    if (!failure_.ok()) return;
    auto cloud = std::make_shared<msgs::PointCloud2>(m);
    const TimeNs log_time = env.log_time;
    sync_.push(terrain::stampOr(m.header, log_time), log_time,
               {{config_.odom_frame, m.header.frame_id}, {config_.odom_frame, config_.robot_frame}},
               [this, cloud, log_time](const terrain::StampedTransforms &tf) { addCloud(*cloud, tf, log_time); });
}

void CostmapNode::addCloud(const msgs::PointCloud2 &m, const terrain::StampedTransforms &tf, TimeNs log_time) {
    if (!failure_.ok()) return;
    const auto &odom_T_cloud = tf.transforms[0];
    const auto &odom_T_robot = tf.transforms[1];
    if (!odom_T_cloud || !odom_T_robot) {  // as the original: skip clouds without TF
        ++run_.clouds_without_tf;
        run_.last_cloud_tf_error = (odom_T_cloud ? odom_T_robot : odom_T_cloud).message();
        return;
    }
    run_.last_cloud_tf_error.clear();
    auto added = accumulator_.addCloud(m, *odom_T_cloud, odom_T_robot->translation().head<2>());
    if (!added) {
        if (out_.skip_bad_input) return;
        failure_ = Error{fmt::format("{}: {} at log time {} ns: {}", input_, config_.filtered_cloud_topic, log_time,
                                     added.message())};
        return;
    }
    ++run_.clouds;
    const TimeNs cloud_period = fromSeconds(1.0 / config_.terrain_publish_rate);
    if (out_.sink && accumulator_.size() > 0 &&
        (last_cloud_out_ == std::numeric_limits<TimeNs>::min() || log_time - last_cloud_out_ >= cloud_period)) {
        msgs::Header header;
        header.stamp = msgs::Time::fromNs(tf.stamp);
        header.frame_id = config_.odom_frame;
        writeOut(out_.sink->write(config_.terrain_cloud_topic, accumulator_.toCloud(header), log_time));
        last_cloud_out_ = log_time;
        ++run_.terrain_clouds_written;
    }
}

}  // namespace robometrics::nodes
