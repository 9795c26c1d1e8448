// robometrics kitti REF EST [--json] [-o DIR]
// The KITTI odometry benchmark metric (devkit evaluate_odometry): mean translational error in %
// and rotational error in deg/m over 100..800 m segments of the ground truth.

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/KittiOdometry.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

namespace robometrics::app {
namespace {

struct KittiOptions {
    std::string ref, est;
    std::string ref_format = "auto", est_format = "auto";
    double t_max_diff = 0.01;
    double t_offset = 0.0;
    bool json = false;
    std::string out_dir;
};

Status writeSegments(const std::string &dir, const slam::KittiResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    std::string csv = "first_frame,last_frame,length_m,t_err_pct,r_err_deg_per_m\n";
    for (const auto &s : r.segments) {
        csv += fmt::format("{},{},{},{},{}\n", s.first_frame, s.last_frame, s.length,
                           static_cast<double>(s.t_err) * 100.0, static_cast<double>(s.r_err) * 180.0 / M_PI);
    }
    return writeFileAtomically((std::filesystem::path(dir) / "kitti_segments.csv").string(), csv);
}

RunFn setupKitti(CLI::App &cmd) {
    auto o = std::make_shared<KittiOptions>();
    cmd.add_option("REF", o->ref, "Ground truth (KITTI poses file, or any trajectory form)")->required();
    cmd.add_option("EST", o->est, "Estimate")->required();
    const std::vector<std::string> formats = {"auto", "tum", "kitti", "euroc", "bag"};
    cmd.add_option("--ref-format", o->ref_format, "Reference format (default: detected)")
        ->check(CLI::IsMember(formats));
    cmd.add_option("--est-format", o->est_format, "Estimate format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--t-max-diff", o->t_max_diff, "For timestamped input: largest stamp difference of a pair [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t-offset", o->t_offset, "For timestamped input: added to the estimate's stamps [s]")
        ->capture_default_str();
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    cmd.add_option("-o,--output", o->out_dir, "Write the per-segment errors (kitti_segments.csv) here");
    return [o]() -> int {
        auto input = io::loadTrajectoryPair(o->ref, o->ref_format, o->est, o->est_format);
        if (!input) return fail("kitti", input.error());
        const slam::Trajectory *ref = &input->ref, *est = &input->est;
        // KITTI files pair by index; timestamped trajectories are associated first (nearest stamp).
        slam::AssociationConfig assoc;
        assoc.t_max_diff = o->t_max_diff;
        assoc.t_offset = o->t_offset;
        auto pairs = slam::associate(*ref, *est, assoc);
        if (!pairs) return fail("kitti", pairs.error());
        auto result = slam::computeKittiOdometry(slam::selectPoses(*ref, pairs->ref_indices),
                                                 slam::selectPoses(*est, pairs->est_indices));
        if (!result) return fail("kitti", result.error());
        if (!o->out_dir.empty()) {
            Status written = writeSegments(o->out_dir, *result);
            if (!written.ok()) return fail("kitti", written.error());
        }
        if (o->json) {
            nlohmann::json per_length = nlohmann::json::object();
            for (const auto &l : result->per_length) {
                per_length[fmt::format("{}", static_cast<int>(l.length))] = {
                    {"n", l.n}, {"t_err_pct", l.t_err_pct}, {"r_err_deg_per_m", l.r_err_deg_per_m}};
            }
            nlohmann::json j = {{"n_poses", pairs->size()},
                                {"n_segments", result->n_segments},
                                {"t_err_pct", result->t_err_pct},
                                {"r_err_deg_per_m", result->r_err_deg_per_m},
                                {"per_length", per_length}};
            fmt::print("{}\n", j.dump(2));
            return 0;
        }
        fmt::print("KITTI odometry metric over {} poses, {} segments\n", pairs->size(), result->n_segments);
        fmt::print("translational error {:.4f} %, rotational error {:.6f} deg/m ({:.4f} deg/100 m)\n",
                   result->t_err_pct, result->r_err_deg_per_m, result->r_err_deg_per_m * 100.0);
        fmt::print("{:>8} {:>6} {:>12} {:>16}\n", "length", "n", "t_err [%]", "r_err [deg/m]");
        for (const auto &l : result->per_length) {
            fmt::print("{:>6} m {:>6} {:>12.4f} {:>16.6f}\n", l.length, l.n, l.t_err_pct, l.r_err_deg_per_m);
        }
        return 0;
    };
}

const RegisterCommand registration("kitti", "KITTI odometry benchmark metric (segments of 100..800 m)", setupKitti, 42);

}  // namespace
}  // namespace robometrics::app
