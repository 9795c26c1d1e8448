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

}  // namespace robometrics::sim
