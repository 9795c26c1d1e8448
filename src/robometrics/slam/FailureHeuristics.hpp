#pragma once
// The failure heuristics of the SLAM benchmark seed, as a pure function of what a run recorded.
// Each check is strict (value beyond the threshold), every threshold is a parameter, and each
// anomaly carries a code, a message, the measured value and the threshold:
//   no_odometry   no odometry message at all, when required (then stuck/teleport are not checked)
//   no_scan       no laser scan message, when required
//   stuck         2-D odometry path length < min_path_m
//   teleport      fastest odometry step > max_speed_mps ("major TF jump", or "odometry jump on TOPIC")
//   drift         ATE RMSE > max_ate_m
// Any anomaly makes the verdict "potential_failure"; otherwise "ok".

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/slam/SlamRun.hpp"

namespace robometrics::slam {

struct FailureThresholds {
    double max_speed_mps = 1.5;
    double min_path_m = 0.2;
    double max_ate_m = 1.0;
    bool require_scan = true;
    bool require_odometry = true;
    /// BenchBot's whole-run rule for stuck (slam-eval). `evaluate` judges stuck from what the
    /// robot was told to do instead (activity/StuckDetector) and turns this off.
    bool check_stuck = true;
};

struct RunObservations {
    std::size_t odometry_messages = 0;
    std::size_t scan_messages = 0;
    double path_length_m = 0;
    double max_speed_mps = 0;
    double max_speed_at_s = 0;
    double max_speed_step_m = 0;        ///< distance of the fastest interval
    double max_speed_interval_s = 0;    ///< its duration
    bool max_speed_from_stamps = false; ///< the duration is from header stamps (else log time)
    std::optional<double> ate_rmse_m;  ///< empty when no ATE could be computed
    /// The odometry topic, when known: the teleport anomaly then names it and says "odometry
    /// jump" (the seed's text calls every jump a "major TF jump").
    std::string odometry_topic;

    /// Fills the odometry fields from a motion summary.
    void setMotion(const RunMotion &motion);
};

struct Anomaly {
    std::string code;
    std::string message;
    double value = 0;
    double threshold = 0;
    std::optional<double> time_s;  ///< when it happened (seconds on the run axis), if at one moment
    /// The measured values behind it, so a person can check it ("step_m", "interval_s", ...).
    std::vector<std::pair<std::string, double>> evidence;
    std::optional<double> end_time_s;  ///< when it ended, for an anomaly that lasted (run axis)
    /// Said, but no failure of the system under test: it leaves the verdict as it is (a stretch of
    /// the recording lost to damaged storage, `recording_damaged`).
    bool informs_only = false;
    /// The robot it concerns in a multi-robot recording (its namespace, "robot2"); empty otherwise.
    std::string robot;
};

struct FailureAssessment {
    std::vector<Anomaly> anomalies;
    bool potentialFailure() const { return !anomalies.empty(); }
    const char *verdict() const { return anomalies.empty() ? "ok" : "potential_failure"; }
};

FailureAssessment assessRun(const RunObservations &run, const FailureThresholds &thresholds = {});

}  // namespace robometrics::slam
