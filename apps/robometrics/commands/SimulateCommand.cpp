// robometrics simulate --scenario office|terrain|kidnap|stuck [--duration S] [--seed N]
//                      [--map MAP.yaml] [--compression zstd|lz4|none] [--json] -o OUT_DIR
// Generates a deterministic rover run with a known truth: OUT_DIR/run.mcap (a ROS 2 bag),
// gt_map.pgm + gt_map.yaml, gt_trajectory.tum and scenario.json (the injected events and what
// an analysis should find). Same scenario and seed, same bytes.

#include <fmt/format.h>
#include <unistd.h>

#include <memory>
#include <optional>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/ProgressBar.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/sim/Recorder.hpp"
#include "robometrics/sim/Scenario.hpp"

namespace robometrics::app {
namespace {

struct SimulateOptions {
    std::string scenario = "office";
    double duration_s = 0;
    std::uint64_t seed = 1;
    std::string map;
    std::string out_dir;
    std::string compression = "zstd";
    bool json = false;
};

void printHuman(const std::string &out_dir, const nlohmann::json &report) {
    std::uint64_t total = 0;
    for (const auto &t : report["topics"]) total += t["messages"].get<std::uint64_t>();
    fmt::print("Scenario:     {} (seed {}, {} s): {}\n", report["scenario"].get<std::string>(),
               report["seed"].get<std::uint64_t>(), report["duration_s"].get<double>(),
               report["description"].get<std::string>());
    fmt::print("Output:       {}/\n", out_dir);
    fmt::print("  {:<20} {} messages on {} topics\n", report["files"]["bag"].get<std::string>(), total,
               report["topics"].size());
    fmt::print("  {:<20} true map (map_server)\n", report["files"]["gt_map"].get<std::string>());
    fmt::print("  {:<20} true trajectory (TUM, {} m path)\n", report["files"]["gt_trajectory"].get<std::string>(),
               report["truth"]["path_length_m"].get<double>());
    fmt::print("  {:<20} events and expected outcomes\n", "scenario.json");
    fmt::print("Events:{}\n", report["events"].empty() ? " none" : "");
    for (const auto &e : report["events"]) {
        fmt::print("  {:>7.2f} - {:>7.2f} s  {:<15} {}\n", e["t_start"].get<double>(), e["t_end"].get<double>(),
                   e["type"].get<std::string>(), e["expected"].get<std::string>());
    }
}

int runSimulate(const SimulateOptions &options) {
    std::optional<msgs::OccupancyGrid> map;
    if (!options.map.empty()) {
        auto loaded = io::readMapServerMap(options.map);
        if (!loaded) return fail("simulate", loaded.error());
        map = std::move(loaded.value());
    }
    auto spec = sim::makeScenario(options.scenario, options.duration_s, options.seed, map);
    if (!spec) return fail("simulate", options.map.empty() ? spec.message() : options.map + ": " + spec.message());
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return fail("simulate", compression.error());

    sim::Simulator simulator(std::move(spec.value()), options.seed);
    ProgressBar progress(isatty(STDERR_FILENO) != 0);
    sim::RecordOptions record_options;
    record_options.compression = compression.value();
    record_options.progress = [&](double fraction) { progress.update("simulating", fraction); };
    auto result = sim::record(simulator, options.out_dir, record_options);
    progress.finish();
    if (!result) return fail("simulate", result.error());
    if (options.json)
        fmt::print("{}\n", result->report.dump(2));
    else
        printHuman(options.out_dir, result->report);
    return 0;
}

const RegisterCommand kRegister(
    "simulate", "Generate a deterministic rover run (bag + true map, trajectory and events)",
    [](CLI::App &app) {
        auto options = std::make_shared<SimulateOptions>();
        app.add_option("--scenario", options->scenario, "office, terrain, kidnap or stuck")
            ->check(CLI::IsMember(sim::scenarioNames()))
            ->capture_default_str();
        app.add_option("--duration", options->duration_s,
                       "simulated seconds (default: office 90, terrain 120, kidnap 90, stuck 60)")
            ->check(CLI::Range(0.1, 86400.0));
        app.add_option("--seed", options->seed, "noise seed: the same seed gives the same bytes")
            ->capture_default_str();
        app.add_option("--map", options->map, "map_server YAML to use as the world instead of the built-in one")
            ->check(CLI::ExistingFile);
        app.add_option("--compression", options->compression, "MCAP chunk compression: zstd, lz4 or none")
            ->check(CLI::IsMember({"zstd", "lz4", "none"}))
            ->capture_default_str();
        app.add_flag("--json", options->json, "print scenario.json on stdout instead of the summary");
        app.add_option("-o,--output", options->out_dir, "output directory (created if missing)")->required();
        return [options] { return runSimulate(*options); };
    },
    60);

}  // namespace
}  // namespace robometrics::app
