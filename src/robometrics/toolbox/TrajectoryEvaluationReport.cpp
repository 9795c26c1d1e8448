#include "robometrics/toolbox/TrajectoryEvaluationReport.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/EvoResultZip.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/slam/TrajectoryErrorJson.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/PlotMode.hpp"
#include "robometrics/toolbox/TrajectoryPlot.hpp"

namespace robometrics::toolbox {

namespace {

std::string unitOf(const TrajectoryEvaluationOptions &o) {
    return slam::poseRelationUnit(*slam::parsePoseRelation(o.relation));
}

/// The trajectory plot (coloured by error; evo's figure "map") and the error over time ("raw").
std::vector<NamedPlot> evaluationPlots(const TrajectoryEvaluationOptions &o, const slam::TrajectoryErrorResult &r) {
    std::vector<double> per_pose(r.prepared.est.size(), NAN);
    for (std::size_t k = 0; k < r.errors.size(); ++k) per_pose[r.pose_indices[k]] = r.errors[k];
    std::string label = o.metric;
    std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return std::toupper(c); });
    if (const std::string unit = unitOf(o); !unit.empty()) label += " [" + unit + "]";
    const std::string title = evaluationTitle(o);
    const std::string map =
        o.plot_mode == "xyz"
            ? trajectorySvg3d(r.prepared.ref, r.prepared.est, per_pose, title, label)
            : trajectorySvg(r.prepared.ref, r.prepared.est, per_pose, title, label, plotModeAxes(o.plot_mode));
    return {{"map", map}, {"raw", errorOverTimeSvg(r.stamps, r.errors, r.prepared.est.timestamped, title, label)}};
}

/// The two plots as SVG files: `map` to `map_svg`, `raw` to `raw_svg`.
Status writePlots(const std::string &map_svg, const std::string &raw_svg, const TrajectoryEvaluationOptions &o,
                  const slam::TrajectoryErrorResult &r) {
    const std::vector<NamedPlot> plots = evaluationPlots(o, r);
    ROBOMETRICS_TRY(writeFileAtomically(map_svg, plots[0].svg));
    return writeFileAtomically(raw_svg, plots[1].svg);
}

/// -o DIR: the aligned estimate (TUM), the error series (CSV) and the two plots.
Status writeOutputDirectory(const std::string &dir, const TrajectoryEvaluationOptions &o,
                            const slam::TrajectoryErrorResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    const std::filesystem::path base(dir);
    const std::string &stem = o.metric;
    ROBOMETRICS_TRY(io::writeTumFile((base / "estimate_aligned.tum").string(), r.prepared.est));
    ROBOMETRICS_TRY(writeErrorCsv((base / (stem + "_errors.csv")).string(), r.pose_indices, r.stamps, r.errors));
    return writePlots((base / (stem + "_plot.svg")).string(), (base / (stem + "_error_plot.svg")).string(), o, r);
}

}  // namespace

bool isEvoResultPath(const std::string &path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
    return ext == ".zip";
}

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

/// Path length along `t` from its first pose up to each of `indices` (our `distances`).
std::vector<double> distancesAlong(const slam::Trajectory &t, const std::vector<std::size_t> &indices) {
    std::vector<double> along(t.size(), 0.0);
    for (std::size_t i = 1; i < t.size(); ++i) along[i] = along[i - 1] + (t.positions[i] - t.positions[i - 1]).norm();
    std::vector<double> out(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) out[k] = along[indices[k]];
    return out;
}

/// evo's `distances` of `t` reduced to the poses `ids` (in that order): 0, then the running sum of
/// the straight steps between consecutive ids.
std::vector<double> reducedDistances(const slam::Trajectory &t, const std::vector<std::size_t> &ids) {
    std::vector<double> out(ids.size(), 0.0);
    for (std::size_t k = 1; k < ids.size(); ++k)
        out[k] = out[k - 1] + (t.positions[ids[k]] - t.positions[ids[k - 1]]).norm();
    return out;
}

