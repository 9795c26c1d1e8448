#pragma once
// What the trajectory commands (ape, rpe) share: the options for reading, associating and
// aligning two trajectories, the statistics printout and JSON, and the -o DIR files.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "CommandSupport.hpp"
#include "robometrics/io/TrajectoryFile.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/io/TrajectoryPlot.hpp"
#include "robometrics/slam/TimeOffsetEstimator.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::app {

struct TrajectoryOptions {
    std::string ref, est;
    std::vector<std::string> more_positionals;  ///< evo's forms: `tum REF EST`, `bag BAG REF_TOPIC EST_TOPIC`
    std::string ref_format = "auto", est_format = "auto";
    std::string assoc = "nearest";
    double t_max_diff = 0.01;
    std::string t_offset_arg = "0";  ///< seconds, or "auto" (estimated, see TimeOffsetEstimator)
    double t_offset = 0.0;           ///< the offset used, resolved from t_offset_arg
    std::string align = "none";
    bool evo_align = false, evo_correct_scale = false, evo_align_origin = false;  ///< evo's -a, -s, --align_origin
    std::size_t n_to_align = 0;
    std::string plane;
    std::string relation = "trans";
    bool json = false;
    bool errors = false;
    std::string out_dir;
    bool plot = false;         ///< evo's -p/--plot: write the plots (to -o DIR, else here)
    std::string save_plot;     ///< evo's --save_plot PATH: plots named after PATH
    std::string plot_mode;     ///< evo's --plot_mode: accepted, the plot picks its own axes
    std::string save_results;  ///< evo's --save_results FILE: our JSON results file (docs/ape.md)
    bool verbose = false, silent = false, no_warnings = false;
    // Filled while running: warnings (stderr and --json) and the estimate of --t-offset auto.
    std::vector<std::string> warnings;
    std::optional<slam::TimeOffsetEstimate> offset_estimate;
};

inline void addTrajectoryOptions(CLI::App &cmd, TrajectoryOptions &o, std::vector<std::string> relations) {
    cmd.add_option("REF", o.ref, "Reference trajectory: a TUM/KITTI/EuRoC file, BAG:TOPIC or BAG:tf:PARENT:CHILD")
        ->required();
    cmd.add_option("EST", o.est, "Estimated trajectory (same forms)")->required();
    // evo's `tum REF EST` / `bag BAG REF_TOPIC EST_TOPIC`: the first positional is then the format.
    cmd.add_option("EVO_POSITIONALS", o.more_positionals)->expected(0, 2)->group("");
    const std::vector<std::string> formats = {"auto", "tum", "kitti", "euroc", "bag"};
    cmd.add_option("--ref-format", o.ref_format, "Reference format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--est-format", o.est_format, "Estimate format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--assoc", o.assoc, "Timestamp association: nearest (evo) or one-to-one (TUM tools)")
        ->check(CLI::IsMember({"nearest", "one-to-one"}))
        ->capture_default_str();
    cmd.add_option("--t-max-diff,--t_max_diff", o.t_max_diff, "Largest stamp difference of a pair [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t-offset,--t_offset", o.t_offset_arg,
                   "Added to the estimate's stamps [s], or 'auto' to estimate it from the motion")
        ->capture_default_str();
    cmd.add_option("--align", o.align, "Alignment: none, origin, se3, sim3, scale, posyaw")
        ->check(CLI::IsMember({"none", "origin", "se3", "sim3", "scale", "posyaw"}))
        ->capture_default_str();
    cmd.add_flag("--evo-align", o.evo_align, "evo's -a/--align (SE(3), Sim(3) with -s)")->group("");
    cmd.add_flag("-s,--correct_scale", o.evo_correct_scale, "evo: scale correction (with -a: --align sim3)");
    cmd.add_flag("--align_origin", o.evo_align_origin, "evo: --align origin");
    cmd.add_option("--n-to-align,--n_to_align", o.n_to_align,
                   "Align on the first N associated poses only (default: all)")
        ->check(CLI::PositiveNumber);
    cmd.add_option("--project-to-plane,--project_to_plane", o.plane,
                   "Project both trajectories to a plane after alignment")
        ->check(CLI::IsMember({"xy", "xz", "yz"}));
    relations.push_back("trans_part");  // evo's name of trans
    cmd.add_option("-r,--relation,--pose_relation", o.relation, "Pose relation of the error")
        ->check(CLI::IsMember(relations))
        ->capture_default_str();
    cmd.add_flag("--json", o.json, "Print JSON on stdout");
    cmd.add_flag("--errors", o.errors, "Include the per-pose errors and timestamps in the JSON");
    cmd.add_option("-o,--output", o.out_dir,
                   "Write the aligned estimate (TUM), the errors (CSV) and a plot (SVG) here");
    cmd.add_flag("-p,--plot", o.plot, "Write the two plots (SVG) to -o DIR, else to the current directory");
    cmd.add_option("--save_plot", o.save_plot, "Write the plots as PATH_map.svg and PATH_raw.svg (extension dropped)");
    cmd.add_option("--plot_mode", o.plot_mode, "Accepted for evo; the trajectory plot picks its axes itself");
    cmd.add_option("--save_results", o.save_results, "Write a results file (JSON, docs/ape.md) for 'robometrics res'");
    cmd.add_flag("-v,--verbose", o.verbose, "Accepted for evo (the summary always has the association count)");
    cmd.add_flag("--silent", o.silent, "No summary on stdout");
    cmd.add_flag("--no_warnings", o.no_warnings, "No warnings on stderr");
    cmd.add_flag("--debug", o.verbose, "Accepted for evo, as --verbose");
}

