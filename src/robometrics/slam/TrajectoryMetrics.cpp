#include "robometrics/slam/TrajectoryMetrics.hpp"

#include "robometrics/slam/Ape.hpp"
#include "robometrics/slam/TrajectoryEdit.hpp"

namespace robometrics::slam {

namespace {

/// Aligns the matched pairs (the estimate onto the reference) and projects both, as `config` says.
Result<PreparedTrajectories> alignMatched(PreparedTrajectories out, const TrajectoryEvalConfig &config) {
    auto alignment = computeAlignment(out.ref, out.est, config.align, config.n_to_align);
    if (!alignment) return alignment.error();
    out.alignment = *alignment;
    if (config.align != AlignMode::None) applyAlignment(out.est, out.alignment);
    if (config.plane) {
        projectToPlane(out.ref, *config.plane);
        projectToPlane(out.est, *config.plane);
    }
    return out;
}

/// The statistics of `out.errors`, and the errors left empty unless `per_pose`
/// (TrajectoryEvalConfig::per_pose).
void summarise(TrajectoryErrorResult &out, bool per_pose) {
    if (per_pose) {
        out.stats = computeErrorStatistics(out.errors);
    } else {
        out.stats = computeErrorStatisticsInPlace(out.errors);
        out.errors = {};  // reordered: no longer one per pose
    }
}

/// The APE of prepared pairs.
Result<TrajectoryErrorResult> apeOf(Result<PreparedTrajectories> prepared, PoseRelation relation, bool per_pose) {
    if (!prepared) return prepared.error();
    TrajectoryErrorResult out;
    out.prepared = std::move(*prepared);
    auto errors = computeApe(out.prepared.ref, out.prepared.est, relation);
    if (!errors) return errors.error();
    out.errors = std::move(*errors);
    if (per_pose) {
        const std::vector<double> &stamps = out.prepared.est.stamps;
        reserveInHugePages(out.stamps, stamps.size());
        out.stamps.assign(stamps.begin(), stamps.end());
        reserveInHugePages(out.pose_indices, out.errors.size());
        for (std::size_t i = 0; i < out.errors.size(); ++i) out.pose_indices.push_back(i);
    }
    summarise(out, per_pose);
    return out;
}

/// The associated pairs, the estimate's poses kept in place and the reference's made by
/// `keepRef` from the association's indices.
template <class KeepRef>
Result<PreparedTrajectories> matchWith(const Trajectory &ref, Trajectory est, const AssociationConfig &config,
                                       KeepRef keepRef) {
    auto association = associate(ref, est, config);
    if (!association) return association.error();
    PreparedTrajectories out;
    out.ref = keepRef(association->ref_indices);
    out.est = std::move(est);
    keepPoses(out.est, association->est_indices);
    out.association = std::move(*association);
    return out;
}

}  // namespace

Result<PreparedTrajectories> prepareTrajectories(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config) {
    // Pairs in order, each pose taken once (trajectories at the same rate), are kept in place as
    // runs: no lists of a million indices made afresh (issue 62). The same poses in the same order
    // either way; at different rates the lists below.
    if (auto runs = nearestPairRuns(ref, est, config.association)) {
        PreparedTrajectories out;
        keepRuns(ref, runs->ref);
        keepRuns(est, runs->est);
        out.ref = std::move(ref);
        out.est = std::move(est);
        out.association = std::move(runs->association);
        return alignMatched(std::move(out), config);
    }
    // Both trajectories are the caller's to give up: the reference's pairs too are kept in place
    // (on 2 x 1M poses a copy of the reference cost a tenth of `ape`'s time: docs/ape.md).
    auto matched = matchWith(ref, std::move(est), config.association, [&](const std::vector<std::size_t> &indices) {
        keepPoses(ref, indices);
        return std::move(ref);
    });
    if (!matched) return matched.error();
    return alignMatched(std::move(*matched), config);
}

Result<PreparedTrajectories> matchTrajectories(const Trajectory &ref, Trajectory est, const AssociationConfig &config) {
    return matchWith(ref, std::move(est), config,
                     [&](const std::vector<std::size_t> &indices) { return selectPoses(ref, indices); });
}

Result<TrajectoryErrorResult> evaluateApe(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config,
                                          PoseRelation relation) {
    return apeOf(prepareTrajectories(std::move(ref), std::move(est), config), relation, config.per_pose);
}

Result<TrajectoryErrorResult> evaluateRpe(Trajectory ref, Trajectory est, const TrajectoryEvalConfig &config,
                                          const RpeConfig &rpe) {
    auto prepared = prepareTrajectories(std::move(ref), std::move(est), config);
    if (!prepared) return prepared.error();
    TrajectoryErrorResult out;
    out.prepared = std::move(*prepared);
    auto result = computeRpe(out.prepared.ref, out.prepared.est, rpe);
    if (!result) return result.error();
    out.errors = std::move(result->errors);
    if (config.per_pose) {
        out.stamps.reserve(result->pairs.size());
        for (auto [i, j] : result->pairs) {
            out.stamps.push_back(out.prepared.est.stamps[j]);
            out.pose_indices.push_back(j);
        }
    }
    summarise(out, config.per_pose);
    return out;
}

}  // namespace robometrics::slam
