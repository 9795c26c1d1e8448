#include "robometrics/sim/Recorder.hpp"

#include <cmath>
#include <filesystem>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

namespace robometrics::sim {

namespace fs = std::filesystem;

Result<std::map<std::string, std::uint64_t>> writeRunBag(const std::string &bag_path, const TickSource &source,
                                                         const RecordOptions &options) {
    bag::McapWriterOptions writer_options;
    writer_options.compression = options.compression;
    auto writer = bag::TypedWriter::open(bag_path, writer_options);
    if (!writer) return withContext(bag_path, writer.error());
    // rosbag2 records one offered QoS profile per publisher (three nodes publish /tf on a Nav2 robot).
    for (const SimTopic &t : source.topics)
        if (t.publishers > 1) writer->declarePublishers(t.name, t.publishers);

    std::map<std::string, std::uint64_t> counts;
    std::vector<SimOutput> batch;
    const std::int64_t report_every = std::max<std::int64_t>(1, source.ticks / 100);
    for (std::int64_t tick = 0; !source.done(); ++tick) {
        source.step(batch);
        for (const SimOutput &out : batch) {
            Status status = std::visit(
                [&](const auto &msg) { return writer->write(out.topic, msg, out.time, out.latched); }, out.message);
            if (!status.ok()) return withContext(bag_path, status.error());
            ++counts[out.topic];
        }
        if (options.progress && tick % report_every == 0)
            options.progress(static_cast<double>(tick) / static_cast<double>(source.ticks));
    }
    ROBOMETRICS_TRY(writer->close());
    return counts;
}

Result<RecordResult> record(Simulator &sim, const std::string &out_dir, const RecordOptions &options) {
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) return Error{out_dir + ": cannot create the output directory: " + ec.message()};
    const fs::path dir(out_dir);
    const std::string bag_path = (dir / options.files.bag).string();
    TickSource source{sim.topics(), sim.ticks(), [&] { return sim.done(); }, [&](auto &out) { sim.step(out); }};
    auto counts = writeRunBag(bag_path, source, options);
    if (!counts) return counts.error();
    RecordResult result;
    result.message_counts = std::move(counts.value());
    std::optional<RecorderKill> kill;
    if (options.kill_recorder_at_s) {
        auto cut = killRecorder(bag_path, sim.startTime() + std::llround(*options.kill_recorder_at_s * kNsPerSecond));
        if (!cut) return cut.error();
        kill = cut.value();
    }

    ROBOMETRICS_TRY(io::writeMapServerMap(sim.spec().world.map.toMessage(), (dir / options.files.gt_map).string()));
    ROBOMETRICS_TRY(io::writeTumFile((dir / options.files.gt_trajectory).string(), sim.groundTruth()));

    result.report = scenarioReport(sim, result.message_counts, options.files, kill ? &*kill : nullptr);
    ROBOMETRICS_TRY(writeFileAtomically((dir / options.files.scenario).string(), result.report.dump(2) + "\n"));
    return result;
}

}  // namespace robometrics::sim
