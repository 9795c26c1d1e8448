#include "robometrics/evaluate/TrajectoryStage.hpp"

#include <algorithm>
#include <filesystem>

#include "robometrics/evaluate/RobotStage.hpp"
#include "robometrics/evaluate/TfTrack.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/MatchedPairs.hpp"

namespace robometrics::evaluate {

namespace {

io::TrajectorySource ownTfEstimate(const TrajectorySetup &setup) {
    return io::TrajectorySource::bagTf(setup.bag, "map", "base_link");
}

/// Whether the estimate TF map -> base_link is an ATE candidate of this evaluation.
bool estimateFromOwnTf(const TrajectorySetup &setup) {
    const std::vector<io::TrajectorySource> &candidates = setup.estimate_candidates;
    return setup.ground_truth &&
           std::find(candidates.begin(), candidates.end(), ownTfEstimate(setup)) != candidates.end();
}

/// Whether the odometry path is to be brought into map through TF map -> odom: only the report of
/// a run without a ground truth draws it (with one, the ATE's trajectories are drawn instead), and
/// the chain is as long as the odometry (47 MB on a 4-hour run).
bool odometryInMapWanted(const TrajectorySetup &setup) { return !setup.odometry_topic.empty() && !setup.ground_truth; }

io::TrajectoryLoadOptions windowed(const TrajectorySetup &setup) {
    io::TrajectoryLoadOptions options;
    options.window = setup.window;
    return options;
}

/// The poses of the estimate `candidate`, on disk where they can be (a 4-hour run's TF chain is
/// 47 MB, its poses matched with a 20 Hz ground truth 18 MB), or why there are none (the message
/// names the candidate). This bag's TF chain comes from the pass; any other candidate is read from
/// its bag or file.
Result<slam::PoseSource> estimatePoses(const TrajectorySetup &setup, const io::TrajectorySource &candidate,
                                       TfChains &chains) {
    if (chains.estimate && candidate == ownTfEstimate(setup)) {
        Result<slam::PoseLog> chain = std::move(*chains.estimate);
        chains.estimate.reset();  // each candidate is loaded once
        if (!chain) return chain.error();
        if (chain->empty()) return Error{candidate.spelling() + ": no poses"};
        return slam::PoseSource(std::move(*chain));
    }
    auto estimate = io::readTrajectory(candidate, windowed(setup));
    if (!estimate) return estimate.error();
    if (estimate->empty()) return Error{candidate.spelling() + ": no poses"};
    return slam::PoseSource(std::move(*estimate));
}

}  // namespace

TrajectorySetup trajectorySetup(const RunInputs &inputs, const nodes::TopicChoice &topics,
                                const EvaluateOptions &options,
                                const std::optional<std::pair<std::string, std::string>> &tf_ground_truth) {
    using io::TrajectorySource;
    TrajectorySetup setup;
    setup.bag = inputs.bag;
    if (options.gt_trajectory) {
        setup.ground_truth = options.gt_trajectory;
    } else if (inputs.gt_trajectory) {
        setup.ground_truth = TrajectorySource::file(*inputs.gt_trajectory);
    } else if (tf_ground_truth) {
        setup.ground_truth = TrajectorySource::bagTf(inputs.bag, tf_ground_truth->first, tf_ground_truth->second);
    } else if (!topics.ground_truth.empty()) {
        setup.ground_truth = TrajectorySource::bagTopic(inputs.bag, topics.ground_truth);
        setup.ground_truth->entry = topics.ground_truth_entry;
    }
    setup.ground_truth_map = options.gt_map ? options.gt_map : inputs.gt_map;
    if (options.est_trajectory) {
        setup.estimate_candidates = {*options.est_trajectory};
    } else {
        if (topics.tf) setup.estimate_candidates.push_back(ownTfEstimate(setup));
        if (!topics.amcl_pose.empty())
            setup.estimate_candidates.push_back(TrajectorySource::bagTopic(inputs.bag, topics.amcl_pose));
        if (!topics.odometry.empty())
            setup.estimate_candidates.push_back(TrajectorySource::bagTopic(inputs.bag, topics.odometry));
    }
    setup.odometry_topic = topics.odometry;
    setup.map_topic = topics.map;
    setup.t_max_diff = options.t_max_diff;
    setup.threads = options.threads;
    return setup;
}

PassWants passWants(const TrajectorySetup &setup) {
    PassWants wants;
    // Built while the bag is read, so that the recording keeps only the transforms a pose not yet
    // built needs: map -> odom for the odometry path in map, map -> base_link for the estimate.
    if (odometryInMapWanted(setup)) wants.tf_chains.emplace_back("map", "odom");
    if (estimateFromOwnTf(setup)) wants.tf_chains.emplace_back("map", "base_link");
    wants.map = setup.ground_truth_map.has_value();
    wants.tf_ground_truth = !setup.ground_truth;
    return wants;
}

TfChains takeTfChains(const TrajectorySetup &setup, const RunClock &clock, const OdometryLog &odometry,
                      PassRecordings &pass, std::vector<std::string> &caveats) {
    TfChains chains;
    if (!pass.tf) return chains;
    if (!odometry.empty() && odometryInMapWanted(setup)) {
        auto map_odom = pass.tf->takeStreamedChain(setup.bag, "map", "odom");
        if (map_odom && !map_odom->empty()) {
            RunPath aligned = odometryInMap(setup.odometry_topic + " via TF map->odom", odometry, clock, *map_odom);
            if (!aligned.t.empty()) chains.odometry_in_map = std::move(aligned);
        }
    }
    if (estimateFromOwnTf(setup)) chains.estimate = pass.tf->takeStreamedPoses(setup.bag, "map", "base_link");
    for (const std::string &note : pass.tf->streamNotes()) caveats.push_back(note);
    return chains;
}

GroundTruthRead readGroundTruth(const TrajectorySetup &setup) {
    // A file of at most this size is parsed on the second thread while the analyses after the
    // pass run on the first; it is held whole until the ATE has taken its poses, so a larger file,
    // which would add its size to their memory, is read when the ATE needs it, as with one thread.
    constexpr std::uintmax_t kMostGroundTruthBytesBeside = std::uintmax_t{16} << 20;  // 100k TUM poses
    if (!setup.ground_truth) return {};
    std::error_code ec;
    const std::uintmax_t bytes =
        setup.ground_truth->inBag() ? 0 : std::filesystem::file_size(setup.ground_truth->path, ec);
    const bool beside =
        setup.threads > 1 && !setup.ground_truth->inBag() && !ec && bytes <= kMostGroundTruthBytesBeside;
    return std::async(
        beside ? std::launch::async : std::launch::deferred,
        [source = *setup.ground_truth, options = windowed(setup)] { return io::readTrajectory(source, options); });
}

Result<StageFinding<TrajectoryResult>> evaluateTrajectory(const TrajectorySetup &setup, TfChains &chains,
                                                          GroundTruthRead ground_truth) {
    using Found = StageFinding<TrajectoryResult>;
    if (!ground_truth.valid()) {
        return Found{{}, "trajectory: no ground-truth trajectory (gt_trajectory.* or --gt-traj), ATE skipped"};
    }
    // The whole reference goes to disk twice: its positions for the plot, its poses for matching.
    auto loaded = ground_truth.get();
    // A window may hold none of the ground truth's poses: then no ATE, as without a ground truth.
    if (!loaded && setup.window && setup.ground_truth->inBag())
        return Found{{}, "trajectory: ATE skipped: " + loaded.message()};
    if (!loaded) return loaded.error();
    TrajectoryResult result;
    result.keepReference(*loaded);
    const slam::PoseSource reference(std::move(*loaded));
    std::string last_error =
        "no estimate source in the bag (TF map->base_link, a PoseWithCovarianceStamped or Odometry)";
    for (const io::TrajectorySource &candidate : setup.estimate_candidates) {
        slam::AssociationConfig association_config;
        association_config.t_max_diff = setup.t_max_diff;
        auto estimate = estimatePoses(setup, candidate, chains);
        if (!estimate) {
            last_error = estimate.message();
            continue;
        }
        // Associated on their stamps; the matched pairs' positions go to disk and both alignments
        // and their errors are computed in passes over them (slam::MatchedPairs): no trajectory is
        // held in memory, bit for bit the same numbers.
        auto association = slam::associate(reference.stampsOnly(), estimate->stampsOnly(), association_config);
        if (!association) {
            last_error = candidate.spelling() + ": " + association.message();
            continue;
        }
        const slam::MatchedPairs pairs = slam::MatchedPairs::of(reference, *estimate, *association);
        *association = {};  // not read again
        result.clearPairs();
        auto ape = pairs.ape([&result](const slam::MatchedPairs::Pair &p, double se3, double origin,
                                       const Eigen::Vector3d &est) {
            result.addPair(AtePair{p.stamp, se3, origin, {p.ref[0], p.ref[1], p.ref[2]}, {est.x(), est.y(), est.z()}});
        });
        if (!ape) {
            last_error = candidate.spelling() + ": " + ape.message();
            continue;
        }
        result.estimate_source = candidate.spelling();
        result.se3 = ape->se3;
        result.origin = ape->origin;
        result.scale = ape->se3_alignment.scale;
        return Found{std::move(result), {}};
    }
    return Found{{}, "trajectory: ATE skipped: " + last_error};
}

Result<StageFinding<slam::MapEvalResult>> evaluateMap(const TrajectorySetup &setup, PassRecordings &pass,
                                                      const std::optional<TrajectoryResult> &trajectory) {
    using Found = StageFinding<slam::MapEvalResult>;
    const std::optional<std::string> &gt = setup.ground_truth_map;
    if (!gt || !pass.map) {
        return Found{{},
                     gt ? "map: the bag has no OccupancyGrid topic, map metrics skipped"
                        : "map: no ground-truth map (gt_map.yaml or --gt-map), map metrics skipped"};
    }
    auto gt_grid = io::readMapServerMap(*gt);
    if (!gt_grid) return gt_grid.error();
    auto estimate = pass.map->take();
    if (!estimate) return estimate.error();
    slam::MapEvalConfig config;
    if (trajectory && trajectory->reference_start) config.start_position = *trajectory->reference_start;
    auto result = slam::evaluateMaps(*gt_grid, estimate->grid, config);
    if (!result) return withContext(setup.bag + ":" + setup.map_topic, result.error());
    return Found{std::move(result.value()), {}};
}

void evaluateMotion(Evaluation &e, const OdometryLog &odometry, const io::TfRecording *tf_only) {
    if (!odometry.empty()) {
        e.motion = motionOf(odometry, e.clock);
        e.motion_source = "odometry " + e.topics.odometry;
        return;
    }
    if (!tf_only) return;
    // Motion, path length and the drawn path of a TF-only recording, from its moving chain.
    const std::optional<TfTrack> track = tfTrack(*tf_only, e.inputs.bag, e.clock);
    if (!track) {
        e.notes.push_back("motion: no odometry, no ground-truth pose, and no moving TF chain");
        return;
    }
    slam::MotionSummary motion;
    RunPath path{track->label(), track->parent, {}, {}, {}};
    for (const slam::OdomSample &s : track->samples) {
        motion.add(s);
        path.t.push_back(s.t);
        path.x.push_back(s.x);
        path.y.push_back(s.y);
    }
    e.motion = motion.result();
    e.motion_source = track->label();
    e.paths.push_back(std::move(path));
}

void addOdometryPath(Evaluation &e, TfChains &chains, const OdometryLog &odometry) {
    if (e.trajectory) {
        e.paths.clear();  // the report draws the ATE's trajectories instead
        e.paths.shrink_to_fit();
        return;
    }
    if (odometry.empty()) return;
    if (chains.odometry_in_map) {
        e.paths.insert(e.paths.begin(), std::move(*chains.odometry_in_map));
        e.paths_aligned = true;
    } else {
        e.paths.insert(e.paths.begin(), odometryPath(e.topics.odometry, odometry, e.clock));
    }
}

}  // namespace robometrics::evaluate
