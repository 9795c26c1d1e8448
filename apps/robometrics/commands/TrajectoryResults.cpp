#include "TrajectoryResults.hpp"

#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::app {

nlohmann::json resultsJson(const std::string &metric, const std::string &title, const TrajectoryOptions &o,
                           const slam::TrajectoryErrorResult &r, const nlohmann::json &summary) {
    nlohmann::json j = summary;
    j["format"] = "robometrics-results";
    j["version"] = 1;
    j["info"] = {{"title", title},
                 {"metric", metric},
                 {"ref_name", o.ref},
                 {"est_name", o.est},
                 {"label", std::filesystem::path(o.est).filename().string()}};
    j["errors"] = r.errors;
    j["timestamps"] = r.stamps;
    std::vector<double> from_start(r.stamps.size());
    for (std::size_t k = 0; k < r.stamps.size(); ++k) from_start[k] = r.stamps[k] - r.stamps.front();
    j["seconds_from_start"] = from_start;
    // Path length of the aligned estimate up to each error's pose, as evo's distances.
    const auto &est = r.prepared.est;
    std::vector<double> along(est.size(), 0.0);
    for (std::size_t i = 1; i < est.size(); ++i)
        along[i] = along[i - 1] + (est.positions[i] - est.positions[i - 1]).norm();
    std::vector<double> distances(r.pose_indices.size());
    for (std::size_t k = 0; k < r.pose_indices.size(); ++k) distances[k] = along[r.pose_indices[k]];
    j["distances"] = distances;
    return j;
}

Status writeTrajectoryOutputs(const std::string &stem, const std::string &title, const std::string &unit,
                              const TrajectoryOptions &o, const slam::TrajectoryErrorResult &r,
                              const nlohmann::json &summary) {
    if (!o.out_dir.empty()) ROBOMETRICS_TRY(writeEvaluationFiles(o.out_dir, stem, title, unit, r));
    if (o.plot && o.out_dir.empty()) {
        ROBOMETRICS_TRY(writeEvaluationPlots(stem + "_plot.svg", stem + "_error_plot.svg", stem, title, unit, r));
    }
    if (!o.save_plot.empty()) {
        // evo names its figures after --save_plot; we write SVG whatever the extension says.
        const std::filesystem::path path(o.save_plot);
        const std::string base = (path.parent_path() / path.stem()).string();
        ROBOMETRICS_TRY(writeEvaluationPlots(base + "_map.svg", base + "_raw.svg", stem, title, unit, r));
    }
    if (!o.save_results.empty()) {
        ROBOMETRICS_TRY(writeFileAtomically(o.save_results, resultsJson(stem, title, o, r, summary).dump(1) + "\n"));
    }
    return Status::Ok();
}

}  // namespace robometrics::app
