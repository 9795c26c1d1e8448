// robometrics live <traversal|topic-stats|costmap|lost|record|list> [options]
// The seed-system nodes on a live ROS 2 system over DDS, no ROS installed (live/LiveNodeRuns):
// the same nodes as the offline commands, fed by a DdsSource, publishing their results as ROS 2
// topics. Each runs until Ctrl-C or --duration, then flushes its files and exits 0. docs/live.md.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/bag/McapWriter.hpp"
#include "robometrics/live/LiveNodeRuns.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"

namespace robometrics::app {
namespace {

struct LiveCli {
    live::SessionOptions session;
    bool json = false, all = false;
    TraversalNodeOptions traversal;
    live::LiveTraversal traversal_run;
    live::LiveTopicStats stats{{}, 1.0, false, nodes::TopicStatsNode::spec().outputs.front().topic};
    CostmapNodeOptions costmap;
    live::LiveCostmap costmap_run;
    LostInputOptions lost;
    localization::LostDetectorConfig lost_config;
    live::LiveRecord record;
};

/// The node's config from its params, before any participant exists: a bad parameter or params
/// file ends the command without DDS.
Status configure(const std::string &name, LiveCli &o) {
    const std::string cmd = "live " + name;
    if (name == "traversal") {
        auto config = configureNode<nodes::TraversalNode>(cmd.c_str(), o.traversal.params_file, o.traversal.overrides);
        if (!config) return config.error();
        o.traversal_run.config = *config;
        o.traversal_run.csv = o.traversal.output;
        o.traversal_run.extended = o.traversal.extended;
        o.traversal_run.debug = printTraversalDebug;
    } else if (name == "costmap") {
        auto config = costmapConfig(cmd.c_str(), o.costmap);
        if (!config) return config.error();
        o.costmap_run = {*config, o.costmap.png_dir, o.costmap.png_every};
    } else if (name == "lost") {
        auto config = lostConfig(cmd.c_str(), o.lost);
        if (!config) return config.error();
        o.lost_config = *config;
    }
    return Status::Ok();
}

Result<std::string> runSubcommand(const std::string &name, const LiveCli &o, const live::LiveRun &run) {
    if (name == "traversal") return live::runTraversal(run, o.traversal_run);
    if (name == "topic-stats") return live::runTopicStats(run, o.stats);
    if (name == "costmap") return live::runCostmap(run, o.costmap_run);
    if (name == "lost") return live::runLost(run, o.lost_config);
    if (name == "record") return live::runRecord(run, o.record);
    return live::runList(run, o.all);
}

int runLive(const std::string &name, LiveCli &o) {
    const std::string cmd = "live " + name;
    Status usable = name == "topic-stats" ? nodes::TopicStatsNode::checkWindow(o.stats.window_s)
                    : name == "record"    ? bag::parseCompression(o.record.compression).status()
                                          : Status::Ok();
    if (!usable.ok()) return usage(cmd, usable);
    for (const auto *overrides : {&o.traversal.overrides, &o.costmap.overrides, &o.lost.overrides}) {
        if (auto code = checkUsage(cmd, *overrides, o.traversal.remaps)) return *code;
    }
    pipeline::Pipeline remaps;
    (void)remaps.addRemaps(o.traversal.remaps);  // checked above
    o.traversal_run.inputs = nodes::resolveTopics(nodes::TraversalNode::spec(), remaps);
    if (Status s = configure(name, o); !s.ok()) return fail(cmd, s.error());
    if (name == "list" && o.session.duration_s <= 0) o.session.duration_s = 3.0;  // discovery needs a moment
    auto session = live::openSession(o.session);
    if (!session) return fail(cmd, session.error());
    const live::LiveRun run{&*session, o.session,
                            [cmd](const std::string &line) { fmt::print(stderr, "robometrics {}: {}\n", cmd, line); },
                            o.json || o.traversal.json || o.costmap.json};
    auto text = runSubcommand(name, o, run);
    if (!text) return fail(cmd, text.error());
    fmt::print("{}", *text);
    return 0;
}

/// A subcommand with the options every live command shares.
CLI::App *addLive(CLI::App &app, LiveCli &o, const char *name, const std::string &help) {
    CLI::App *sub = app.add_subcommand(name, help);
    sub->add_option("--duration", o.session.duration_s, "stop after this many seconds (default: run until Ctrl-C)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--dds-profile", o.session.profile,
                    "Fast DDS XML profile file (else FASTRTPS_DEFAULT_PROFILES_FILE)");
    sub->add_option("--domain-id", o.session.domain_id, "DDS domain (default ROS_DOMAIN_ID, else 0)")
        ->check(CLI::Range(0, 232));
    sub->add_flag("--shm", o.session.shared_memory,
                  "also use the shared-memory transport (same host and /dev/shm only)");
    sub->add_flag("--reliable", o.session.reliable, "subscribe reliable instead of best effort");
    return sub;
}

const RegisterCommand kRegister(
    "live", "Join a live ROS 2 system over DDS: traversal, topic-stats, costmap, lost, record, list",
    [](CLI::App &app) {
        app.require_subcommand(1, 1);
        auto o = std::make_shared<LiveCli>();
        const std::string diagnostics = std::string("; its health on ") + msgs::kDiagnosticsTopic;
        CLI::App *traversal =
            addLive(app, *o, "traversal", "traversal metrics CSV row per second from live topics" + diagnostics);
        addTraversalNodeOptions(*traversal, o->traversal);
        traversal->add_flag("--wall-clock", o->traversal_run.wall_clock,
                            "node clock = wall clock (rows every second even without messages); default: message time");
        traversal
            ->add_option("--reorder-ms", o->traversal_run.reorder_ms,
                         "hold messages this long and process them in source-time order (message-time clock)")
            ->check(CLI::NonNegativeNumber);
        const std::string statistics = o->stats.publish_topic;
        CLI::App *stats = addLive(app, *o, "topic-stats", "message age and period, published on " + statistics);
        stats->add_option("--topics", o->stats.topics, "only these topics (comma separated; default all)")
            ->delimiter(',');
        stats->add_option("--window", o->stats.window_s, "statistics window (publish period) in seconds");
        stats->add_flag("--rclcpp-period", o->stats.rclcpp_period, "measure the period across window boundaries");
        stats->add_option("--publish-topic", o->stats.publish_topic, "where to publish (default " + statistics + ")");
        stats->add_flag("--json", o->json, "print the health table as JSON at the end");
        const auto costmap_topic = nodes::CostmapNode::spec().outputs.front().topic;
        addCostmapNodeOptions(
            *addLive(app, *o, "costmap", "terrain costmap published on " + costmap_topic + diagnostics), o->costmap);
        const auto &status = nodes::LostNode::spec().outputs.front();
        CLI::App *lost = addLive(app, *o, "lost", "lost detector: " + status.topic + " (transient local)");
        addLostTopicOptions(*lost, o->lost);
        lost->add_flag("--json", o->json, "machine-readable summary at the end");
        CLI::App *record = addLive(app, *o, "record", "record topics into an MCAP (ROS 2 bag)");
        record->add_option("-o,--output", o->record.output, "MCAP file to write")
            ->required()
            ->check(writesExtensions({".mcap"}));
        record->add_option("--topics", o->record.topics, "only these topics (comma separated; default all)")
            ->delimiter(',');
        record->add_option("--compression", o->record.compression, "zstd (default), lz4 or none");
        CLI::App *list = addLive(app, *o, "list", "ROS 2 topics and types visible on the domain");
        list->add_flag("--all", o->all, "also list DDS topics that are not ROS 2 topics");
        list->add_flag("--json", o->json, "JSON output");
        return [o, &app]() -> int {
            return app.get_subcommands().empty() ? 2 : runLive(app.get_subcommands().front()->get_name(), *o);
        };
    },
    80);

}  // namespace
}  // namespace robometrics::app
