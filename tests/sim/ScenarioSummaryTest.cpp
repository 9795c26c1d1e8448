#include <gtest/gtest.h>

#include "robometrics/sim/ScenarioSummary.hpp"

namespace robometrics::sim {

namespace {

nlohmann::json exampleReport() {
    return nlohmann::json{
        {"scenario", "stuck"},
        {"seed", 3},
        {"duration_s", 6.5},
        {"description", "rover stuck in mud"},
        {"files", {{"bag", "run.mcap"}, {"gt_map", "gt_map.yaml"}, {"gt_trajectory", "gt_trajectory.tum"}}},
        {"topics", {{{"name", "/scan"}, {"messages", 60}}, {{"name", "/odom"}, {"messages", 325}}}},
        {"truth", {{"path_length_m", 1.25}}},
        {"events", nlohmann::json::array()},
    };
}

}  // namespace

TEST(ScenarioSummary, FilesMessageTotalAndNoEvents) {
    EXPECT_EQ(formatScenarioSummary("out/stuck", exampleReport()),
              "Scenario:     stuck (seed 3, 6.5 s): rover stuck in mud\n"
              "Output:       out/stuck/\n"
              "  run.mcap             385 messages on 2 topics\n"
              "  gt_map.yaml          true map (map_server)\n"
              "  gt_trajectory.tum    true trajectory (TUM, 1.25 m path)\n"
              "  scenario.json        events and expected outcomes\n"
              "Events: none\n");
}

TEST(ScenarioSummary, EventsAreAlignedRowsWithTheirExpectedOutcome) {
    nlohmann::json report = exampleReport();
    report["events"] = {{{"t_start", 4.5}, {"t_end", 6.0}, {"type", "stuck"}, {"expected", "stuck detected"}},
                        {{"t_start", 120.125}, {"t_end", 130}, {"type", "stop"}, {"expected", "no distance"}}};
    const std::string text = formatScenarioSummary("o", report);
    EXPECT_EQ(text.substr(text.find("Events:")),
              "Events:\n"
              "     4.50 -    6.00 s  stuck           stuck detected\n"
              "   120.12 -  130.00 s  stop            no distance\n");
}

TEST(ScenarioSummary, ProfilesAndTrueAnomaliesAreShown) {
    nlohmann::json report = exampleReport();
    report["robot"] = "turtlebot3";
    report["recorder"] = "batched";
    report["clock"] = {{"kind", "gazebo"}, {"real_time_factor", 0.6}, {"pause_wall_s", 10.0}};
    report["events"] = {
        {{"t_start", 15}, {"t_end", 25}, {"type", "stall"}, {"expected", "blocked"}, {"anomaly", "stuck"}},
        {{"t_start", 18}, {"t_end", 18}, {"type", "pause"}, {"expected", "paused"}, {"anomaly", nullptr}}};
    const std::string text = formatScenarioSummary("o", report);
    EXPECT_NE(
        text.find("Profile:      robot turtlebot3, clock gazebo (real-time factor 0.6, paused 10 s of wall time), "
                  "recorder batched\n"),
        std::string::npos)
        << text;
    EXPECT_EQ(text.substr(text.find("Events:")),
              "Events:\n"
              "    15.00 -   25.00 s  stall           [anomaly stuck] blocked\n"
              "    18.00 -   18.00 s  pause           paused\n");
}

TEST(ScenarioSummary, TheHeavySensorProfileIsNamed) {
    nlohmann::json report = exampleReport();
    report["robot"] = "rover";
    report["recorder"] = "plain";
    report["clock"] = {{"kind", "wall"}};
    report["sensors"] = "heavy";
    const std::string text = formatScenarioSummary("o", report);
    EXPECT_NE(text.find("Profile:      robot rover, clock wall, recorder plain, sensors heavy\n"), std::string::npos)
        << text;
}

TEST(ScenarioSummary, AKilledRecorderAndTheExpectedVerdictAreNamed) {
    nlohmann::json report = exampleReport();
    report["recording"] = {{"killed_at_s", 40.0},
                           {"bag_bytes_cut", 1234},
                           {"messages_left", 300},
                           {"messages_written", 900},
                           {"last_message_s", 31.25}};
    report["expected_verdict"] = "potential_failure";
    const std::string text = formatScenarioSummary("o", report);
    EXPECT_NE(text.find("Recording:    killed at 40 s: the bag ends mid-chunk at byte 1234, 300 of 900 messages left "
                        "(the last at 31.25 s)\n"
                        "Verdict:      evaluate must say potential_failure\n"
                        "Events: none\n"),
              std::string::npos)
        << text;
}

}  // namespace robometrics::sim
