#include "robometrics/slam/TrajectoryAssociation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "robometrics/core/HugePages.hpp"
#include "robometrics/slam/NearestStamps.hpp"

namespace robometrics::slam {

namespace {

/// Explains a failed association: the stamp ranges, and how close the nearest pair came.
std::string noMatchReason(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    auto [ref_lo, ref_hi] = std::minmax_element(ref.stamps.begin(), ref.stamps.end());
    auto [est_lo, est_hi] = std::minmax_element(est.stamps.begin(), est.stamps.end());
    std::vector<std::size_t> q, t;
    // With an unlimited tolerance every estimate pose finds a partner; the smallest gap is the answer.
    matchNearest(est.stamps, ref.stamps, -config.t_offset, INFINITY, q, t);
    double closest = INFINITY;
    for (std::size_t k = 0; k < q.size(); ++k) {
        closest = std::min(closest, std::abs(ref.stamps[t[k]] - (est.stamps[q[k]] + config.t_offset)));
    }
    return fmt::format(
        "no matching timestamps: 0 of {} possible pairs within --t-max-diff {} s (reference stamps {:.9g}..{:.9g} s, "
        "estimate stamps {:.9g}..{:.9g} s with --t-offset {} s; the closest pair is {:.6g} s apart). Check that both "
        "use the same clock, or set --t-offset / --t-max-diff",
        std::min(ref.size(), est.size()), config.t_max_diff, *ref_lo, *ref_hi, *est_lo, *est_hi, config.t_offset,
        closest);
}

Association associateOneToOne(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    // Candidates via a sorted sweep over the estimate stamps (shifted by the offset).
    std::vector<double> shifted(est.size());
    for (std::size_t j = 0; j < est.size(); ++j) shifted[j] = est.stamps[j] + config.t_offset;
    std::vector<std::size_t> order(est.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return shifted[a] < shifted[b]; });
    std::vector<double> sorted(est.size());
    for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = shifted[order[k]];

    struct Candidate {
        double diff;
        std::size_t ref, est;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < ref.size(); ++i) {
        double a = ref.stamps[i];
        // Only stamps within the tolerance can qualify; the exact test below decides.
        auto first = std::lower_bound(sorted.begin(), sorted.end(), a - config.t_max_diff - 1e-9 * std::abs(a));
        for (auto it = first; it != sorted.end() && *it <= a + config.t_max_diff + 1e-9 * std::abs(a); ++it) {
            std::size_t j = order[static_cast<std::size_t>(it - sorted.begin())];
            double diff = std::abs(a - shifted[j]);
            if (diff < config.t_max_diff) candidates.push_back({diff, i, j});
        }
    }
    std::sort(candidates.begin(), candidates.end(), [&](const Candidate &x, const Candidate &y) {
        return std::tie(x.diff, ref.stamps[x.ref], est.stamps[x.est], x.ref, x.est) <
               std::tie(y.diff, ref.stamps[y.ref], est.stamps[y.est], y.ref, y.est);
    });
    std::vector<char> ref_used(ref.size(), 0), est_used(est.size(), 0);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const Candidate &c : candidates) {
        if (ref_used[c.ref] || est_used[c.est]) continue;
        ref_used[c.ref] = est_used[c.est] = 1;
        pairs.emplace_back(c.ref, c.est);
    }
    std::sort(pairs.begin(), pairs.end(), [&](const auto &x, const auto &y) {
        return std::tie(ref.stamps[x.first], est.stamps[x.second], x.first) <
               std::tie(ref.stamps[y.first], est.stamps[y.second], y.first);
    });
    Association out;
    for (auto [i, j] : pairs) {
        out.ref_indices.push_back(i);
        out.est_indices.push_back(j);
    }
    return out;
}

}  // namespace

Result<AssociationMethod> parseAssociationMethod(const std::string &name) {
    if (name == "nearest" || name == "evo") return AssociationMethod::Nearest;
    if (name == "one-to-one" || name == "tum") return AssociationMethod::OneToOne;
    return Error{"unknown association '" + name + "' (expected nearest or one-to-one)"};
}

