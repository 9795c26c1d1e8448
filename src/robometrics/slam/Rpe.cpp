#include "robometrics/slam/Rpe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/slam/TrajectoryGeometry.hpp"

namespace robometrics::slam {

namespace {

using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;

double distance(const Eigen::Vector3d &a, const Eigen::Vector3d &b) {
    const Eigen::Vector3d d = a - b;
    return std::sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z());
}

Pairs pairsByIndex(std::size_t n, std::size_t delta, bool all_pairs) {
    Pairs pairs;
    if (all_pairs) {
        for (std::size_t i = 0; i + delta < n; ++i) pairs.emplace_back(i, i + delta);
    } else {
        for (std::size_t i = 0; i + delta < n; i += delta) pairs.emplace_back(i, i + delta);
    }
    return pairs;
}

/// Pairs from ids recorded along the trajectory: (ids[k], ids[k + 1]).
Pairs chain(const std::vector<std::size_t> &ids) {
    Pairs pairs;
    for (std::size_t k = 0; k + 1 < ids.size(); ++k) pairs.emplace_back(ids[k], ids[k + 1]);
    return pairs;
}

Pairs pairsByPath(const Trajectory &t, double delta, double tol, bool all_pairs) {
    const std::size_t n = t.size();
    if (!all_pairs) {
        std::vector<std::size_t> ids;
        double path = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            path += distance(t.positions[i], t.positions[i == 0 ? 0 : i - 1]);
            if (path >= delta) {
                ids.push_back(i);
                path = 0.0;
            }
        }
        return chain(ids);
    }
    // Accumulated distances as numpy's cumsum gives them (sequential), starting at 0.
    std::vector<double> d(n, 0.0);
    for (std::size_t i = 1; i < n; ++i) d[i] = d[i - 1] + distance(t.positions[i - 1], t.positions[i]);
    Pairs pairs;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        // g(j) = (d_j - d_i) - delta is non-decreasing in j; |g| falls until the first g >= 0.
        auto g = [&](std::size_t j) { return (d[j] - d[i]) - delta; };
        auto first = d.begin() + static_cast<std::ptrdiff_t>(i + 1);
        auto it = std::partition_point(first, d.end(), [&](double v) { return (v - d[i]) - delta < 0.0; });
        std::size_t k = static_cast<std::size_t>(it - d.begin());
        std::size_t best = k;
        if (k > i + 1) {
            // The first index holding the value just below: argmin's tie rule within a plateau.
            const double below_value = d[k - 1];
            std::size_t b = static_cast<std::size_t>(
                std::lower_bound(first, first + static_cast<std::ptrdiff_t>(k - i - 1), below_value) - d.begin());
            if (k == n || std::abs(g(b)) <= std::abs(g(k))) best = b;
        }
        if (std::abs(g(best)) > tol) continue;
        pairs.emplace_back(i, best);
    }
    return pairs;
}

double angleBetween(const Trajectory &t, std::size_t i, std::size_t j, bool degrees) {
    double a = rotationAngle(t.rotation(i).transpose() * t.rotation(j));
    return degrees ? a * (180.0 / M_PI) : a;
}

Pairs pairsByAngle(const Trajectory &t, double delta, double tol, bool degrees, bool all_pairs) {
    const std::size_t n = t.size();
    Pairs pairs;
    if (all_pairs) {
        const double upper = delta + tol, lower = delta - tol;
        for (std::size_t i = 0; i + 1 < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) {
                double a = angleBetween(t, i, j, degrees);
                if (lower <= a && a <= upper) pairs.emplace_back(i, j);
            }
        }
        return pairs;
    }
    double accumulated = 0.0;
    std::size_t start = 0;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        accumulated += angleBetween(t, i, i + 1, degrees);
        if (accumulated >= delta) {
            pairs.emplace_back(start, i + 1);
            accumulated = 0.0;
            start = i + 1;
        }
    }
    return pairs;
}

}  // namespace

