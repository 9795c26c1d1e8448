#include "robometrics/slam/MatchedPairs.hpp"

#include <array>
#include <span>

#include "robometrics/slam/Ape.hpp"

namespace robometrics::slam {

namespace {

/// The estimate's then the reference's x, y, z.
using SixSums = std::array<double, 6>;

/// numpy's pairwise sum (ErrorStatistics' pairwiseSum) of each coordinate of the next `n` pairs
/// of `it`: the tree depends only on the count, so each leaf of at most 128 pairs is summed as it
/// is read, left to right, and the leaves are added up as pairwiseSum() adds them.
SixSums pairwiseSums(SpillLog<MatchedPairs::Pair>::const_iterator &it, std::size_t n) {
    constexpr std::size_t kLeaf = 128;
    if (n <= kLeaf) {
        std::array<std::array<double, kLeaf>, 6> columns;
        for (std::size_t i = 0; i < n; ++i, ++it) {
            const MatchedPairs::Pair &p = *it;
            for (int d = 0; d < 3; ++d) {
                columns[d][i] = p.est[d];
                columns[3 + d][i] = p.ref[d];
            }
        }
        SixSums sums;
        for (std::size_t c = 0; c < 6; ++c) sums[c] = pairwiseSum(std::span<const double>(columns[c].data(), n));
        return sums;
    }
    std::size_t left = n / 2;
    left -= left % 8;
    SixSums sums = pairwiseSums(it, left);
    const SixSums right = pairwiseSums(it, n - left);
    for (std::size_t c = 0; c < 6; ++c) sums[c] += right[c];
    return sums;
}

Eigen::Vector3d vectorOf(const double (&xyz)[3]) { return {xyz[0], xyz[1], xyz[2]}; }

}  // namespace

MatchedPairs MatchedPairs::of(const PoseSource &ref, const PoseSource &est, const Association &association) {
    MatchedPairs out;
    PoseSource::Reader ref_reader(ref), est_reader(est);
    for (std::size_t k = 0; k < association.size(); ++k) {
        double ref_stamp = 0, est_stamp = 0;
        Eigen::Vector3d p, q;
        ref_reader.read(association.ref_indices[k], ref_stamp, p);
        est_reader.read(association.est_indices[k], est_stamp, q);
        out.pairs_.push_back(Pair{est_stamp, {p.x(), p.y(), p.z()}, {q.x(), q.y(), q.z()}});
    }
    if (association.size() > 0) {
        out.first_ref_ = ref.select({association.ref_indices.front()});
        out.first_est_ = est.select({association.est_indices.front()});
    }
    return out;
}

Result<MatchedPairs::Ape> MatchedPairs::ape(const Visit &visit) const {
    Ape out;
    auto origin = computeAlignment(first_ref_, first_est_, AlignMode::Origin);
    if (!origin) return origin.error();
    out.origin_alignment = *origin;
    // Umeyama of the estimate (source) onto the reference (target), as computeAlignment(Se3).
    const std::size_t n = pairs_.size();
    auto it = pairs_.begin();
    const SixSums sums = pairwiseSums(it, n);
    const double count = static_cast<double>(n);
    UmeyamaSums umeyama(Eigen::Vector3d(sums[0] / count, sums[1] / count, sums[2] / count),
                        Eigen::Vector3d(sums[3] / count, sums[4] / count, sums[5] / count));
    for (const Pair &p : pairs_) umeyama.add(vectorOf(p.est), vectorOf(p.ref));
    auto se3 = umeyama.alignment(n, false);
    if (!se3) return se3.error();
    out.se3_alignment = *se3;
    // The errors as applyAlignment() then computeApe() make them.
    std::vector<double> origin_errors, se3_errors;
    origin_errors.reserve(n);
    se3_errors.reserve(n);
    for (const Pair &p : pairs_) {
        const Eigen::Vector3d ref = vectorOf(p.ref), est = vectorOf(p.est);
        const Eigen::Vector3d est_se3 = alignedPosition(*se3, est);
        origin_errors.push_back(translationError(ref, alignedPosition(*origin, est)));
        se3_errors.push_back(translationError(ref, est_se3));
        visit(p, se3_errors.back(), origin_errors.back(), est_se3);
    }
    out.origin = computeErrorStatistics(origin_errors);
    out.se3 = computeErrorStatistics(se3_errors);
    return out;
}

}  // namespace robometrics::slam
