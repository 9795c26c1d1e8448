#include "robometrics/sim/SimulateRun.hpp"

#include <optional>

#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

Result<RecordResult> simulateRun(const SimulateOptions &options) {
    std::optional<msgs::OccupancyGrid> map;
    if (!options.map.empty()) {
        auto loaded = io::readMapServerMap(options.map);
        if (!loaded) return loaded.error();
        map = std::move(loaded.value());
    }
    auto spec = makeScenario(options.scenario, options.duration_s, options.seed, map);
    if (!spec) return options.map.empty() ? spec.error() : withContext(options.map, spec.error());
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return compression.error();

    Simulator simulator(std::move(spec.value()), options.seed);
    RecordOptions record_options;
    record_options.compression = compression.value();
    record_options.progress = options.progress;
    return record(simulator, options.out_dir, record_options);
}

}  // namespace robometrics::sim