void matchNearest(const std::vector<double> &query, const std::vector<double> &target, double target_offset,
                  double max_diff, std::vector<std::size_t> &query_out, std::vector<std::size_t> &target_out) {
    query_out.clear();
    target_out.clear();
    reserveInHugePages(query_out, query.size());
    reserveInHugePages(target_out, query.size());
    forEachNearestStamp(query, target, target_offset, max_diff, [&](std::size_t i, std::size_t j) {
        query_out.push_back(i);
        target_out.push_back(j);
        return true;
    });
}

std::optional<PairRuns> nearestPairRuns(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    if (config.method != AssociationMethod::Nearest || !ref.timestamped || !est.timestamped || ref.empty() ||
        est.empty()) {
        return std::nullopt;
    }
    // The sides of associate(): the shorter trajectory queries the other.
    const bool ref_queries = est.size() > ref.size();
    const Trajectory &query = ref_queries ? ref : est;
    const Trajectory &target = ref_queries ? est : ref;
    std::vector<IndexRun> query_runs, target_runs;
    std::size_t pairs = 0;
    bool in_order = true;
    // The query's indices only grow; the target's must too, else the runs cannot be kept in place.
    // Trajectories at different rates make a run of each pair: stop once the runs hold more than
    // a quarter of the lists' bytes (after the first 64).
    forEachNearestStamp(query.stamps, target.stamps, ref_queries ? config.t_offset : -config.t_offset,
                        config.t_max_diff, [&](std::size_t i, std::size_t j) {
                            ++pairs;
                            if (!query_runs.empty()) {
                                IndexRun &q = query_runs.back(), &t = target_runs.back();
                                if (i == q.first + q.length && j == t.first + t.length) {
                                    ++q.length;
                                    ++t.length;
                                    return true;
                                }
                                in_order = j >= t.first + t.length &&
                                           (query_runs.size() < 64 || 4 * query_runs.size() < pairs);
                            }
                            query_runs.push_back({i, 1});
                            target_runs.push_back({j, 1});
                            return in_order;
                        });
    if (!in_order || pairs == 0) return std::nullopt;
    PairRuns out;
    out.ref = std::move(ref_queries ? query_runs : target_runs);
    out.est = std::move(ref_queries ? target_runs : query_runs);
    out.association.pairs = pairs;
    out.association.max_pairs = std::min(ref.size(), est.size());
    out.association.ref_poses = ref.size();
    out.association.est_poses = est.size();
    return out;
}

Result<Association> associate(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    if (ref.empty() || est.empty())
        return Error{ref.empty() ? "the reference has no poses" : "the estimate has no poses"};
    Association out;
    if (!ref.timestamped || !est.timestamped) {
        if (ref.size() != est.size()) {
            return Error{
                fmt::format("a trajectory without timestamps (KITTI) is paired by index, so both need the same "
                            "number of poses: the reference has {}, the estimate {}",
                            ref.size(), est.size())};
        }
        out.ref_indices.resize(ref.size());
        std::iota(out.ref_indices.begin(), out.ref_indices.end(), 0);
        out.est_indices = out.ref_indices;
    } else if (config.method == AssociationMethod::OneToOne) {
        out = associateOneToOne(ref, est, config);
    } else if (est.size() > ref.size()) {
        matchNearest(ref.stamps, est.stamps, config.t_offset, config.t_max_diff, out.ref_indices, out.est_indices);
    } else {
        matchNearest(est.stamps, ref.stamps, -config.t_offset, config.t_max_diff, out.est_indices, out.ref_indices);
    }
    out.pairs = out.ref_indices.size();
    if (out.size() == 0) return Error{noMatchReason(ref, est, config)};
    out.max_pairs = std::min(ref.size(), est.size());
    out.ref_poses = ref.size();
    out.est_poses = est.size();
    return out;
}

}  // namespace robometrics::slam
