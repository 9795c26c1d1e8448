#include "robometrics/slam/FailureHeuristics.hpp"

#include <fmt/format.h>

namespace robometrics::slam {

FailureAssessment assessRun(const RunObservations &run, const FailureThresholds &t) {
    FailureAssessment a;
    if (run.odometry_messages == 0) {
        a.anomalies.push_back({"no_odometry", "no odometry data found", 0.0, 1.0});
    }
    if (t.require_scan && run.scan_messages == 0) {
        a.anomalies.push_back({"no_scan", "no laser scan data found", 0.0, 1.0});
    }
    if (run.odometry_messages > 0) {
        if (run.path_length_m < t.min_path_m) {
            a.anomalies.push_back({"stuck",
                                   fmt::format("robot barely moved: {:.3f} m of odometry path (stuck or process "
                                               "failure)",
                                               run.path_length_m),
                                   run.path_length_m, t.min_path_m});
        }
        if (run.max_speed_mps > t.max_speed_mps) {
            a.anomalies.push_back({"teleport",
                                   fmt::format("major TF jump: odometry speed pulse of {:.2f} m/s at t = {:.3f} s",
                                               run.max_speed_mps, run.max_speed_at_s),
                                   run.max_speed_mps, t.max_speed_mps});
        }
    }
    if (run.ate_rmse_m && *run.ate_rmse_m > t.max_ate_m) {
        a.anomalies.push_back(
            {"drift", fmt::format("massive drift: ATE RMSE {:.3f} m", *run.ate_rmse_m), *run.ate_rmse_m, t.max_ate_m});
    }
    return a;
}

}  // namespace robometrics::slam