/// The evaluation settings from the options (the names were validated by CLI11).
inline slam::TrajectoryEvalConfig evalConfig(const TrajectoryOptions &o) {
    slam::TrajectoryEvalConfig c;
    c.association.method = *slam::parseAssociationMethod(o.assoc);
    c.association.t_max_diff = o.t_max_diff;
    c.association.t_offset = o.t_offset;
    c.align = *slam::parseAlignMode(o.align);
    c.n_to_align = o.n_to_align;
    if (!o.plane.empty()) c.plane = *slam::parsePlane(o.plane);
    return c;
}

using LoadedTrajectories = io::TrajectoryPair;

inline Result<LoadedTrajectories> loadBoth(const TrajectoryOptions &o) {
    return io::loadTrajectoryPair(o.ref, o.ref_format, o.est, o.est_format);
}

inline nlohmann::json statsJson(const slam::ErrorStatistics &s) {
    return {{"n", s.n},     {"rmse", s.rmse}, {"mean", s.mean}, {"median", s.median},
            {"std", s.std}, {"min", s.min},   {"max", s.max},   {"sse", s.sse}};
}

inline nlohmann::json evaluationJson(const TrajectoryOptions &o, const slam::TrajectoryErrorResult &r,
                                     const LoadedTrajectories &input) {
    nlohmann::json j = statsJson(r.stats);
    const auto &a = r.prepared.alignment;
    nlohmann::json rotation = nlohmann::json::array();
    for (int row = 0; row < 3; ++row) rotation.push_back({a.rotation(row, 0), a.rotation(row, 1), a.rotation(row, 2)});
    j["relation"] = o.relation;
    j["unit"] = slam::poseRelationUnit(*slam::parsePoseRelation(o.relation));
    j["association"] = {{"method", o.assoc},
                        {"matched", r.prepared.association.size()},
                        {"max_pairs", r.prepared.association.max_pairs},
                        {"ref_poses", input.ref.size()},
                        {"est_poses", input.est.size()},
                        {"t_max_diff", o.t_max_diff},
                        {"t_offset", o.t_offset}};
    j["alignment"] = {{"mode", o.align},
                      {"n_to_align", o.n_to_align},
                      {"rotation", rotation},
                      {"translation", {a.translation.x(), a.translation.y(), a.translation.z()}},
                      {"scale", a.scale}};
    if (!o.plane.empty()) j["project_to_plane"] = o.plane;
    if (const auto &e = o.offset_estimate) {
        j["time_offset"] = {{"offset", e->offset},         {"correlation_offset", e->correlation_offset},
                            {"confidence", e->confidence}, {"peak", e->peak},
                            {"sharpness", e->sharpness},   {"signal", e->signal},
                            {"grid_step", e->grid_step},   {"refined", e->refined}};
    }
    j["warnings"] = o.warnings;
    if (o.errors) {
        j["errors"] = r.errors;
        j["timestamps"] = r.stamps;
    }
    return j;
}

