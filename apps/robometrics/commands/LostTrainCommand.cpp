// robometrics lost-train BAG --labels FILE [--pose-topic /amcl_pose] [--params FILE.yaml]
//                            [-p name:=value]... [-o PARAMS.yaml] [--json]
// Fits the lost detector's classifier (slice_mu, slice_sigma and the prior) from a labelled run
// (CSV "start,end" seconds, or the simulator's scenario.json), writes a params file for node
// lost_detector, and scores the detector before and after the fit (precision, recall, latency).

#include <fmt/format.h>

#include <memory>

#include "Command.hpp"
#include "LostCommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::app {
namespace {

struct LostTrainOptions {
    LostInputOptions input;
    std::string output;
    bool json = false;
};

int runLostTrain(const LostTrainOptions &o) {
    const char *cmd = "lost-train";
    auto config = loadLostConfig(o.input, cmd);
    if (!config) return fail(cmd, config.error());
    auto labels = loadLostLabels(o.input.labels);
    if (!labels) return fail(cmd, labels.error());
    auto events = readPoseEvents(o.input.bag, *config);
    if (!events) return fail(cmd, events.error());
    std::vector<localization::LabelledFeatures> samples;
    for (const auto &e : *events) {
        if (e.reset || !e.features.valid) continue;
        samples.push_back({e.features.xy_std, e.features.yaw_std, labels->isLost(e.time)});
    }
    auto fit = localization::fitClassifier(samples, *config);
    if (!fit) return fail(cmd, o.input.bag + ": " + fit.message());
    const auto before = localization::scoreDetections(localization::replay(*events, *config).readings, *labels);
    const auto after = localization::scoreDetections(localization::replay(*events, fit->config).readings, *labels);
    const std::string yaml = fit->config.toYaml();
    if (!o.output.empty()) {
        if (Status s = writeFileAtomically(o.output, yaml); !s.ok()) return fail(cmd, s.error());
    }
    const auto &c = fit->config;
    if (o.json) {
        nlohmann::json j = {{"normal_readings", fit->normal_count},
                            {"lost_readings", fit->lost_count},
                            {"tier0_normal_prior", c.tier0_normal_prior},
                            {"slice_mu", c.slice_mu},
                            {"slice_sigma", c.slice_sigma},
                            {"score_before", scoreJson(before)},
                            {"score_after", scoreJson(after)}};
        fmt::print("{}\n", j.dump(2));
        return 0;
    }
    fmt::print("Lost detector training: {} ({} normal and {} lost readings, {} labelled intervals)\n", o.input.bag,
               fit->normal_count, fit->lost_count, labels->intervals().size());
    fmt::print("  slice_mu        [{:.4f}, {:.4f}, {:.4f}, {:.4f}]\n", c.slice_mu[0], c.slice_mu[1], c.slice_mu[2],
               c.slice_mu[3]);
    fmt::print("  slice_sigma     [{:.4f}, {:.4f}, {:.4f}, {:.4f}]\n", c.slice_sigma[0], c.slice_sigma[1],
               c.slice_sigma[2], c.slice_sigma[3]);
    fmt::print("  prior P(normal) {:.4f}\n", c.tier0_normal_prior);
    fmt::print("Before (given parameters):\n");
    printScore(before);
    fmt::print("After (fitted parameters):\n");
    printScore(after);
    if (o.output.empty()) {
        fmt::print("\n{}", yaml);
    } else {
        fmt::print("  wrote           {}\n", o.output);
    }
    return 0;
}

const RegisterCommand kRegister("lost-train", "Fit the lost detector's classifier from a labelled run", [](CLI::App &app) {
    auto o = std::make_shared<LostTrainOptions>();
    addLostInputOptions(app, o->input);
    app.add_option("--labels", o->input.labels, "true lost intervals: CSV start,end seconds, or scenario.json")->required();
    app.add_option("-o,--output", o->output, "write the fitted parameters as a params file (node lost_detector)");
    app.add_flag("--json", o->json, "machine-readable result on stdout");
    return [o] { return runLostTrain(*o); };
}, 62);

}  // namespace
}  // namespace robometrics::app
