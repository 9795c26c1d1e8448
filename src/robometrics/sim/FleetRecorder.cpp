#include "robometrics/sim/FleetRecorder.hpp"

#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/sim/FleetReport.hpp"

namespace robometrics::sim {

namespace fs = std::filesystem;

Result<RecordResult> recordFleet(Fleet &fleet, const std::string &out_dir, const RecordOptions &options) {
    if (options.kill_recorder_at_s) return Error{"--kill-recorder-at does not apply to a multi-robot scenario"};
    const fs::path dir(out_dir);
    std::error_code ec;
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        fs::create_directories(dir / fs::path(fleetTrajectoryFile(i, options.files)).parent_path(), ec);
        if (ec) return Error{out_dir + ": cannot create the output directory: " + ec.message()};
    }
    const std::string bag_path = (dir / options.files.bag).string();
    TickSource source{fleet.topics(), fleet.ticks(), [&] { return fleet.done(); }, [&](auto &out) { fleet.step(out); }};
    auto counts = writeRunBag(bag_path, source, options);
    if (!counts) return counts.error();

    // The robots share the world: one true map.
    ROBOMETRICS_TRY(
        io::writeMapServerMap(fleet.robot(0).spec().world.map.toMessage(), (dir / options.files.gt_map).string()));
    for (std::size_t i = 0; i < fleet.size(); ++i)
        ROBOMETRICS_TRY(
            io::writeTumFile((dir / fleetTrajectoryFile(i, options.files)).string(), fleet.robot(i).groundTruth()));
    RecordResult result;
    result.message_counts = std::move(counts.value());
    result.report = fleetReport(fleet, result.message_counts, options.files);
    ROBOMETRICS_TRY(writeFileAtomically((dir / options.files.scenario).string(), result.report.dump(2) + "\n"));
    return result;
}

}  // namespace robometrics::sim
