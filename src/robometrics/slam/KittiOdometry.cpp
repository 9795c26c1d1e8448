#include "robometrics/slam/KittiOdometry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/slam/TrajectoryEdit.hpp"

namespace robometrics::slam {

namespace {

Eigen::Matrix4d poseMatrix(const Trajectory &t, std::size_t i) {
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    m.topLeftCorner<3, 3>() = t.rotation(i);
    m.topRightCorner<3, 1>() = t.positions[i];
    return m;
}

std::vector<float> trajectoryDistances(const Trajectory &gt) {
    std::vector<float> dist;
    dist.reserve(gt.size());
    dist.push_back(0.0f);
    for (std::size_t i = 1; i < gt.size(); ++i) {
        const float dx = static_cast<float>(gt.positions[i - 1].x() - gt.positions[i].x());
        const float dy = static_cast<float>(gt.positions[i - 1].y() - gt.positions[i].y());
        const float dz = static_cast<float>(gt.positions[i - 1].z() - gt.positions[i].z());
        dist.push_back(dist[i - 1] + std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    return dist;
}

constexpr std::array<float, 8> kLengths = {100, 200, 300, 400, 500, 600, 700, 800};
constexpr std::size_t kStepSize = 10;

}  // namespace

Result<KittiResult> computeKittiOdometry(const Trajectory &gt, const Trajectory &est) {
    if (gt.size() != est.size()) {
        return Error{
            fmt::format("the KITTI metric pairs poses by index: the ground truth has {} poses, the estimate {}",
                        gt.size(), est.size())};
    }
    if (gt.empty()) return Error{"the KITTI metric needs poses"};
    const std::vector<float> dist = trajectoryDistances(gt);
    KittiResult out;
    // Where each length's segment ended for the previous first frame: dist never decreases, so the
    // end for the next first frame lies at or after it and a forward walk finds it.
    std::array<std::size_t, kLengths.size()> ends{};
    for (std::size_t first = 0; first < gt.size(); first += kStepSize) {
        // The same for every length: computed once per first frame (identical values).
        const Eigen::Matrix4d gt_first_inv = poseMatrix(gt, first).inverse();
        const Eigen::Matrix4d est_first_inv = poseMatrix(est, first).inverse();
        for (std::size_t k = 0; k < kLengths.size(); ++k) {
            const float len = kLengths[k];
            // The first frame with dist > dist[first] + len.
            const float threshold = dist[first] + len;
            std::size_t &last = ends[k];
            last = std::max(last, first);
            while (last < dist.size() && !(dist[last] > threshold)) ++last;
            if (last == dist.size()) continue;
            const Eigen::Matrix4d delta_gt = gt_first_inv * poseMatrix(gt, last);
            const Eigen::Matrix4d delta_est = est_first_inv * poseMatrix(est, last);
            const Eigen::Matrix4d e = delta_est.inverse() * delta_gt;
            const float a = static_cast<float>(e(0, 0)), b = static_cast<float>(e(1, 1)),
                        c = static_cast<float>(e(2, 2));
            const float d = static_cast<float>(0.5 * (a + b + c - 1.0));
            const float r_err = std::acos(std::max(std::min(d, 1.0f), -1.0f));
            const float dx = static_cast<float>(e(0, 3)), dy = static_cast<float>(e(1, 3)),
                        dz = static_cast<float>(e(2, 3));
            const float t_err = std::sqrt(dx * dx + dy * dy + dz * dz);
            out.segments.push_back({first, last, len, t_err / len, r_err / len});
        }
    }
    if (out.segments.empty()) {
        return Error{
            fmt::format("no KITTI segment: the ground truth path is {:.3f} m long, the shortest segment is 100 m",
                        static_cast<double>(dist.back()))};
    }
    constexpr double kRadToDeg = 180.0 / M_PI;
    float t_sum = 0.0f, r_sum = 0.0f;
    for (const KittiSegment &s : out.segments) {
        t_sum += s.t_err;
        r_sum += s.r_err;
    }
    const float num = static_cast<float>(out.segments.size());
    out.n_segments = out.segments.size();
    out.t_err_pct = static_cast<double>(t_sum / num) * 100.0;
    out.r_err_deg_per_m = static_cast<double>(r_sum / num) * kRadToDeg;
    for (std::size_t k = 0; k < kLengths.size(); ++k) {
        float t = 0.0f, r = 0.0f;
        std::size_t n = 0;
        for (const KittiSegment &s : out.segments) {
            if (std::fabs(s.length - kLengths[k]) < 1.0f) {
                t += s.t_err;
                r += s.r_err;
                ++n;
            }
        }
        KittiLengthResult &l = out.per_length[k];
        l.length = kLengths[k];
        l.n = n;
        if (n > 0) {
            l.t_err_pct = static_cast<double>(t / static_cast<float>(n)) * 100.0;
            l.r_err_deg_per_m = static_cast<double>(r / static_cast<float>(n)) * kRadToDeg;
        }
    }
    return out;
}

Result<KittiEvaluation> evaluateKitti(Trajectory gt, Trajectory est, const AssociationConfig &association) {
    auto pairs = associate(gt, est, association);
    if (!pairs) return pairs.error();
    keepPoses(gt, pairs->ref_indices);
    keepPoses(est, pairs->est_indices);
    auto result = computeKittiOdometry(gt, est);
    if (!result) return result.error();
    return KittiEvaluation{pairs->size(), std::move(*result)};
}

}  // namespace robometrics::slam
