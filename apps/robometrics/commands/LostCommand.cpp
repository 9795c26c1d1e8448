// robometrics lost BAG [--pose-topic T] [--params FILE] [-p k:=v] [-o OUT.mcap] [--labels FILE] [--json]
//                      [--strict]
// The lost detector of the Kuri robot over a bag (nodes/BagRuns): every AMCL pose classified,
// the node's status and probability per reading into an MCAP, the timeline and the episodes,
// and a score against labelled lost intervals. docs/lost.md.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/nodes/BagRuns.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kLostCommand = "lost";

int runLost(const LostInputOptions &in, const std::string &output, bool json, bool strict) {
    if (auto code = checkUsage(kLostCommand, in.overrides)) return *code;
    auto config = lostConfig(kLostCommand, in);
    if (!config) return fail(kLostCommand, config.error());
    return printRun(kLostCommand,
                    nodes::runLost(bagRun(kLostCommand, in.bag, json, strict), {*config, output, in.labels}));
}

const RegisterCommand kLostRegistration(
    "lost", "Localization lost/confused/normal from AMCL covariance",
    [](CLI::App &app) {
        auto in = std::make_shared<LostInputOptions>();
        auto output = std::make_shared<std::string>();
        auto json = std::make_shared<bool>(false);
        addLostInputOptions(app, *in);
        app.add_option(
               "-o,--output", *output,
               fmt::format("write {} into this MCAP", fmt::join(nodes::LostNode::spec().outputTopics(), " and ")))
            ->check(writesExtensions({".mcap"}));
        app.add_option("--labels", in->labels,
                       "true lost intervals (CSV start,end seconds, or scenario.json) to score against");
        app.add_flag("--json", *json, "machine-readable summary on stdout");
        auto strict = std::make_shared<bool>(false);
        addStrictOption(app, *strict);
        return [in, output, json, strict] { return runLost(*in, *output, *json, *strict); };
    },
    61);

}  // namespace
}  // namespace robometrics::app
