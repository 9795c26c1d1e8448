#pragma once
// scenario.json: what was simulated and what an analysis of the run should find (the truth
// the bag is judged against). Pure: builds the JSON, the recorder writes it.

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/sim/KilledRecorder.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

/// Names of the files written next to each other in the output directory.
struct OutputFiles {
    std::string bag = "run.mcap";
    std::string gt_map = "gt_map";  ///< base name: gt_map.pgm + gt_map.yaml
    std::string gt_trajectory = "gt_trajectory.tum";
    std::string scenario = "scenario.json";
};

/// The report of a finished run; `message_counts` per topic as written to the bag; `kill` the
/// recorder's kill when the bag was cut (--kill-recorder-at).
nlohmann::json scenarioReport(const Simulator &sim, const std::map<std::string, std::uint64_t> &message_counts,
                              const OutputFiles &files = {}, const RecorderKill *kill = nullptr);

/// The verdict `robometrics evaluate` must give on a run with these events and topics:
/// potential_failure when an event carries an anomaly, else inconclusive when no LaserScan topic
/// was recorded (collisions cannot be checked), else ok.
std::string expectedVerdict(const std::vector<Event> &events, const std::vector<SimTopic> &topics);

}  // namespace robometrics::sim
