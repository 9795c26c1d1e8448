// robometrics map-eval --gt GT.yaml --est EST [--est-offset x,y,yaw] [--start x,y] [--json] [-o DIR]
// Compares an estimated occupancy grid with a ground-truth map_server map (slam/MapEvaluation).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/NumberList.hpp"
#include "robometrics/io/MapEvalFiles.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/OccupancyGridInput.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/report/SlamSummaryText.hpp"
#include "robometrics/slam/MapEvaluationJson.hpp"

namespace robometrics::app {
namespace {

struct MapEvalOptions {
    std::string gt, est, est_offset, start, map_topic = nodes::SlamRunNode::spec().input("map").topic, out_dir;
    bool json = false;
};

int runMapEval(const MapEvalOptions &o) {
    slam::MapEvalConfig config;
    if (!o.est_offset.empty()) {
        auto v = parseNumberList(o.est_offset, 3, "--est-offset");
        if (!v) return fail("map-eval", v.error());
        config.estimate_offset = slam::MapOffset{(*v)[0], (*v)[1], (*v)[2]};
    }
    if (!o.start.empty()) {
        auto v = parseNumberList(o.start, 2, "--start");
        if (!v) return fail("map-eval", v.error());
        config.start_position = Eigen::Vector2d((*v)[0], (*v)[1]);
    }
    auto gt = io::readMapServerMap(o.gt);
    if (!gt) return fail("map-eval", gt.error());
    auto estimate = io::readOccupancyGrid(o.est, o.map_topic);
    if (!estimate) return fail("map-eval", estimate.error());
    auto result = slam::evaluateMaps(*gt, *estimate, config);
    if (!result) return fail("map-eval", result.error());
    const nlohmann::json j = slam::mapEvalToJson(*result);
    fmt::print("{}", o.json ? j.dump(2) + "\n" : report::mapEvalSummaryText(j));
    if (o.out_dir.empty()) return 0;
    Status written = io::writeMapEvalFiles(*result, j, o.out_dir);
    if (!written.ok()) return fail("map-eval", written.error());
    if (!o.json) fmt::print("wrote {}/overlay.png and map_eval.json\n", o.out_dir);
    return 0;
}

const RegisterCommand kMapEvalRegistration(
    "map-eval", "Compare an estimated occupancy map with a ground-truth map",
    [](CLI::App &app) {
        auto o = std::make_shared<MapEvalOptions>();
        app.add_option("--gt", o->gt, "ground-truth map_server YAML")->required();
        app.add_option("--est", o->est, "estimated map: map_server YAML, or BAG[:TOPIC] (last OccupancyGrid)")
            ->required();
        app.add_option("--est-offset", o->est_offset,
                       "x,y,yaw: pose of the estimate's map frame in the GT frame (m, m, rad)");
        app.add_option("--start", o->start, "x,y in the GT frame: seeds accessible coverage (robot start)");
        app.add_option("--map-topic", o->map_topic, "topic of the estimated map when --est is a bag");
        app.add_flag("--json", o->json, "print the metrics as JSON");
        app.add_option("-o,--output", o->out_dir, "directory for overlay.png and map_eval.json");
        return [o] { return runMapEval(*o); };
    },
    40);

}  // namespace
}  // namespace robometrics::app
