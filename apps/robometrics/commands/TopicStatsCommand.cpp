// robometrics topic-stats BAG [--window 1.0] [--topics a,b] [--json] [--rclcpp-period]
//                             [-o FILE.mcap|FILE.csv] [--strict]
// ROS 2 topic statistics over a bag's log time (nodes/BagRuns): the windows as
// statistics_msgs/MetricsMessage (MCAP) or CSV, and a whole-run health table. docs/topic-stats.md.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/nodes/BagRuns.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TopicStatsWindows.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kTopicStatsCommand = "topic-stats";

int runTopicStats(const std::string &bag, bool json, bool strict, bool quiet, const nodes::TopicStatsBagRun &t) {
    if (Status s = nodes::TopicStatsNode::checkWindow(t.window_s); !s.ok()) return usage(kTopicStatsCommand, s);
    if (auto output = nodes::TopicStatsWindows::forOutput(t.output); !output)
        return usage(kTopicStatsCommand, output.status());
    return printRun(kTopicStatsCommand, nodes::runTopicStats(bagRun(kTopicStatsCommand, bag, json, strict, !quiet), t));
}

const RegisterCommand kTopicStatsRegistration(
    kTopicStatsCommand, "Per-topic message age and period per window (ROS 2 topic statistics) and a health table",
    [](CLI::App &app) {
        auto bag = std::make_shared<std::string>();
        auto json = std::make_shared<bool>(false);
        auto t = std::make_shared<nodes::TopicStatsBagRun>();
        app.add_option("BAG", *bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("--window", t->window_s, "statistics window (publish period) in seconds of bag time");
        app.add_option("--topics", t->topics, "only these topics (comma separated)")->delimiter(',');
        app.add_flag("--json", *json, "print the health table as JSON");
        app.add_flag("--rclcpp-period", t->rclcpp_period,
                     "measure the period across window boundaries, as rclcpp really does");
        app.add_option("-o,--output", t->output, "write the windows: FILE.mcap (/statistics) or FILE.csv")
            ->check(writesExtensions({".mcap", ".csv"}));
        auto strict = std::make_shared<bool>(false);
        addStrictOption(app, *strict);
        auto quiet = std::make_shared<bool>(false);
        addQuietOption(app, *quiet);
        return [bag, json, strict, quiet, t] { return runTopicStats(*bag, *json, *strict, *quiet, *t); };
    },
    41);

}  // namespace
}  // namespace robometrics::app
