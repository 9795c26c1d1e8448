#pragma once
// What `robometrics live ...` parsed, and the function that runs it. The options are declared in
// LiveCommand.cpp, compiled into both programs; the run is in live-helper/LiveRun.cpp, linked only
// into robometrics-live, the program that links Fast DDS. robometrics itself links
// LiveHelperExec.cpp instead, which hands the command line to robometrics-live (docs/install.md,
// "What is loaded when"): no other command loads Fast DDS.

#include <string>

#include "NodeOptions.hpp"
#include "robometrics/live/LiveNodeRuns.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"

namespace robometrics::app {

/// The options of every live subcommand.
struct LiveCli {
    live::SessionOptions session;
    bool json = false, all = false;
    TraversalNodeOptions traversal;
    live::LiveTraversal traversal_run;
    live::LiveTopicStats stats{{}, 1.0, false, nodes::TopicStatsNode::spec().outputs.front().topic, {}};
    std::string stats_spec;  ///< topic-stats --spec: read into stats.contract before DDS is joined
    CostmapNodeOptions costmap;
    live::LiveCostmap costmap_run;
    LostInputOptions lost;
    localization::LostDetectorConfig lost_config;
    live::LiveRecord record;
};

/// Runs `robometrics live <name>` with the options parsed into `o`; returns the exit code.
int runLiveCommand(const std::string &name, LiveCli &o);

}  // namespace robometrics::app
