#include "robometrics/slam/SlamRunEvaluation.hpp"

#include "robometrics/slam/MapEvaluationJson.hpp"
#include "robometrics/slam/TrajectoryErrorJson.hpp"

namespace robometrics::slam {

namespace {

RunTrajectoryError figureOf(const TrajectoryErrorResult &r) {
    return {r.stats, r.prepared.association.size(), r.prepared.alignment};
}

nlohmann::json figureJson(const RunTrajectoryError &f) {
    nlohmann::json j = errorStatisticsJson(f.stats);
    j["matched"] = f.matched;
    j["alignment"] = alignmentJson(f.alignment);
    return j;
}

template <class T>
nlohmann::json orNull(const std::optional<T> &value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

void evaluateTrajectories(const SlamRunInputs &in, const SlamRunConfig &config, SlamRunResult &out) {
    if (!in.estimate) {
        out.ate_error = in.estimate.message();
        return;
    }
    TrajectoryEvalConfig c = config.trajectory;
    c.align = AlignMode::Se3;
    auto ate = evaluateApe(in.gt, *in.estimate, c, PoseRelation::Trans);
    if (!ate) {
        out.ate_error = ate.message();
        return;
    }
    out.ate = figureOf(*ate);
    c.align = AlignMode::Origin;
    if (auto origin = evaluateApe(in.gt, *in.estimate, c, PoseRelation::Trans)) out.ate_origin = figureOf(*origin);
    c.align = AlignMode::None;  // SE(3) alignment does not change RPE
    if (auto rpe = evaluateRpe(in.gt, *in.estimate, c, config.rpe)) {
        out.rpe = figureOf(*rpe);
    } else {
        out.rpe_error = rpe.message();
    }
}

}  // namespace

Result<SlamRunResult> evaluateSlamRun(const SlamRunInputs &in, const SlamRunConfig &config) {
    SlamRunResult out;
    out.config = config;
    evaluateTrajectories(in, config, out);
    out.motion = summariseMotion(in.recording.odometry, config.motion);
    out.scans = in.recording.scans;
    if (out.ate) out.drift_per_m = driftPerMetre(out.ate->stats.rmse, out.motion.path_length_m);
    if (out.motion.movement_start_s) {
        out.movement_start_s = *out.motion.movement_start_s - in.recording.start_s;
        out.duration_s = in.recording.end_s - *out.motion.movement_start_s;
    }
    if (in.gt_map && in.estimated_map && !*in.estimated_map) out.map_error = in.estimated_map->message();
    if (in.gt_map && in.estimated_map && *in.estimated_map) {
        MapEvalConfig map_config;
        // Accessible coverage counts the free space reachable from where the robot started.
        if (!in.gt.empty()) map_config.start_position = in.gt.positions.front().head<2>();
        auto map = evaluateMaps(*in.gt_map, **in.estimated_map, map_config);
        if (!map) return map.error();
        out.map = std::move(*map);
    }
    RunObservations obs;
    obs.setMotion(out.motion);
    obs.scan_messages = out.scans;
    if (out.ate) obs.ate_rmse_m = out.ate->stats.rmse;
    out.assessment = assessRun(obs, config.thresholds);
    return out;
}

nlohmann::json slamRunToJson(const SlamRunResult &r, const std::string &bag) {
    nlohmann::json j;
    j["bag"] = bag;
    j["ate"] = nullptr;
    j["ate_origin"] = nullptr;
    j["rpe"] = nullptr;
    if (r.ate_error) j["ate_error"] = *r.ate_error;
    if (r.ate) {
        j["ate"] = figureJson(*r.ate);
        j["ate"]["align"] = "se3";
    }
    if (r.ate_origin) {
        j["ate_origin"] = figureJson(*r.ate_origin);
        j["ate_origin"]["align"] = "origin";
    }
    if (r.rpe) {
        j["rpe"] = figureJson(*r.rpe);
        j["rpe"]["delta"] = r.config.rpe.delta;
        j["rpe"]["delta_unit"] = deltaUnitName(r.config.rpe.delta_unit);
    }
    if (r.rpe_error) j["rpe_error"] = *r.rpe_error;
    j["odometry_messages"] = r.motion.samples;
    j["scan_messages"] = r.scans;
    j["path_length_m"] = r.motion.path_length_m;
    j["max_speed_mps"] = r.motion.max_speed_mps;
    j["drift_per_m"] = orNull(r.drift_per_m);
    j["movement_start_s"] = orNull(r.movement_start_s);
    j["duration_s"] = orNull(r.duration_s);
    j["map"] = r.map ? mapEvalToJson(*r.map) : nlohmann::json(nullptr);
    if (r.map_error) j["map_error"] = *r.map_error;
    j["anomalies"] = nlohmann::json::array();
    for (const Anomaly &a : r.assessment.anomalies) {
        j["anomalies"].push_back(
            {{"code", a.code}, {"message", a.message}, {"value", a.value}, {"threshold", a.threshold}});
    }
    j["verdict"] = r.assessment.verdict();
    const FailureThresholds &t = r.config.thresholds;
    j["thresholds"] = {{"max_speed_mps", t.max_speed_mps},
                       {"min_path_m", t.min_path_m},
                       {"max_ate_m", t.max_ate_m},
                       {"require_scan", t.require_scan}};
    return j;
}

}  // namespace robometrics::slam
