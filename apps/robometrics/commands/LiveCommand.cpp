// robometrics live <traversal|topic-stats|costmap|lost|record|list> [options]
// The analyzers as DDS nodes that speak ROS 2 on the wire (no ROS installed): the same pipeline
// wiring as the offline commands, fed by a live::DdsSource, publishing results as ROS 2 topics.
// Each runs until Ctrl-C or --duration, then flushes its files and exits 0. docs/live.md.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "CostmapWiring.hpp"
#include "LiveSupport.hpp"
#include "LostCommandSupport.hpp"
#include "TopicStatsWiring.hpp"
#include "TraversalWiring.hpp"
#include "robometrics/bag/McapWriter.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/localization/LostReplay.hpp"

namespace robometrics::app {
namespace {

// ---------------------------------------------------------------- traversal
struct LiveTraversalOptions {
    LiveOptions live;
    TraversalNodeOptions node;
    bool wall_clock = false;
    double reorder_ms = 0;
};

int runLiveTraversal(const LiveTraversalOptions &options) {
    const char *cmd = "live traversal";
    const TraversalNodeOptions &o = options.node;
    traversal::TraversalConfig config;
    if (auto code = loadTraversalConfig(cmd, o.params_file, o.overrides, config)) return *code;
    pipeline::Pipeline pipeline;
    if (Status s = pipeline.addRemaps(o.remaps); !s.ok()) {
        fail(cmd, s.error());
        return 2;
    }
    std::map<std::string, std::string> inputs, types;
    for (const TraversalInput &input : traversalInputs()) {
        inputs[input.role] = pipeline.resolve(input.topic);
        types[pipeline.resolve(input.topic)] = std::string(input.type);
    }
    const std::string csv_path = o.output.empty() ? defaultTraversalCsvPath() : o.output;
    TraversalNode node(config, o.extended);
    if (Status s = node.open(csv_path); !s.ok()) return fail(cmd, s.error());
    node.subscribe(pipeline);

    auto session = openLiveSession(options.live);
    if (!session) return fail(cmd, session.error());
    std::vector<std::string> topics;
    for (const auto &[topic, type] : types) topics.push_back(topic);
    live::DdsSourceOptions so = liveSourceOptions(cmd, options.live, *session, topics);
    so.types = types;
    if (options.wall_clock) {
        // The node clock is the wall clock: rows every second even when no message arrives.
        so.clock = live::MessageClock::Reception;
        so.tick = [&](TimeNs now) { node.tick(now); };
    } else {
        // The node clock is message time: the publishers' source timestamps (a replayed bag keeps bag time).
        so.clock = live::MessageClock::Source;
        so.reorder_window = std::chrono::nanoseconds(static_cast<std::int64_t>(options.reorder_ms * 1e6));
    }
    {
        live::DdsSource source(*session->transport, so);
        if (Status s = pipeline.run(source); !s.ok()) return fail(cmd, s.error());
    }
    return finishTraversal(cmd, node, csv_path, inputs, o.json);
}

// ---------------------------------------------------------------- topic-stats
struct LiveTopicStatsOptions {
    LiveOptions live;
    std::vector<std::string> topics;
    double window_s = 1.0;
    bool rclcpp_period = false;
    std::string publish_topic = "/statistics";
    bool json = false;
};

int runLiveTopicStats(const LiveTopicStatsOptions &o) {
    const char *cmd = "live topic-stats";
    if (auto code = checkWindow(cmd, o.window_s)) return *code;
    auto session = openLiveSession(o.live);
    if (!session) return fail(cmd, session.error());
    live::Publisher publisher(*session->transport);
    if (Status s = publisher.advertise<msgs::MetricsMessage>(o.publish_topic); !s.ok()) return fail(cmd, s.error());
    DdsSink sink(publisher);
    Status write_status;
    topicstats::TopicStatistics stats(topicStatsConfig(o.window_s, o.rclcpp_period),
                                      [&](const topicstats::WindowRecord &record) {
                                          Status s = sink.write(o.publish_topic, topicstats::toMetricsMessage(record),
                                                                record.window_stop);
                                          if (!s.ok() && write_status.ok()) write_status = s;
                                      });
    TopicStatsFeed feed(stats);
    pipeline::Pipeline pipeline;
    feed.subscribe(pipeline, true);
    live::DdsSourceOptions so = liveSourceOptions(cmd, o.live, *session, o.topics);
    so.clock = live::MessageClock::Reception;  // rclcpp measures with now() at reception
    so.tick = [&](TimeNs now) { stats.advanceTo(now); };
    so.tick_period = std::chrono::milliseconds(20);
    {
        live::DdsSource source(*session->transport, so);
        if (Status s = pipeline.run(source); !s.ok()) return fail(cmd, s.error());
    }
    stats.finish();
    if (!write_status.ok()) return fail(cmd, write_status.error());
    if (o.json) {
        fmt::print("{}\n", topicStatsJson("DDS", o.window_s, o.rclcpp_period, stats, feed.types()).dump(2));
    } else {
        printHealthTable(stats.health(), stats.windowCount(), o.window_s);
    }
    return 0;
}

// ---------------------------------------------------------------- costmap
struct LiveCostmapOptions {
    LiveOptions live;
    CostmapNodeOptions node;
};

int runLiveCostmap(const LiveCostmapOptions &o) {
    const char *cmd = "live costmap";
    auto config = loadCostmapConfig(cmd, o.node);
    if (!config) return fail(cmd, config.error());
    auto session = openLiveSession(o.live);
    if (!session) return fail(cmd, session.error());
    live::Publisher publisher(*session->transport);
    if (Status s = publisher.advertise<msgs::OccupancyGrid>(config->costmap_topic); !s.ok()) return fail(cmd, s.error());
    DdsSink sink(publisher);
    CostmapNode node(*config, "DDS", CostmapOutputs{&sink, config->costmap_topic, o.node.png_dir, o.node.png_every});
    pipeline::Pipeline pipeline;
    node.subscribe(pipeline);
    live::DdsSourceOptions so = liveSourceOptions(cmd, o.live, *session, pipeline.topics());
    {
        live::DdsSource source(*session->transport, so);
        if (Status s = pipeline.run(source); !s.ok()) return fail(cmd, s.error());
    }
    node.finish();  // the maps still waiting for a later TF sample are costed and published
    if (!node.failure().ok()) return fail(cmd, node.failure().error());
    if (o.node.json) {
        fmt::print("{}\n", costmapJson(*config, node.run()).dump(2));
    } else {
        printCostmapSummary("DDS", "", o.node.png_dir, *config, node.run());
    }
    return 0;
}

// ---------------------------------------------------------------- lost
struct LiveLostOptions {
    LiveOptions live;
    LostInputOptions input;
    bool json = false;
};

int runLiveLost(const LiveLostOptions &o) {
    const char *cmd = "live lost";
    auto config = loadLostConfig(o.input, cmd);
    if (!config) return fail(cmd, config.error());
    auto session = openLiveSession(o.live);
    if (!session) return fail(cmd, session.error());
    live::Publisher publisher(*session->transport);
    const std::string status_topic = "/lost_detector/status", probability_topic = "/lost_detector/probability";
    if (Status s = publisher.advertise<msgs::String>(status_topic, true); !s.ok()) return fail(cmd, s.error());
    DdsSink sink(publisher);
    localization::LostTracker tracker(*config);
    Status failure;
    pipeline::Pipeline pipeline;
    subscribePoseEvents(pipeline, *config, [&](const localization::PoseEvent &e) {
        const auto r = tracker.onEvent(e);
        if (!r) return;  // a reset
        Status a = sink.write(status_topic, lostStatusMessage(*r), r->time, true);
        Status b = sink.write(probability_topic, lostProbabilityMessage(*r), r->time);
        if (failure.ok()) failure = !a.ok() ? a : b;
    });
    live::DdsSourceOptions so = liveSourceOptions(cmd, o.live, *session, pipeline.topics());
    so.types = {{config->pose_topic, std::string(msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name)},
                {config->reset_topic, std::string(msgs::TypeInfo<msgs::Empty>::name)}};
    {
        live::DdsSource source(*session->transport, so);
        if (Status s = pipeline.run(source); !s.ok()) return fail(cmd, s.error());
    }
    tracker.finish();
    if (!failure.ok()) return fail(cmd, failure.error());
    using localization::LostStatus;
    const localization::LostEpisodes &episodes = tracker.episodes();
    if (o.json) {
        fmt::print("{}\n", nlohmann::json{{"readings", episodes.readings()},
                                          {"invalid", episodes.invalid()},
                                          {"status", std::string(localization::toString(tracker.status()))},
                                          {"status_counts", {{"normal", episodes.countOf(LostStatus::Normal)},
                                                             {"confused", episodes.countOf(LostStatus::Confused)},
                                                             {"lost", episodes.countOf(LostStatus::Lost)}}},
                                          {"episodes", episodes.episodes().size()}}
                               .dump(2));
    } else {
        fmt::print("Lost detector (live): {} readings on {}, status {}; normal {}, confused {}, lost {}; {} episodes\n",
                   episodes.readings(), config->pose_topic, localization::toString(tracker.status()),
                   episodes.countOf(LostStatus::Normal), episodes.countOf(LostStatus::Confused),
                   episodes.countOf(LostStatus::Lost), episodes.episodes().size());
    }
    return 0;
}

// ---------------------------------------------------------------- record
struct LiveRecordOptions {
    LiveOptions live;
    std::string output;
    std::vector<std::string> topics;
    std::string compression = "zstd";
};

int runLiveRecord(const LiveRecordOptions &o) {
    const char *cmd = "live record";
    auto compression = bag::parseCompression(o.compression);
    if (!compression) {
        fail(cmd, compression.error());
        return 2;
    }
    bag::McapWriterOptions wo;
    wo.compression = *compression;
    auto writer = bag::McapWriter::open(o.output, wo);
    if (!writer) return fail(cmd, withContext(o.output, writer.error()));
    auto session = openLiveSession(o.live);
    if (!session) return fail(cmd, session.error());
    std::map<std::string, std::uint16_t> schemas, channels;
    std::map<std::string, std::uint64_t> counts;
    auto channelFor = [&](const bag::TopicInfo &t) {
        if (auto it = channels.find(t.name); it != channels.end()) return it->second;
        auto schema = schemas.find(t.type);
        if (schema == schemas.end()) {
            schema = schemas.emplace(t.type, (*writer)->addSchema(t.type, "ros2msg", t.schema.text)).first;
        }
        const std::uint16_t id = (*writer)->addChannel(t.name, schema->second, "cdr",
                                                       {{"offered_qos_profiles", t.offered_qos_profiles}});
        channels.emplace(t.name, id);
        return id;
    };
    pipeline::Pipeline pipeline;
    pipeline.subscribeRaw("*", [&](const bag::Message &m) -> Status {
        ++counts[m.topic->name];
        return (*writer)->write(channelFor(*m.topic), m.log_time, m.publish_time, m.data,
                                static_cast<std::uint32_t>(counts[m.topic->name]));
    });
    live::DdsSourceOptions so = liveSourceOptions(cmd, o.live, *session, o.topics);
    so.adapt_reliability = !o.live.reliable;  // as ros2 bag record: reliable when every publisher is
    std::uint64_t dropped = 0;
    Status run;
    {
        live::DdsSource source(*session->transport, so);
        run = pipeline.run(source);
        dropped = source.dropped();
    }
    // Whatever was recorded is kept, even when a write failed.
    Status closed = (*writer)->close();
    if (!run.ok()) return fail(cmd, run.error());
    if (!closed.ok()) return fail(cmd, withContext(o.output, closed.error()));
    std::uint64_t total = 0;
    for (const auto &[topic, n] : counts) total += n;
    fmt::print("recorded {} messages on {} topics into {}{}\n", total, counts.size(), o.output,
               dropped ? fmt::format(" ({} dropped: queue full)", dropped) : "");
    for (const auto &[topic, n] : counts) fmt::print("  {:<40} {}\n", topic, n);
    return 0;
}

// ---------------------------------------------------------------- list
struct LiveListOptions {
    LiveOptions live;
    bool all = false;
    bool json = false;
};

int runLiveList(LiveListOptions o) {
    const char *cmd = "live list";
    if (o.live.duration_s <= 0) o.live.duration_s = 3.0;  // discovery needs a moment; then print
    auto session = openLiveSession(o.live);
    if (!session) return fail(cmd, session.error());
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.live.duration_s);
    std::uint64_t version = 0;
    while (!session->stop->load() && std::chrono::steady_clock::now() < until) {
        version = session->transport->graph().waitForChange(version, std::chrono::milliseconds(50));
    }
    struct Row {
        std::string type;
        std::size_t publishers = 0, subscribers = 0;
    };
    std::map<std::string, Row> rows;
    for (const live::Endpoint &e : session->transport->graph().endpoints()) {
        auto topic = live::rosTopicName(e.topic);
        auto type = live::rosTypeName(e.type);
        if ((!topic || !type) && !o.all) continue;  // not a ROS 2 topic: `ros2 topic list` hides it too
        Row &row = rows[topic ? *topic : e.topic];
        row.type = type ? *type : e.type;
        ++(e.writer ? row.publishers : row.subscribers);
    }
    if (o.json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto &[topic, row] : rows) {
            out.push_back({{"topic", topic}, {"type", row.type}, {"publishers", row.publishers},
                           {"subscribers", row.subscribers}});
        }
        fmt::print("{}\n", out.dump(2));
    } else {
        for (const auto &[topic, row] : rows) {
            fmt::print("{} [{}] ({} publishers, {} subscribers)\n", topic, row.type, row.publishers, row.subscribers);
        }
    }
    return 0;
}

