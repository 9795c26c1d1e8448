#pragma once
// Runs a simulation to the end and writes everything into one output directory: the MCAP bag
// (through TypedWriter), the true map (map_server PGM + YAML), the true trajectory (TUM) and
// scenario.json. The only part of the simulator that touches files.

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/sim/ScenarioReport.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

struct RecordOptions {
    OutputFiles files;
    bag::Compression compression = bag::Compression::Zstd;
    /// Called now and then with the fraction simulated (for a progress bar); may be empty.
    std::function<void(double)> progress;
    /// Seconds of log time after the first message at which the recorder is killed: the bag is
    /// cut mid-chunk there (sim/KilledRecorder.hpp); empty: it closes normally.
    std::optional<double> kill_recorder_at_s;
};

struct RecordResult {
    std::map<std::string, std::uint64_t> message_counts;
    nlohmann::json report;
};

/// A run to record tick by tick: its topics, its length, and the step handing out a tick's
/// messages (a Simulator's, or a Fleet's).
struct TickSource {
    std::vector<SimTopic> topics;
    std::int64_t ticks = 1;
    std::function<bool()> done;
    std::function<void(std::vector<SimOutput> &)> step;
};

/// Steps `source` to its end, writing every message into the MCAP bag `bag_path` (with
/// `options.compression`, reporting `options.progress`): the messages written per topic.
Result<std::map<std::string, std::uint64_t>> writeRunBag(const std::string &bag_path, const TickSource &source,
                                                         const RecordOptions &options);

/// Simulates `sim` to the end and writes the files into `out_dir` (created if missing).
Result<RecordResult> record(Simulator &sim, const std::string &out_dir, const RecordOptions &options = {});

}  // namespace robometrics::sim
