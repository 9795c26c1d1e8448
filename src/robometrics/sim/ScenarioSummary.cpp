#include "robometrics/sim/ScenarioSummary.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace robometrics::sim {

std::string formatScenarioSummary(const std::string &out_dir, const nlohmann::json &report) {
    std::uint64_t total = 0;
    for (const auto &t : report["topics"]) total += t["messages"].get<std::uint64_t>();
    std::string out = fmt::format("Scenario:     {} (seed {}, {} s): {}\n", report["scenario"].get<std::string>(),
                                  report["seed"].get<std::uint64_t>(), report["duration_s"].get<double>(),
                                  report["description"].get<std::string>());
    if (report.contains("robot")) {
        const auto &clock = report["clock"];
        std::string clock_text = clock["kind"].get<std::string>();
        if (clock_text == "gazebo") {
            clock_text += fmt::format(" (real-time factor {}, paused {} s of wall time)",
                                      clock["real_time_factor"].get<double>(), clock["pause_wall_s"].get<double>());
        }
        // The sensor profile is named when it is not the standard one (scenario.json does the same).
        const std::string sensors =
            report.contains("sensors") ? ", sensors " + report["sensors"].get<std::string>() : std::string();
        out += fmt::format("Profile:      robot {}, clock {}, recorder {}{}\n", report["robot"].get<std::string>(),
                           clock_text, report["recorder"].get<std::string>(), sensors);
    }
    out += fmt::format("Output:       {}/\n", out_dir);
    // The file names' column: 20 wide, or as wide as the longest name (a robot's folder in a
    // multi-robot run), so the descriptions stay in one column.
    const auto robots = report.value("robots", nlohmann::json::array());
    std::size_t width = 20;
    for (const auto &r : robots) width = std::max(width, r["gt_trajectory"].get<std::string>().size());
    out += fmt::format("  {:<{}} {} messages on {} topics\n", report["files"]["bag"].get<std::string>(), width, total,
                       report["topics"].size());
    out += fmt::format("  {:<{}} true map (map_server)\n", report["files"]["gt_map"].get<std::string>(), width);
    if (report.contains("truth")) {
        out += fmt::format("  {:<{}} true trajectory (TUM, {} m path)\n",
                           report["files"]["gt_trajectory"].get<std::string>(), width,
                           report["truth"]["path_length_m"].get<double>());
    }
    // A multi-robot run (two_robots): one true trajectory per robot, in its own folder.
    for (const auto &r : robots) {
        out += fmt::format("  {:<{}} {}'s true trajectory (TUM, {} m path)\n", r["gt_trajectory"].get<std::string>(),
                           width, r["name"].get<std::string>(), r["truth"]["path_length_m"].get<double>());
    }
    out += fmt::format("  {:<{}} events and expected outcomes\n", "scenario.json", width);
    // A cut bag and a truth profile's verdict are named only when there (the other summaries stay as they were).
    if (report.contains("recording")) {
        const auto &r = report["recording"];
        out += fmt::format(
            "Recording:    killed at {} s: the bag ends mid-chunk at byte {}, {} of {} messages left (the "
            "last at {} s)\n",
            r["killed_at_s"].get<double>(), r["bag_bytes_cut"].get<std::uint64_t>(),
            r["messages_left"].get<std::uint64_t>(), r["messages_written"].get<std::uint64_t>(),
            r["last_message_s"].get<double>());
    }
    if (report.contains("expected_verdict"))
        out += fmt::format("Verdict:      evaluate must say {}\n", report["expected_verdict"].get<std::string>());
    out += fmt::format("Events:{}\n", report["events"].empty() ? " none" : "");
    for (const auto &e : report["events"]) {
        const bool anomaly = e.contains("anomaly") && !e["anomaly"].is_null();
        const std::string robot = e.contains("robot") ? e["robot"].get<std::string>() + ": " : std::string();
        out += fmt::format("  {:>7.2f} - {:>7.2f} s  {}{:<15} {}{}\n", e["t_start"].get<double>(),
                           e["t_end"].get<double>(), robot, e["type"].get<std::string>(),
                           anomaly ? "[anomaly " + e["anomaly"].get<std::string>() + "] " : std::string(),
                           e["expected"].get<std::string>());
    }
    return out;
}

}  // namespace robometrics::sim
