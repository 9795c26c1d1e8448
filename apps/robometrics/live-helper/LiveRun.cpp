// robometrics live <subcommand>, run: the node's config from its params, the DDS session, the
// node on it (live/LiveNodeRuns), its summary. Linked only into robometrics-live (LiveCli.hpp).

#include "../commands/LiveCli.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/io/ContractSpecFile.hpp"

namespace robometrics::app {
namespace {

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

}  // namespace

int runLiveCommand(const std::string &name, LiveCli &o) {
    const std::string cmd = "live " + name;
    Status usable = name == "topic-stats" ? nodes::TopicStatsNode::checkWindow(o.stats.window_s)
                    : name == "record"    ? bag::parseCompression(o.record.compression).status()
                                          : Status::Ok();
    if (!usable.ok()) return usage(cmd, usable);
    if (name == "topic-stats" && !o.stats_spec.empty()) {  // a bad spec is bad usage, refused before DDS
        auto contract = io::readContractSpec(o.stats_spec);
        if (!contract) return usage(cmd, contract.error());
        o.stats.contract = std::move(*contract);
    }
    pipeline::Remaps remaps;
    if (auto code = checkUsage(cmd, o.traversal.overrides, o.traversal.remaps, &remaps)) return *code;
    for (const auto *overrides : {&o.costmap.overrides, &o.lost.overrides}) {
        if (auto code = checkUsage(cmd, *overrides)) return *code;
    }
    o.traversal_run.inputs = nodes::resolveTopics(nodes::TraversalNode::spec(), remaps);
    if (Status s = configure(name, o); !s.ok()) return fail(cmd, s.error());
    if (name == "list" && o.session.duration_s <= 0) o.session.duration_s = 3.0;  // discovery needs a moment
    auto session = live::openSession(o.session);
    if (!session) return fail(cmd, session.error());
    const live::LiveRun run{&*session, o.session,
                            [cmd](const std::string &line) { fmt::print(stderr, "robometrics {}: {}\n", cmd, line); },
                            o.json || o.traversal.json || o.costmap.json};
    for (const std::string &notice : session->transport->notices()) run.log(notice);  // once, at the start
    auto text = runSubcommand(name, o, run);
    if (!text) return fail(cmd, text.error());
    fmt::print("{}", *text);
    return 0;
}

}  // namespace robometrics::app
