// robometrics lost-train BAG --labels FILE [--pose-topic /amcl_pose] [--params FILE.yaml]
//                            [-p name:=value]... [-o PARAMS.yaml] [--json]
// Fits the lost detector's classifier (slice_mu, slice_sigma and the prior) from a labelled run
// (CSV "start,end" seconds, or the simulator's scenario.json), writes a params file for the
// node, and scores the detector before and after the fit (nodes/BagRuns). docs/lost.md.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/nodes/BagRuns.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kLostTrainCommand = "lost-train";

int runLostTrain(const LostInputOptions &in, const std::string &output, bool json) {
    if (auto code = checkUsage(kLostTrainCommand, in.overrides)) return *code;
    auto config = lostConfig(kLostTrainCommand, in);
    if (!config) return fail(kLostTrainCommand, config.error());
    return printRun(kLostTrainCommand,
                    nodes::runLostTrain(bagRun(kLostTrainCommand, in.bag, json, true), {*config, in.labels, output}));
}

const RegisterCommand kLostTrainRegistration(
    "lost-train", "Fit the lost detector's classifier from a labelled run",
    [](CLI::App &app) {
        auto in = std::make_shared<LostInputOptions>();
        auto output = std::make_shared<std::string>();
        auto json = std::make_shared<bool>(false);
        addLostInputOptions(app, *in);
        app.add_option("--labels", in->labels, "true lost intervals: CSV start,end seconds, or scenario.json")
            ->required();
        app.add_option(
               "-o,--output", *output,
               fmt::format("write the fitted parameters as a params file (node {})", nodes::LostNode::spec().name))
            ->check(writesExtensions({".yaml", ".yml"}));
        app.add_flag("--json", *json, "machine-readable result on stdout");
        return [in, output, json] { return runLostTrain(*in, *output, *json); };
    },
    62);

}  // namespace
}  // namespace robometrics::app
