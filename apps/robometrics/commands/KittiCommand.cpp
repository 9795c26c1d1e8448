// robometrics kitti REF EST [--json] [-o DIR]
// The KITTI odometry benchmark metric (devkit evaluate_odometry): mean translational error in %
// and rotational error in deg/m over 100..800 m segments of the ground truth.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/io/KittiOdometryReport.hpp"
#include "robometrics/io/TrajectoryInput.hpp"

namespace robometrics::app {
namespace {

struct KittiOptions {
    std::string ref, est;
    std::string ref_format = "auto", est_format = "auto";
    slam::AssociationConfig assoc;
    bool json = false;
    std::string out_dir;
};

RunFn setupKitti(CLI::App &cmd) {
    auto o = std::make_shared<KittiOptions>();
    cmd.add_option("REF", o->ref, "Ground truth (KITTI poses file, or any trajectory form)")->required();
    cmd.add_option("EST", o->est, "Estimate")->required();
    const std::vector<std::string> formats = {"auto", "tum", "kitti", "euroc", "bag"};
    cmd.add_option("--ref-format", o->ref_format, "Reference format (default: detected)")
        ->check(CLI::IsMember(formats));
    cmd.add_option("--est-format", o->est_format, "Estimate format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--t-max-diff", o->assoc.t_max_diff, "For timestamped input: largest stamp difference of a pair [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t-offset", o->assoc.t_offset, "For timestamped input: added to the estimate's stamps [s]")
        ->capture_default_str();
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    cmd.add_option("-o,--output", o->out_dir, "Write the per-segment errors (kitti_segments.csv) here");
    return [o]() -> int {
        auto input = io::loadTrajectoryPair(o->ref, o->ref_format, o->est, o->est_format);
        if (!input) return fail("kitti", input.error());
        auto e = slam::evaluateKitti(std::move(input->ref), std::move(input->est), o->assoc);
        if (!e) return fail("kitti", e.error());
        if (Status s = o->out_dir.empty() ? Status() : io::writeKittiSegments(o->out_dir, e->result); !s.ok()) {
            return fail("kitti", s.error());
        }
        fmt::print("{}", o->json ? io::kittiJson(*e).dump(2) + "\n" : io::kittiText(*e));
        return 0;
    };
}

const RegisterCommand kKittiRegistration("kitti", "KITTI odometry benchmark metric (segments of 100..800 m)",
                                         setupKitti, 42);

}  // namespace
}  // namespace robometrics::app
