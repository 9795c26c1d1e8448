#include "robometrics/io/TrajectoryEvaluationReport.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryPlot.hpp"
#include "robometrics/slam/TrajectoryErrorJson.hpp"

namespace robometrics::io {

namespace {

std::string unitOf(const TrajectoryEvaluationOptions &o) {
    return slam::poseRelationUnit(*slam::parsePoseRelation(o.relation));
}

/// The trajectory plot (coloured by error) and the error over time, as SVG.
Status writePlots(const std::string &map_svg, const std::string &raw_svg, const TrajectoryEvaluationOptions &o,
                  const slam::TrajectoryErrorResult &r) {
    std::vector<double> per_pose(r.prepared.est.size(), NAN);
    for (std::size_t k = 0; k < r.errors.size(); ++k) per_pose[r.pose_indices[k]] = r.errors[k];
    std::string label = o.metric;
    std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return std::toupper(c); });
    if (const std::string unit = unitOf(o); !unit.empty()) label += " [" + unit + "]";
    const std::string title = evaluationTitle(o);
    ROBOMETRICS_TRY(writeTrajectorySvg(map_svg, r.prepared.ref, r.prepared.est, per_pose, title, label));
    return writeErrorOverTimeSvg(raw_svg, r.stamps, r.errors, r.prepared.est.timestamped, title, label);
}

/// -o DIR: the aligned estimate (TUM), the error series (CSV) and the two plots.
Status writeOutputDirectory(const std::string &dir, const TrajectoryEvaluationOptions &o,
                            const slam::TrajectoryErrorResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    const std::filesystem::path base(dir);
    const std::string &stem = o.metric;
    ROBOMETRICS_TRY(writeTumFile((base / "estimate_aligned.tum").string(), r.prepared.est));
    ROBOMETRICS_TRY(writeErrorCsv((base / (stem + "_errors.csv")).string(), r.pose_indices, r.stamps, r.errors));
    return writePlots((base / (stem + "_plot.svg")).string(), (base / (stem + "_error_plot.svg")).string(), o, r);
}

}  // namespace

std::string evaluationTitle(const TrajectoryEvaluationOptions &o) {
    const std::string unit = unitOf(o);
    const std::string relation = o.relation + (unit.empty() ? "" : " (" + unit + ")");
    if (o.metric == "ape") return fmt::format("APE w.r.t. {} (alignment: {})", relation, o.align);
    return fmt::format("RPE w.r.t. {} for delta = {} ({}){} (alignment: {})", relation, o.delta, o.delta_unit,
                       o.all_pairs ? ", all pairs" : "", o.align);
}

nlohmann::json evaluationJson(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r) {
    const TrajectoryEvaluationOptions &o = c.options;
    const slam::ErrorStatistics &s = r.stats;
    nlohmann::json j = slam::errorStatisticsJson(s);
    j["metric"] = o.metric;
    j["relation"] = o.relation;
    j["unit"] = unitOf(o);
    const auto &assoc = r.prepared.association;
    j["association"] = {{"method", o.assoc},
                        {"matched", assoc.size()},
                        {"max_pairs", assoc.max_pairs},
                        {"ref_poses", assoc.ref_poses},
                        {"est_poses", assoc.est_poses},
                        {"t_max_diff", o.t_max_diff},
                        {"t_offset", c.t_offset}};
    j["alignment"] = slam::alignmentJson(r.prepared.alignment);
    j["alignment"]["mode"] = o.align;
    j["alignment"]["n_to_align"] = o.n_to_align;
    if (!o.plane.empty()) j["project_to_plane"] = o.plane;
    if (const auto &e = c.offset_estimate) {
        j["time_offset"] = {{"offset", e->offset},         {"correlation_offset", e->correlation_offset},
                            {"confidence", e->confidence}, {"peak", e->peak},
                            {"sharpness", e->sharpness},   {"signal", e->signal},
                            {"grid_step", e->grid_step},   {"refined", e->refined}};
    }
    j["warnings"] = c.warnings;
    if (o.errors) {
        j["errors"] = r.errors;
        j["timestamps"] = r.stamps;
    }
    if (o.metric == "rpe") {
        j["delta"] = o.delta;
        j["delta_unit"] = o.delta_unit;
        j["delta_tol"] = o.delta_tol;
        j["all_pairs"] = o.all_pairs;
        j["pairs_from_reference"] = o.pairs_from_reference;
    }
    return j;
}

std::string evaluationText(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r) {
    const TrajectoryEvaluationOptions &o = c.options;
    const auto &assoc = r.prepared.association;
    std::string text = evaluationTitle(o) + "\n";
    if (r.prepared.ref.timestamped && r.prepared.est.timestamped) {
        text += fmt::format(
            "matched {} of {} possible poses ({}, --t-max-diff {} s, --t-offset {} s; reference {} poses, estimate "
            "{})\n",
            assoc.size(), assoc.max_pairs, o.assoc, o.t_max_diff, c.t_offset, assoc.ref_poses, assoc.est_poses);
    } else {
        text += fmt::format("paired {} poses by index (a trajectory without timestamps)\n", assoc.size());
    }
    if (o.align != "none") {
        const auto &a = r.prepared.alignment;
        text += fmt::format("alignment {}: scale {:.9g}, translation [{:.6f}, {:.6f}, {:.6f}]\n", o.align, a.scale,
                            a.translation.x(), a.translation.y(), a.translation.z());
    }
    const auto &s = r.stats;
    return text + fmt::format(
                      "{:>8} {}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} "
                      "{:.6f}\n{:>8} {:.6f}\n",
                      "n", s.n, "max", s.max, "mean", s.mean, "median", s.median, "min", s.min, "rmse", s.rmse, "sse",
                      s.sse, "std", s.std);
}

nlohmann::json resultsJson(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r,
                           const nlohmann::json &summary) {
    nlohmann::json j = summary;
    j["format"] = "robometrics-results";
    j["version"] = 1;
    j["info"] = {{"title", evaluationTitle(c.options)},
                 {"metric", c.options.metric},
                 {"ref_name", c.ref},
                 {"est_name", c.est},
                 {"label", std::filesystem::path(c.est).filename().string()}};
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

Status writeEvaluationOutputs(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r,
                              const nlohmann::json &summary) {
    const TrajectoryEvaluationOptions &o = c.options;
    const std::string &stem = o.metric;
    if (!o.out_dir.empty()) ROBOMETRICS_TRY(writeOutputDirectory(o.out_dir, o, r));
    if (o.plot && o.out_dir.empty()) ROBOMETRICS_TRY(writePlots(stem + "_plot.svg", stem + "_error_plot.svg", o, r));
    if (!o.save_plot.empty()) {
        // evo names its figures after --save_plot; we write SVG whatever the extension says.
        const std::filesystem::path path(o.save_plot);
        const std::string base = (path.parent_path() / path.stem()).string();
        ROBOMETRICS_TRY(writePlots(base + "_map.svg", base + "_raw.svg", o, r));
    }
    if (!o.save_results.empty()) {
        ROBOMETRICS_TRY(writeFileAtomically(o.save_results, resultsJson(c, r, summary).dump(1) + "\n"));
    }
    return Status::Ok();
}

}  // namespace robometrics::io
