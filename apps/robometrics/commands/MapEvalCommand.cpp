// robometrics map-eval --gt GT.yaml --est EST [--est-offset x,y,yaw] [--start x,y] [--json] [-o DIR]
// Compares an estimated occupancy grid (a map_server YAML, or BAG[:TOPIC] for the last
// OccupancyGrid in a bag) with a ground-truth map_server map: coverage, accessible coverage, IoU
// of occupied cells, SSIM and wall thickness, with the cell counts behind each.

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/slam/MapEvaluation.hpp"
#include "robometrics/slam/MapEvaluationJson.hpp"
#include "robometrics/slam/MapOverlay.hpp"

namespace robometrics::app {
namespace {

namespace fs = std::filesystem;

struct MapEvalOptions {
    std::string gt;
    std::string est;
    std::string est_offset;
    std::string start;
    std::string map_topic = "/map";
    bool json = false;
    std::string out_dir;
};

Result<std::vector<double>> parseNumbers(const std::string &text, std::size_t count, const std::string &option) {
    std::vector<double> values;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        try {
            std::size_t used = 0;
            values.push_back(std::stod(item, &used));
            if (used != item.size() || !std::isfinite(values.back())) throw std::invalid_argument(item);
        } catch (const std::exception &) {
            return Error{fmt::format("{} '{}': '{}' is not a number", option, text, item)};
        }
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    if (values.size() != count) {
        return Error{fmt::format("{} '{}': expected {} comma-separated numbers", option, text, count)};
    }
    return values;
}

bool isYaml(const std::string &path) {
    const std::string ext = fs::path(path).extension().string();
    return ext == ".yaml" || ext == ".yml";
}

std::string figure(bool valid, double value, const char *unit = "") {
    return valid ? fmt::format("{:.4f}{}", value, unit) : std::string("n/a");
}

void printSummary(const slam::MapEvalResult &r) {
    fmt::print("map-eval on the GT grid ({} x {} cells, {} m/cell)\n", r.grid.width, r.grid.height, r.grid.resolution);
    fmt::print("  coverage             {:.4f}  ({} of {} GT free cells known in the estimate)\n", r.coverage.coverage,
               r.coverage.covered_free_cells, r.coverage.gt_free_cells);
    fmt::print("  accessible coverage  {:.4f}  ({} of {} cells of the {} free component)\n",
               r.coverage.accessible_coverage, r.coverage.accessible_covered_cells, r.coverage.accessible_cells,
               r.coverage.seeded ? "start's" : "best-overlapping");
    fmt::print("  IoU (occupied > 50)  {:.4f}  ({} / {} cells)\n", r.iou.iou, r.iou.intersection_cells,
               r.iou.union_cells);
    fmt::print("  SSIM (est known)     {}  ({} cells)\n", figure(r.ssim_valid && r.ssim_masked_cells > 0, r.ssim),
               r.ssim_masked_cells);
    fmt::print("  SSIM (whole grid)    {}  ({} cells)\n", figure(r.ssim_valid, r.ssim_full), r.ssim_cells);
    fmt::print("  wall thickness       {}  (raw 2d: {}; GT {}; {} skeleton cells)\n",
               figure(r.estimate_walls.valid(), r.estimate_walls.corrected_m, " m"),
               figure(r.estimate_walls.valid(), r.estimate_walls.raw_m, " m"),
               figure(r.gt_walls.valid(), r.gt_walls.corrected_m, " m"), r.estimate_walls.skeleton_cells);
}

Status writeOutputs(const slam::MapEvalResult &r, const nlohmann::json &j, const std::string &dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Error{fmt::format("{}: cannot create directory: {}", dir, ec.message())};
    report::Image image;
    image.width = static_cast<int>(r.grid.width);
    image.height = static_cast<int>(r.grid.height);
    image.pixels = slam::renderOverlay(r.gt, r.aligned_estimate);
    ROBOMETRICS_TRY(report::writePng((fs::path(dir) / "overlay.png").string(), image));
    nlohmann::json legend = nlohmann::json::array();
    for (std::size_t i = 0; i < slam::kOverlayClasses; ++i) {
        const auto &c = slam::overlayColours()[i];
        legend.push_back({{"label", slam::overlayLabels()[i]}, {"rgb", {c[0], c[1], c[2]}}});
    }
    nlohmann::json out = j;
    out["overlay_legend"] = legend;
    return writeFileAtomically((fs::path(dir) / "map_eval.json").string(), out.dump(2) + "\n");
}

int runMapEval(const MapEvalOptions &options) {
    slam::MapEvalConfig config;
    if (!options.est_offset.empty()) {
        auto v = parseNumbers(options.est_offset, 3, "--est-offset");
        if (!v) return fail("map-eval", v.error());
        config.estimate_offset = slam::MapOffset{(*v)[0], (*v)[1], (*v)[2]};
    }
    if (!options.start.empty()) {
        auto v = parseNumbers(options.start, 2, "--start");
        if (!v) return fail("map-eval", v.error());
        config.start_position = Eigen::Vector2d((*v)[0], (*v)[1]);
    }
    auto gt = io::readMapServerMap(options.gt);
    if (!gt) return fail("map-eval", gt.error());
    msgs::OccupancyGrid estimate;
    if (isYaml(options.est)) {
        auto est = io::readMapServerMap(options.est);
        if (!est) return fail("map-eval", est.error());
        estimate = std::move(*est);
    } else {
        auto est = io::readBagMap(options.est, options.map_topic);
        if (!est) return fail("map-eval", est.error());
        estimate = std::move(est->grid);
    }
    auto result = slam::evaluateMaps(*gt, estimate, config);
    if (!result) return fail("map-eval", result.error());
    const nlohmann::json j = slam::mapEvalToJson(*result);
    if (options.json) {
        fmt::print("{}\n", j.dump(2));
    } else {
        printSummary(*result);
    }
    if (!options.out_dir.empty()) {
        Status written = writeOutputs(*result, j, options.out_dir);
        if (!written.ok()) return fail("map-eval", written.error());
        if (!options.json) fmt::print("wrote {}/overlay.png and map_eval.json\n", options.out_dir);
    }
    return 0;
}

const RegisterCommand kRegister(
    "map-eval", "Compare an estimated occupancy map with a ground-truth map",
    [](CLI::App &app) {
        auto options = std::make_shared<MapEvalOptions>();
        app.add_option("--gt", options->gt, "ground-truth map_server YAML")->required();
        app.add_option("--est", options->est, "estimated map: map_server YAML, or BAG[:TOPIC] (last OccupancyGrid)")
            ->required();
        app.add_option("--est-offset", options->est_offset,
                       "x,y,yaw: pose of the estimate's map frame in the GT frame (m, m, rad)");
        app.add_option("--start", options->start, "x,y in the GT frame: seeds accessible coverage (robot start)");
        app.add_option("--map-topic", options->map_topic, "topic of the estimated map when --est is a bag");
        app.add_flag("--json", options->json, "print the metrics as JSON");
        app.add_option("-o,--output", options->out_dir, "directory for overlay.png and map_eval.json");
        return [options] { return runMapEval(*options); };
    },
    40);

}  // namespace
}  // namespace robometrics::app
