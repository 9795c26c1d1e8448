#include "robometrics/sim/SimulateRun.hpp"

#include <algorithm>
#include <optional>

#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/sim/FleetRecorder.hpp"
#include "robometrics/sim/NavScenarios.hpp"
#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

namespace {

Result<RunProfile> runProfile(const SimulateOptions &options) {
    RunProfile profile;
    if (!options.robot.empty()) {
        profile.robot = parseRobot(options.robot);
        if (!profile.robot) return Error{"unknown robot \"" + options.robot + "\" (expected rover or turtlebot3)"};
    }
    const auto clock = parseClock(options.clock);
    if (!clock) return Error{"unknown clock \"" + options.clock + "\" (expected wall or gazebo)"};
    profile.clock.kind = *clock;
    if (!(options.real_time_factor >= 0.05 && options.real_time_factor <= 10))
        return Error{"real-time factor " + std::to_string(options.real_time_factor) + " outside 0.05 .. 10"};
    profile.clock.real_time_factor = options.real_time_factor;
    const auto recorder = parseRecorder(options.recorder);
    if (!recorder) return Error{"unknown recorder \"" + options.recorder + "\" (expected plain or batched)"};
    profile.recorder = *recorder;
    const auto sensors = parseSensorProfile(options.sensors);
    if (!sensors) return Error{"unknown sensor profile \"" + options.sensors + "\" (expected standard or heavy)"};
    profile.sensors = *sensors;
    return profile;
}

}  // namespace

Result<RecordResult> simulateRun(const SimulateOptions &options) {
    auto profile = runProfile(options);
    if (!profile) return profile.error();
    std::optional<msgs::OccupancyGrid> map;
    if (!options.map.empty()) {
        auto loaded = io::readMapServerMap(options.map);
        if (!loaded) return loaded.error();
        map = std::move(loaded.value());
    }
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return compression.error();
    RecordOptions record_options;
    record_options.compression = compression.value();
    record_options.progress = options.progress;
    record_options.kill_recorder_at_s = options.kill_recorder_at_s;
    const auto &fleets = fleetScenarioNames();
    if (std::find(fleets.begin(), fleets.end(), options.scenario) != fleets.end()) {
        if (map)
            return Error{"scenario '" + options.scenario + "' runs in the built-in office world: --map does not apply"};
        auto robots = makeFleet(options.scenario, options.duration_s, profile.value());
        if (!robots) return robots.error();
        Fleet fleet(std::move(robots.value()), options.seed);
        return recordFleet(fleet, options.out_dir, record_options);
    }
    auto spec = makeScenario(options.scenario, options.duration_s, options.seed, map, profile.value());
    if (!spec) return options.map.empty() ? spec.error() : withContext(options.map, spec.error());
    if (options.kill_recorder_at_s && !(*options.kill_recorder_at_s >= 0 && *options.kill_recorder_at_s <= 86400))
        return Error{"kill time " + std::to_string(*options.kill_recorder_at_s) + " s outside 0 .. 86400"};

    Simulator simulator(std::move(spec.value()), options.seed);
    return record(simulator, options.out_dir, record_options);
}

}  // namespace robometrics::sim
