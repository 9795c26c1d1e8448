// robometrics lost BAG [--pose-topic /amcl_pose] [--params FILE.yaml] [-p name:=value]...
//                      [-o OUT.mcap] [--labels FILE] [--json]
// The lost detector of the Kuri robot (seed lost-detector.md) over a bag: classifies every AMCL
// pose (Gaussian Naive Bayes on the covariance's major-axis std and yaw std), applies the
// normal / confused / lost tiers and resets, writes /lost_detector/status and
// /lost_detector/probability per input, and summarises the timeline and the episodes.

#include <fmt/format.h>

#include <memory>
#include <optional>

#include "Command.hpp"
#include "LostCommandSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics::app {
namespace {

using localization::LostStatus;

struct LostOptions {
    LostInputOptions input;
    std::string output;
    bool json = false;
};

Status writeOutputs(const std::string &path, const localization::LostRun &run) {
    auto writer = bag::TypedWriter::open(path);
    if (!writer) return withContext(path, writer.error());
    for (const auto &r : run.readings) {
        ROBOMETRICS_TRY(writer->write("/lost_detector/status", lostStatusMessage(r), r.time));
        ROBOMETRICS_TRY(writer->write("/lost_detector/probability", lostProbabilityMessage(r), r.time));
    }
    Status closed = writer->close();
    if (!closed.ok()) return withContext(path, closed.error());
    return Status::Ok();
}

nlohmann::json runJson(const localization::LostRun &run, TimeNs t0) {
    const auto &e = run.episodes;
    nlohmann::json timeline = nlohmann::json::array();
    for (const auto &c : e.timeline()) {
        timeline.push_back({{"t_s", toSeconds(c.time - t0)}, {"time_ns", c.time},
                            {"status", std::string(localization::toString(c.status))}});
    }
    nlohmann::json episodes = nlohmann::json::array();
    for (const auto &ep : e.episodes()) {
        episodes.push_back({{"start_s", toSeconds(ep.start - t0)},
                            {"end_s", toSeconds(ep.end - t0)},
                            {"duration_s", ep.durationSeconds()},
                            {"worst", std::string(localization::toString(ep.worst))},
                            {"peak_probability", ep.peak_probability},
                            {"open", ep.open}});
    }
    return {{"readings", e.readings()},
            {"invalid", e.invalid()},
            {"status_counts", {{"normal", e.countOf(LostStatus::Normal)},
                               {"confused", e.countOf(LostStatus::Confused)},
                               {"lost", e.countOf(LostStatus::Lost)}}},
            {"timeline", timeline},
            {"episodes", episodes}};
}

void printRun(const std::string &bag, const std::string &topic, const localization::LostRun &run, TimeNs t0) {
    const auto &e = run.episodes;
    fmt::print("Lost detector: {} ({} readings on {}, {} invalid)\n", bag, e.readings(), topic, e.invalid());
    fmt::print("  readings        normal {}, confused {}, lost {}\n", e.countOf(LostStatus::Normal),
               e.countOf(LostStatus::Confused), e.countOf(LostStatus::Lost));
    fmt::print("  timeline       ");
    for (const auto &c : e.timeline()) fmt::print(" {:.2f} s {} |", toSeconds(c.time - t0), localization::toString(c.status));
    fmt::print("\n  episodes        {}\n", e.episodes().empty() ? "none" : fmt::format("{}", e.episodes().size()));
    for (const auto &ep : e.episodes()) {
        fmt::print("    {:>9.2f} - {:>9.2f} s  {:>7.2f} s  worst {:<8} peak P(lost) {:.3f}{}\n", toSeconds(ep.start - t0),
                   toSeconds(ep.end - t0), ep.durationSeconds(), localization::toString(ep.worst), ep.peak_probability,
                   ep.open ? "  (still open at the end)" : "");
    }
}

int runLost(const LostOptions &o) {
    const char *cmd = "lost";
    auto config = loadLostConfig(o.input, cmd);
    if (!config) return fail(cmd, config.error());
    std::optional<localization::LostLabels> labels;
    if (!o.input.labels.empty()) {
        auto l = loadLostLabels(o.input.labels);
        if (!l) return fail(cmd, l.error());
        labels = std::move(*l);
    }
    auto events = readPoseEvents(o.input.bag, *config);
    if (!events) return fail(cmd, events.error());
    const localization::LostRun run = localization::replay(*events, *config);
    if (!o.output.empty()) {
        Status s = writeOutputs(o.output, run);
        if (!s.ok()) return fail(cmd, s.error());
    }
    const TimeNs t0 = events->empty() ? 0 : events->front().time;
    std::optional<localization::DetectionScore> score;
    if (labels) score = localization::scoreDetections(run.readings, *labels);
    if (o.json) {
        nlohmann::json j = runJson(run, t0);
        j["start_time_ns"] = t0;
        if (score) j["score"] = scoreJson(*score);
        fmt::print("{}\n", j.dump(2));
    } else {
        printRun(o.input.bag, config->pose_topic, run, t0);
        if (score) printScore(*score);
        if (!o.output.empty()) fmt::print("  wrote           {} (/lost_detector/status, /lost_detector/probability)\n", o.output);
    }
    return 0;
}

const RegisterCommand kRegister("lost", "Localization lost/confused/normal from AMCL covariance", [](CLI::App &app) {
    auto o = std::make_shared<LostOptions>();
    addLostInputOptions(app, o->input);
    app.add_option("-o,--output", o->output, "write /lost_detector/status and /lost_detector/probability into this MCAP");
    app.add_option("--labels", o->input.labels, "true lost intervals (CSV start,end seconds, or scenario.json) to score against");
    app.add_flag("--json", o->json, "machine-readable summary on stdout");
    return [o] { return runLost(*o); };
}, 61);

}  // namespace
}  // namespace robometrics::app