io::NpyArray vectorArray(std::vector<double> values) {
    const std::size_t n = values.size();
    return {{n}, std::move(values)};
}

io::EvoResultZip evoResultZip(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r) {
    const TrajectoryEvaluationOptions &o = c.options;
    io::EvoResultZip zip;
    std::string label = o.metric == "ape" ? "APE" : "RPE";
    if (const std::string unit = unitOf(o); !unit.empty()) label += " (" + unit + ")";
    // evo's four keys, then ours (evo ignores them; `res` reads them back).
    zip.info = {{"title", evaluationTitle(o)}, {"ref_name", c.ref},      {"est_name", c.est}, {"label", label},
                {"metric", o.metric},          {"relation", o.relation}, {"unit", unitOf(o)}};
    const auto &s = r.stats;
    zip.stats = {{"rmse", s.rmse}, {"mean", s.mean}, {"median", s.median}, {"std", s.std},
                 {"min", s.min},   {"max", s.max},   {"sse", s.sse}};
    zip.arrays.emplace_back("error_array", vectorArray(r.errors));
    if (r.prepared.est.timestamped && !r.errors.empty()) {
        // evo reduces both trajectories to the poses of the errors (RPE: each pair's second pose,
        // after the first pair's first pose, which we take as the first associated pose: the same
        // for frame deltas) and measures time and path length from the first of them.
        std::vector<std::size_t> ids = r.pose_indices;
        const bool rpe = o.metric == "rpe";
        if (rpe) ids.insert(ids.begin(), 0);
        const double t0 = rpe ? r.prepared.est.stamps.front() : r.stamps.front();
        std::vector<double> from_start(r.stamps.size());
        for (std::size_t k = 0; k < r.stamps.size(); ++k) from_start[k] = r.stamps[k] - t0;
        auto skipFirst = [rpe](std::vector<double> v) {
            if (rpe) v.erase(v.begin());
            return v;
        };
        zip.arrays.emplace_back("seconds_from_start", vectorArray(std::move(from_start)));
        zip.arrays.emplace_back("timestamps", vectorArray(r.stamps));
        zip.arrays.emplace_back("distances_from_start", vectorArray(skipFirst(reducedDistances(r.prepared.ref, ids))));
        zip.arrays.emplace_back("distances", vectorArray(skipFirst(reducedDistances(r.prepared.est, ids))));
    }
    if (o.align != "none") {
        // evo's Sim(3) matrix [[s R, t], [0 0 0 1]], as p' = R (s p) + t.
        const auto &a = r.prepared.alignment;
        io::NpyArray sim3{{4, 4}, std::vector<double>(16, 0.0)};
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) sim3.values[i * 4 + j] = a.scale * a.rotation(i, j);
            sim3.values[i * 4 + 3] = a.translation[i];
        }
        sim3.values[15] = 1.0;
        zip.arrays.emplace_back("alignment_transformation_sim3", std::move(sim3));
    }
    return zip;
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
    j["distances"] = distancesAlong(r.prepared.est, r.pose_indices);
    return j;
}

Status writeEvaluationOutputs(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r,
                              const nlohmann::json &summary) {
    const TrajectoryEvaluationOptions &o = c.options;
    if (!o.out_dir.empty()) ROBOMETRICS_TRY(writeOutputDirectory(o.out_dir, o, r));
    if (!o.save_plot.empty()) {
        auto written = savePlots(o.save_plot, evaluationPlots(o, r));
        if (!written) return written.error();
    }
    if (isEvoResultPath(o.save_results)) {
        ROBOMETRICS_TRY(io::writeEvoResultZip(o.save_results, evoResultZip(c, r)));
    } else if (!o.save_results.empty()) {
        ROBOMETRICS_TRY(writeFileAtomically(o.save_results, resultsJson(c, r, summary).dump(1) + "\n"));
    }
    return Status::Ok();
}

}  // namespace robometrics::toolbox