// ---------------------------------------------------------------- registration
void addLiveTraversalOptions(CLI::App &sub, LiveTraversalOptions &o) {
    addTraversalNodeOptions(sub, o.node);
    sub.add_flag("--wall-clock", o.wall_clock,
                 "node clock = wall clock (rows every second even without messages); default: message time");
    sub.add_option("--reorder-ms", o.reorder_ms,
                   "hold messages this long and process them in source-time order (message-time clock)")
        ->check(CLI::NonNegativeNumber);
}

const RegisterCommand kRegister(
    "live", "Join a live ROS 2 system over DDS: traversal, topic-stats, costmap, lost, record, list",
    [](CLI::App &app) {
        app.require_subcommand(1, 1);
        auto traversal_o = std::make_shared<LiveTraversalOptions>();
        auto stats_o = std::make_shared<LiveTopicStatsOptions>();
        auto costmap_o = std::make_shared<LiveCostmapOptions>();
        auto lost_o = std::make_shared<LiveLostOptions>();
        auto record_o = std::make_shared<LiveRecordOptions>();
        auto list_o = std::make_shared<LiveListOptions>();

        CLI::App *traversal = app.add_subcommand("traversal", "traversal metrics CSV row per second from live topics");
        addLiveOptions(*traversal, traversal_o->live);
        addLiveTraversalOptions(*traversal, *traversal_o);

        CLI::App *stats = app.add_subcommand("topic-stats", "message age and period, published on /statistics");
        addLiveOptions(*stats, stats_o->live);
        stats->add_option("--topics", stats_o->topics, "only these topics (comma separated; default all)")->delimiter(',');
        stats->add_option("--window", stats_o->window_s, "statistics window (publish period) in seconds");
        stats->add_flag("--rclcpp-period", stats_o->rclcpp_period, "measure the period across window boundaries");
        stats->add_option("--publish-topic", stats_o->publish_topic, "where to publish (default /statistics)");
        stats->add_flag("--json", stats_o->json, "print the health table as JSON at the end");

        CLI::App *costmap = app.add_subcommand("costmap", "terrain costmap published on /terrain_costmap");
        addLiveOptions(*costmap, costmap_o->live);
        addCostmapNodeOptions(*costmap, costmap_o->node);

        CLI::App *lost = app.add_subcommand("lost", "lost detector: /lost_detector/status (transient local)");
        addLiveOptions(*lost, lost_o->live);
        lost->add_option("--pose-topic", lost_o->input.pose_topic, "AMCL pose topic (default /amcl_pose)");
        lost->add_option("--params", lost_o->input.params_file, "ROS 2 params file (node lost_detector)");
        lost->add_option("-p,--param", lost_o->input.overrides, "parameter override name:=value (repeatable)");
        lost->add_flag("--json", lost_o->json, "machine-readable summary at the end");

        CLI::App *record = app.add_subcommand("record", "record topics into an MCAP (ROS 2 bag)");
        addLiveOptions(*record, record_o->live);
        record->add_option("-o,--output", record_o->output, "MCAP file to write")->required();
        record->add_option("--topics", record_o->topics, "only these topics (comma separated; default all)")->delimiter(',');
        record->add_option("--compression", record_o->compression, "zstd (default), lz4 or none");

        CLI::App *list = app.add_subcommand("list", "ROS 2 topics and types visible on the domain");
        addLiveOptions(*list, list_o->live);
        list->add_flag("--all", list_o->all, "also list DDS topics that are not ROS 2 topics");
        list->add_flag("--json", list_o->json, "JSON output");

        return [=, &app]() -> int {
            CLI::App *chosen = app.get_subcommands().empty() ? nullptr : app.get_subcommands().front();
            if (chosen == traversal) return runLiveTraversal(*traversal_o);
            if (chosen == stats) return runLiveTopicStats(*stats_o);
            if (chosen == costmap) return runLiveCostmap(*costmap_o);
            if (chosen == lost) return runLiveLost(*lost_o);
            if (chosen == record) return runLiveRecord(*record_o);
            if (chosen == list) return runLiveList(*list_o);
            return 2;
        };
    },
    80);

}  // namespace
}  // namespace robometrics::app
