#pragma once
// `robometrics simulate` (docs/simulate.md): builds a scenario, on the built-in world or on a
// map_server map, with the robot, clock, recorder and sensor profiles asked for, and records its
// run into one output directory (sim/Recorder.hpp).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/sim/Recorder.hpp"
#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

struct SimulateOptions {
    std::string scenario = "office";   ///< one of scenarioNames()
    double duration_s = 0;             ///< <= 0: the scenario's default
    std::uint64_t seed = 1;            ///< noise seed: the same seed gives the same bytes
    std::string map;                   ///< map_server YAML to use as the world; empty: the built-in one
    std::string out_dir;               ///< created if missing
    std::string compression = "zstd";  ///< MCAP chunk compression: zstd, lz4 or none
    std::string robot;                 ///< one of robotNames(); empty: the scenario's own
    std::string clock = "wall";        ///< one of clockNames()
    double real_time_factor = 0.6;     ///< simulated / wall seconds under --clock gazebo (0.05 .. 10)
    std::string recorder = "plain";    ///< one of recorderNames()
    std::string sensors = "standard";  ///< one of sensorProfileNames()
    /// Kill the recorder this many seconds of log time after the first message: the bag ends
    /// mid-chunk (sim/KilledRecorder.hpp); empty: a complete bag.
    std::optional<double> kill_recorder_at_s;
    /// Called now and then with the fraction simulated (for a progress bar); may be empty.
    std::function<void(double)> progress;
};

/// Errors name the map file when the scenario cannot be drawn on it, or the bad profile value.
Result<RecordResult> simulateRun(const SimulateOptions &options);

}  // namespace robometrics::sim
