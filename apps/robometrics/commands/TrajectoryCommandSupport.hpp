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
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::app {

struct TrajectoryOptions {
    std::string ref, est;
    std::string ref_format = "auto", est_format = "auto";
    std::string assoc = "nearest";
    double t_max_diff = 0.01;
    double t_offset = 0.0;
    std::string align = "none";
    std::size_t n_to_align = 0;
    std::string plane;
    std::string relation = "trans";
    bool json = false;
    bool errors = false;
    std::string out_dir;
};

inline void addTrajectoryOptions(CLI::App &cmd, TrajectoryOptions &o, const std::vector<std::string> &relations) {
    cmd.add_option("REF", o.ref, "Reference trajectory: a TUM/KITTI/EuRoC file, BAG:TOPIC or BAG:tf:PARENT:CHILD")
        ->required();
    cmd.add_option("EST", o.est, "Estimated trajectory (same forms)")->required();
    const std::vector<std::string> formats = {"auto", "tum", "kitti", "euroc", "bag"};
    cmd.add_option("--ref-format", o.ref_format, "Reference format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--est-format", o.est_format, "Estimate format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--assoc", o.assoc, "Timestamp association: nearest (evo) or one-to-one (TUM tools)")
        ->check(CLI::IsMember({"nearest", "one-to-one"}))
        ->capture_default_str();
    cmd.add_option("--t-max-diff", o.t_max_diff, "Largest stamp difference of a pair [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t-offset", o.t_offset, "Added to the estimate's stamps [s]")->capture_default_str();
    cmd.add_option("--align", o.align, "Alignment: none, origin, se3, sim3, scale, posyaw")
        ->check(CLI::IsMember({"none", "origin", "se3", "sim3", "scale", "posyaw"}))
        ->capture_default_str();
    cmd.add_option("--n-to-align", o.n_to_align, "Align on the first N associated poses only (default: all)")
        ->check(CLI::PositiveNumber);
    cmd.add_option("--project-to-plane", o.plane, "Project both trajectories to a plane after alignment")
        ->check(CLI::IsMember({"xy", "xz", "yz"}));
    cmd.add_option("--relation", o.relation, "Pose relation of the error")
        ->check(CLI::IsMember(relations))
        ->capture_default_str();
    cmd.add_flag("--json", o.json, "Print JSON on stdout");
    cmd.add_flag("--errors", o.errors, "Include the per-pose errors and timestamps in the JSON");
    cmd.add_option("-o,--output", o.out_dir,
                   "Write the aligned estimate (TUM), the errors (CSV) and a plot (SVG) here");
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

/// -o DIR: the aligned estimate (TUM), the error series (CSV), the trajectory plot and the error
/// over time (SVG). `unit` is the error's ("m", "deg"; empty when unitless).
inline Status writeEvaluationFiles(const std::string &dir, const std::string &stem, const std::string &title,
                                   const std::string &unit, const slam::TrajectoryErrorResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    const std::filesystem::path base(dir);
    ROBOMETRICS_TRY(io::writeTumFile((base / "estimate_aligned.tum").string(), r.prepared.est));
    ROBOMETRICS_TRY(io::writeErrorCsv((base / (stem + "_errors.csv")).string(), r.pose_indices, r.stamps, r.errors));
    std::vector<double> per_pose(r.prepared.est.size(), NAN);
    for (std::size_t k = 0; k < r.errors.size(); ++k) per_pose[r.pose_indices[k]] = r.errors[k];
    std::string label = stem;
    std::transform(label.begin(), label.end(), label.begin(), [](unsigned char c) { return std::toupper(c); });
    if (!unit.empty()) label += " [" + unit + "]";
    ROBOMETRICS_TRY(io::writeTrajectorySvg((base / (stem + "_plot.svg")).string(), r.prepared.ref, r.prepared.est,
                                           per_pose, title, label));
    return io::writeErrorOverTimeSvg((base / (stem + "_error_plot.svg")).string(), r.stamps, r.errors,
                                     r.prepared.est.timestamped, title, label);
}

}  // namespace robometrics::app