inline void printEvaluation(const std::string &title, const TrajectoryOptions &o, const slam::TrajectoryErrorResult &r,
                            const LoadedTrajectories &input) {
    const auto &assoc = r.prepared.association;
    fmt::print("{}\n", title);
    if (input.ref.timestamped && input.est.timestamped) {
        fmt::print(
            "matched {} of {} possible poses ({}, --t-max-diff {} s, --t-offset {} s; reference {} poses, estimate "
            "{})\n",
            assoc.size(), assoc.max_pairs, o.assoc, o.t_max_diff, o.t_offset, input.ref.size(), input.est.size());
    } else {
        fmt::print("paired {} poses by index (a trajectory without timestamps)\n", assoc.size());
    }
    if (o.align != "none") {
        const auto &a = r.prepared.alignment;
        fmt::print("alignment {}: scale {:.9g}, translation [{:.6f}, {:.6f}, {:.6f}]\n", o.align, a.scale,
                   a.translation.x(), a.translation.y(), a.translation.z());
    }
    const auto &s = r.stats;
    fmt::print(
        "{:>8} {}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n{:>8} {:.6f}\n",
        "n", s.n, "max", s.max, "mean", s.mean, "median", s.median, "min", s.min, "rmse", s.rmse, "sse", s.sse, "std",
        s.std);
}

/// The trajectory plot (coloured by error) and the error over time, as SVG. `unit` is the
/// error's ("m", "deg"; empty when unitless).
inline Status writeEvaluationPlots(const std::string &map_svg, const std::string &raw_svg, const std::string &stem,
                                   const std::string &title, const std::string &unit,
                                   const slam::TrajectoryErrorResult &r) {
    std::vector<double> per_pose(r.prepared.est.size(), NAN);
    for (std::size_t k = 0; k < r.errors.size(); ++k) per_pose[r.pose_indices[k]] = r.errors[k];
    std::string label = stem;
    std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return std::toupper(c); });
    if (!unit.empty()) label += " [" + unit + "]";
    ROBOMETRICS_TRY(io::writeTrajectorySvg(map_svg, r.prepared.ref, r.prepared.est, per_pose, title, label));
    return io::writeErrorOverTimeSvg(raw_svg, r.stamps, r.errors, r.prepared.est.timestamped, title, label);
}

/// -o DIR: the aligned estimate (TUM), the error series (CSV), the trajectory plot and the error
/// over time (SVG).
inline Status writeEvaluationFiles(const std::string &dir, const std::string &stem, const std::string &title,
                                   const std::string &unit, const slam::TrajectoryErrorResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    const std::filesystem::path base(dir);
    ROBOMETRICS_TRY(io::writeTumFile((base / "estimate_aligned.tum").string(), r.prepared.est));
    ROBOMETRICS_TRY(io::writeErrorCsv((base / (stem + "_errors.csv")).string(), r.pose_indices, r.stamps, r.errors));
    return writeEvaluationPlots((base / (stem + "_plot.svg")).string(), (base / (stem + "_error_plot.svg")).string(),
                                stem, title, unit, r);
}

}  // namespace robometrics::app
