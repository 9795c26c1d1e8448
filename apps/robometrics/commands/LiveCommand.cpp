// robometrics live <traversal|topic-stats|costmap|lost|record|list> [options]
// The seed-system nodes on a live ROS 2 system over DDS, no ROS installed (live/LiveNodeRuns):
// the same nodes as the offline commands, fed by a DdsSource, publishing their results as ROS 2
// topics. Each runs until Ctrl-C or --duration, then flushes its files and exits 0. docs/live.md.

#include "Command.hpp"
#include "LiveCli.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"

namespace robometrics::app {
namespace {

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

const RegisterCommand kLiveRegistration(
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
        stats->add_option("--spec", o->stats_spec,
                          "recording contract (docs/check.md): every window, one status per rule on " +
                              std::string(msgs::kDiagnosticsTopic) + " (OK, WARN, ERROR)");
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
            return app.get_subcommands().empty() ? 2 : runLiveCommand(app.get_subcommands().front()->get_name(), *o);
        };
    },
    80);

}  // namespace
}  // namespace robometrics::app