Result<DeltaUnit> parseDeltaUnit(const std::string &name) {
    if (name == "f") return DeltaUnit::Frames;
    if (name == "m") return DeltaUnit::Meters;
    if (name == "d") return DeltaUnit::Degrees;
    if (name == "r") return DeltaUnit::Radians;
    return Error{"unknown delta unit '" + name + "' (expected f, m, d or r)"};
}

const char *deltaUnitName(DeltaUnit unit) {
    switch (unit) {
        case DeltaUnit::Frames:
            return "f";
        case DeltaUnit::Meters:
            return "m";
        case DeltaUnit::Degrees:
            return "d";
        case DeltaUnit::Radians:
            return "r";
    }
    return "f";
}

Result<Pairs> rpePairs(const Trajectory &trajectory, double delta, DeltaUnit unit, double delta_tol, bool all_pairs) {
    if (!(delta > 0.0) || !std::isfinite(delta)) return Error{fmt::format("--delta must be positive, got {}", delta)};
    switch (unit) {
        case DeltaUnit::Frames: {
            auto frames = static_cast<std::size_t>(delta);  // evo: int(delta)
            if (frames == 0) return Error{fmt::format("--delta {} is less than one frame", delta)};
            return pairsByIndex(trajectory.size(), frames, all_pairs);
        }
        case DeltaUnit::Meters:
            return pairsByPath(trajectory, delta, delta * delta_tol, all_pairs);
        case DeltaUnit::Degrees:
            return pairsByAngle(trajectory, delta, delta * delta_tol, true, all_pairs);
        case DeltaUnit::Radians:
            return pairsByAngle(trajectory, delta, delta * delta_tol, false, all_pairs);
    }
    return Pairs{};
}

Result<RpeResult> computeRpe(const Trajectory &ref, const Trajectory &est, const RpeConfig &config) {
    if (ref.size() != est.size()) return Error{"RPE needs associated trajectories of equal length"};
    auto pairs = rpePairs(config.pairs_from_reference ? ref : est, config.delta, config.delta_unit, config.delta_tol,
                          config.all_pairs);
    if (!pairs) return pairs.error();
    if (pairs->empty()) {
        return Error{fmt::format("no pose pairs for --delta {} --delta-unit {} among the {} associated poses ({})",
                                 config.delta, deltaUnitName(config.delta_unit), ref.size(),
                                 config.all_pairs ? "all pairs" : "consecutive pairs")};
    }
    RpeResult out;
    out.pairs.reserve(pairs->size());
    out.errors.reserve(pairs->size());
    for (auto [i, j] : *pairs) {
        double value = 0.0;
        if (config.relation == PoseRelation::PointDistance ||
            config.relation == PoseRelation::PointDistanceErrorRatio) {
            double ref_d = distance(ref.positions[j], ref.positions[i]);
            double est_d = distance(est.positions[j], est.positions[i]);
            value = std::abs(ref_d - est_d);
            if (config.relation == PoseRelation::PointDistanceErrorRatio) {
                if (ref_d == 0.0) continue;
                value = value / ref_d * 100.0;
            }
        } else {
            // Q_ij = Q_i^-1 Q_j, P_ij = P_i^-1 P_j, E = Q_ij^-1 P_ij (rotations R, translations t).
            const Eigen::Matrix3d rq_i = ref.rotation(i).transpose(), rp_i = est.rotation(i).transpose();
            const Eigen::Matrix3d rq = rq_i * ref.rotation(j), rp = rp_i * est.rotation(j);
            const Eigen::Vector3d tq = rq_i * ref.positions[j] - rq_i * ref.positions[i];
            const Eigen::Vector3d tp = rp_i * est.positions[j] - rp_i * est.positions[i];
            const Eigen::Matrix3d rq_inv = rq.transpose();
            value = poseErrorValue(rq_inv * rp, rq_inv * tp - rq_inv * tq, config.relation);
        }
        out.pairs.emplace_back(i, j);
        out.errors.push_back(value);
    }
    if (out.errors.empty())
        return Error{"every reference pair has zero distance, so point_distance_error_ratio is undefined"};
    return out;
}

}  // namespace robometrics::slam
