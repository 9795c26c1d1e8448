#include <gtest/gtest.h>

#include "robometrics/nodes/CostmapDiagnostics.hpp"

namespace robometrics::nodes {
namespace {

constexpr TimeNs kAt = 70 * kNsPerSecond;
constexpr TimeNs kOneMs = 1'000'000;

std::string costmapValue(const msgs::DiagnosticStatus &s, const std::string &key) {
    for (const auto &kv : s.values) {
        if (kv.key == key) return kv.value;
    }
    return "(missing)";
}

/// A 3 x 2 costmap with two unknown cells.
msgs::OccupancyGrid smallCostmap() {
    msgs::OccupancyGrid g;
    g.info.width = 3;
    g.info.height = 2;
    g.info.resolution = 0.1f;
    g.data = {-1, 0, 100, 50, -1, 0};
    return g;
}

/// Two maps received and costed, five clouds integrated, all seen at the 0.2 s sample.
struct CostmapScene {
    terrain::CostmapConfig config;
    CostmapDiagnostics diagnostics{config};
    CostmapRun run;
    msgs::OccupancyGrid costmap = smallCostmap();

    CostmapScene() {
        EXPECT_TRUE(diagnostics.due(kAt, run));
        diagnostics.onGridMap();
        diagnostics.onGridMap();
        run.stats.frames = 2;
        run.clouds = 5;
        EXPECT_FALSE(diagnostics.due(kAt + 200 * kOneMs, run));
    }
    msgs::DiagnosticStatus at(TimeNs now, const std::string &failure = "") {
        return diagnostics.status(now, run, costmap, failure).status.at(0);
    }
};

TEST(CostmapDiagnostics, FreshMapsAreOkWithTheGridAndTheClouds) {
    CostmapScene scene;
    const msgs::DiagnosticStatus s = scene.at(kAt + 1200 * kOneMs);
    EXPECT_EQ(s.name, "robometrics: costmap");
    EXPECT_EQ(s.hardware_id, "/groundgrid/grid_map");
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "3x2 cells at 0.1 m, 4 known");
    EXPECT_EQ(costmapValue(s, "size_m"), "3");  // the defaults: 3 m at 0.1 m
    EXPECT_EQ(costmapValue(s, "resolution_m"), "0.1");
    EXPECT_EQ(costmapValue(s, "width_cells"), "3");
    EXPECT_EQ(costmapValue(s, "height_cells"), "2");
    EXPECT_EQ(costmapValue(s, "cells_known"), "4");
    EXPECT_EQ(costmapValue(s, "costmaps"), "2");
    EXPECT_EQ(costmapValue(s, "maps_received"), "2");
    EXPECT_EQ(costmapValue(s, "maps_dropped"), "0");
    EXPECT_EQ(costmapValue(s, "clouds_integrated"), "5");
    EXPECT_EQ(costmapValue(s, "last_cloud_age_s"), "1");
    EXPECT_EQ(costmapValue(s, "last_update_age_s"), "1");
    EXPECT_EQ(costmapValue(s, "last_input_age_s"), "1");
}

TEST(CostmapDiagnostics, MapsThatStopComingAreStale) {
    CostmapScene scene;
    const msgs::DiagnosticStatus s = scene.at(kAt + 3500 * kOneMs);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no input for 3.3 s");
}

TEST(CostmapDiagnostics, MapsReceivedButNoneCostedWarn) {
    CostmapScene scene;
    scene.diagnostics.onGridMap();  // maps keep coming, none costed since 0.2 s
    EXPECT_EQ(scene.at(kAt + 3000 * kOneMs).level, msgs::DiagnosticStatus::OK);
    scene.diagnostics.onGridMap();
    const msgs::DiagnosticStatus s = scene.at(kAt + 3400 * kOneMs);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no result for 3.2 s");
}

TEST(CostmapDiagnostics, MissingTfAndBadInputAreErrors) {
    CostmapScene scene;
    EXPECT_EQ(scene.at(kAt + 300 * kOneMs).level, msgs::DiagnosticStatus::OK);
    // The latest map dropped, and none costed since the previous status.
    scene.run.dropped = 1;
    scene.run.last_map_drop = "no transform odom <- base_link at 70 s";
    msgs::DiagnosticStatus s = scene.at(kAt + 400 * kOneMs);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(s.message, "map not costed: no transform odom <- base_link at 70 s");
    EXPECT_EQ(costmapValue(s, "maps_dropped"), "1");

    // A map costed since, then one more dropped: counted, not alarmed on.
    scene.run.stats.frames = 3;
    scene.run.dropped = 2;
    s = scene.at(kAt + 500 * kOneMs);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(costmapValue(s, "maps_dropped"), "2");

    // Maps costed again; the latest cloud skipped for want of TF, none integrated since.
    scene.run.last_map_drop.clear();
    scene.run.clouds_without_tf = 1;
    scene.run.last_cloud_tf_error = "no transform odom <- lidar";
    s = scene.at(kAt + 600 * kOneMs);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(s.message, "cloud not integrated: no transform odom <- lidar");
    EXPECT_EQ(costmapValue(s, "clouds_without_tf"), "1");

    // The node's own failure (a map it cannot read) comes first.
    s = scene.at(kAt + 700 * kOneMs, "DDS: /groundgrid/grid_map at log time 9 ns: no elevation layer");
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(s.message, "DDS: /groundgrid/grid_map at log time 9 ns: no elevation layer");
}

TEST(CostmapDiagnostics, BeforeTheFirstCostmapNoCellIsKnown) {
    terrain::CostmapConfig config;
    CostmapDiagnostics d(config);
    const msgs::DiagnosticStatus s = d.status(kAt, CostmapRun{}, msgs::OccupancyGrid{}, "").status.at(0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "waiting for input");
    EXPECT_EQ(costmapValue(s, "cells_known"), "0");
    EXPECT_EQ(costmapValue(s, "last_cloud_age_s"), "none");
}

}  // namespace
}  // namespace robometrics::nodes
