// robometrics simulate [--scenario NAME] [--robot rover|turtlebot3] [--clock wall|gazebo]
//                      [--real-time-factor F] [--recorder plain|batched] [--sensors standard|heavy]
//                      [--duration S] [--seed N] [--map MAP.yaml] [--compression zstd|lz4|none]
//                      [--kill-recorder-at S] [--json] -o OUT_DIR

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/ProgressBar.hpp"
#include "robometrics/sim/ScenarioSummary.hpp"
#include "robometrics/sim/SimulateRun.hpp"

namespace robometrics::app {
namespace {

const RegisterCommand kSimulateRegistration(
    "simulate", "Generate a deterministic rover run (bag + true map, trajectory and events)",
    [](CLI::App &app) -> RunFn {
        auto o = std::make_shared<sim::SimulateOptions>();
        auto json = std::make_shared<bool>(false);
        app.add_option("--scenario", o->scenario,
                       "office, terrain, kidnap, stuck, nav2, standstill, stall, scan_gap, or a truth profile: "
                       "rear_collision, wheel_slip, amcl_restart, tf_only, no_scanner, gz_pose_info, cloud_collision, "
                       "mocap_slip; two robots: two_robots")
            ->check(CLI::IsMember(sim::scenarioNames()))
            ->capture_default_str();
        app.add_option("--robot", o->robot, "rover or turtlebot3 (default: the scenario's own)")
            ->check(CLI::IsMember(sim::robotNames()));
        app.add_option("--clock", o->clock, "wall, or gazebo (simulated time, real-time factor, a pause)")
            ->check(CLI::IsMember(sim::clockNames()))
            ->capture_default_str();
        app.add_option("--real-time-factor", o->real_time_factor, "simulated seconds per wall second (--clock gazebo)")
            ->check(CLI::Range(0.05, 10.0))
            ->capture_default_str();
        app.add_option("--recorder", o->recorder, "plain, or batched (log times in 50 ms bursts)")
            ->check(CLI::IsMember(sim::recorderNames()))
            ->capture_default_str();
        app.add_option("--sensors", o->sensors,
                       "standard, or heavy (adds a 64-beam 3-D lidar and a camera, IMU at 200 Hz)")
            ->check(CLI::IsMember(sim::sensorProfileNames()))
            ->capture_default_str();
        app.add_option(
               "--duration", o->duration_s,
               "simulated seconds (default: office 90, terrain 120, kidnap 90, stuck 60, nav2 120, "
               "standstill 90, stall 60, scan_gap 60, rear_collision 40, wheel_slip 60, amcl_restart 80, "
               "tf_only 120, no_scanner 120, gz_pose_info 60, cloud_collision 20, mocap_slip 60, two_robots 60)")
            ->check(CLI::Range(0.1, 86400.0));
        app.add_option("--seed", o->seed, "noise seed: the same seed gives the same bytes")->capture_default_str();
        app.add_option("--map", o->map, "map_server YAML to use as the world instead of the built-in one")
            ->check(CLI::ExistingFile);
        app.add_option("--compression", o->compression, "MCAP chunk compression: zstd, lz4 or none")
            ->check(CLI::IsMember({"zstd", "lz4", "none"}))
            ->capture_default_str();
        auto kill_at = std::make_shared<double>(0);
        CLI::Option *kill = app.add_option("--kill-recorder-at", *kill_at,
                                           "seconds of log time after the first message at which the recorder is "
                                           "killed: the bag ends mid-chunk, without summary or footer")
                                ->check(CLI::Range(0.0, 86400.0));
        app.add_flag("--json", *json, "print scenario.json on stdout instead of the summary");
        app.add_option("-o,--output", o->out_dir, "output directory (created if missing)")->required();
        return [o, json, kill, kill_at] {
            sim::SimulateOptions options = *o;
            if (kill->count() > 0) options.kill_recorder_at_s = *kill_at;
            ProgressBar progress(true);  // drawn only when stderr is a terminal
            options.progress = [&](double fraction) { progress.update("simulating", fraction); };
            auto result = sim::simulateRun(options);
            progress.finish();
            if (!result) return fail("simulate", result.error());
            fmt::print("{}",
                       *json ? result->report.dump(2) + "\n" : sim::formatScenarioSummary(o->out_dir, result->report));
            return 0;
        };
    },
    60);

}  // namespace
}  // namespace robometrics::app
