#include "robometrics/slam/FailureHeuristics.hpp"

#include <fmt/format.h>

namespace robometrics::slam {

void RunObservations::setMotion(const RunMotion &motion) {
    odometry_messages = motion.samples;
    path_length_m = motion.path_length_m;
    max_speed_mps = motion.max_speed_mps;
    max_speed_at_s = motion.max_speed_at_s;
    max_speed_step_m = motion.max_speed_step_m;
    max_speed_interval_s = motion.max_speed_interval_s;
    max_speed_from_stamps = motion.max_speed_from_stamps;
}

FailureAssessment assessRun(const RunObservations &run, const FailureThresholds &t) {
    FailureAssessment a;
    if (t.require_odometry && run.odometry_messages == 0) {
        a.anomalies.push_back({"no_odometry", "no odometry data found", 0.0, 1.0});
    }
    if (t.require_scan && run.scan_messages == 0) {
        a.anomalies.push_back({"no_scan", "no laser scan data found", 0.0, 1.0});
    }
    if (run.odometry_messages > 0) {
        if (t.check_stuck && run.path_length_m < t.min_path_m) {
            a.anomalies.push_back({"stuck",
                                   fmt::format("robot barely moved: {:.3f} m of odometry path (stuck or process "
                                               "failure)",
                                               run.path_length_m),
                                   run.path_length_m, t.min_path_m, std::nullopt,
                                   {{"odometry_messages", static_cast<double>(run.odometry_messages)}}});
        }
        if (run.max_speed_mps > t.max_speed_mps) {
            a.anomalies.push_back({"teleport",
                                   fmt::format("{}: odometry speed pulse of {:.2f} m/s at t = {:.3f} s{}",
                                               run.odometry_topic.empty()
                                                   ? std::string("major TF jump")
                                                   : "odometry jump on " + run.odometry_topic,
                                               run.max_speed_mps, run.max_speed_at_s,
                                               run.max_speed_interval_s > 0
                                                   ? fmt::format(" ({:.3f} m in {:.3f} s of {})", run.max_speed_step_m,
                                                                 run.max_speed_interval_s,
                                                                 run.max_speed_from_stamps ? "header stamps" : "log time")
                                                   : ""),
                                   run.max_speed_mps,
                                   t.max_speed_mps,
                                   run.max_speed_at_s,
                                   {{"step_m", run.max_speed_step_m},
                                    {"interval_s", run.max_speed_interval_s},
                                    {"interval_from_stamps", run.max_speed_from_stamps ? 1.0 : 0.0}}});
        }
    }
    if (run.ate_rmse_m && *run.ate_rmse_m > t.max_ate_m) {
        a.anomalies.push_back(
            {"drift", fmt::format("massive drift: ATE RMSE {:.3f} m", *run.ate_rmse_m), *run.ate_rmse_m, t.max_ate_m});
    }
    return a;
}

}  // namespace robometrics::slam
