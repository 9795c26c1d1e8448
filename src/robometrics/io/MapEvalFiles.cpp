#include "robometrics/io/MapEvalFiles.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/slam/MapOverlay.hpp"

namespace robometrics::io {

namespace fs = std::filesystem;

Status writeMapEvalFiles(const slam::MapEvalResult &r, const nlohmann::json &metrics, const std::string &dir) {
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
    nlohmann::json out = metrics;
    out["overlay_legend"] = legend;
    return writeFileAtomically((fs::path(dir) / "map_eval.json").string(), out.dump(2) + "\n");
}

}  // namespace robometrics::io
