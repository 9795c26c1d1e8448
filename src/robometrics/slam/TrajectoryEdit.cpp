#include "robometrics/slam/TrajectoryEdit.hpp"

#include <algorithm>
#include <numeric>

namespace robometrics::slam {

void shiftStamps(Trajectory &trajectory, double offset_s) {
    if (!trajectory.timestamped || offset_s == 0.0) return;
    for (double &t : trajectory.stamps) t += offset_s;
}

namespace {

template <class T, class Alloc>
void gather(std::vector<T, Alloc> &values, const std::vector<std::size_t> &indices) {
    std::vector<T, Alloc> kept;
    kept.reserve(indices.size());
    for (std::size_t i : indices) kept.push_back(values[i]);
    values = std::move(kept);  // frees the old storage now
}

/// The values of `runs` moved down in place (TrajectoryEdit.hpp, keepRuns), the rest dropped.
template <class T, class Alloc>
void keepRunsOf(std::vector<T, Alloc> &values, const std::vector<IndexRun> &runs) {
    std::size_t kept = 0;
    for (const IndexRun &run : runs) {
        const auto first = values.begin() + static_cast<std::ptrdiff_t>(run.first);
        if (run.first != kept)
            std::copy(first, first + static_cast<std::ptrdiff_t>(run.length),
                      values.begin() + static_cast<std::ptrdiff_t>(kept));
        kept += run.length;
    }
    values.erase(values.begin() + static_cast<std::ptrdiff_t>(kept), values.end());  // keeps the storage
}

}  // namespace

void keepRuns(Trajectory &trajectory, const std::vector<IndexRun> &runs) {
    const bool rotations = trajectory.hasRotations();  // asked before the stamps change size
    keepRunsOf(trajectory.stamps, runs);
    keepRunsOf(trajectory.positions, runs);
    if (rotations) keepRunsOf(trajectory.orientations, runs);
    if (!trajectory.rotation_matrices.empty()) keepRunsOf(trajectory.rotation_matrices, runs);
}

void keepPoses(Trajectory &trajectory, const std::vector<std::size_t> &indices) {
    bool identity = indices.size() == trajectory.size();
    for (std::size_t k = 0; identity && k < indices.size(); ++k) identity = indices[k] == k;
    if (identity) return;
    const bool rotations = trajectory.hasRotations();  // asked before the stamps change size
    gather(trajectory.stamps, indices);
    gather(trajectory.positions, indices);
    if (rotations) gather(trajectory.orientations, indices);
    if (!trajectory.rotation_matrices.empty()) gather(trajectory.rotation_matrices, indices);
}

Result<Trajectory> mergeTrajectories(const std::vector<Trajectory> &parts) {
    if (parts.empty()) return Error{"nothing to merge"};
    const auto timed = std::count_if(parts.begin(), parts.end(), [](const Trajectory &t) { return t.timestamped; });
    if (timed != 0 && timed != static_cast<std::ptrdiff_t>(parts.size())) {
        return Error{"cannot merge trajectories with stamps and without (KITTI files have no time to sort by)"};
    }
    // The raw rotation matrices of a KITTI part are kept only when every part has them.
    const bool matrices =
        std::all_of(parts.begin(), parts.end(), [](const Trajectory &t) { return !t.rotation_matrices.empty(); });
    Trajectory all;
    all.timestamped = timed != 0;
    for (const Trajectory &part : parts) {
        all.stamps.insert(all.stamps.end(), part.stamps.begin(), part.stamps.end());
        all.positions.insert(all.positions.end(), part.positions.begin(), part.positions.end());
        all.orientations.insert(all.orientations.end(), part.orientations.begin(), part.orientations.end());
        if (matrices) {
            all.rotation_matrices.insert(all.rotation_matrices.end(), part.rotation_matrices.begin(),
                                         part.rotation_matrices.end());
        }
    }
    if (!all.timestamped) {
        std::iota(all.stamps.begin(), all.stamps.end(), 0.0);
        return all;
    }
    std::vector<std::size_t> order(all.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return all.stamps[a] < all.stamps[b]; });
    return selectPoses(all, order);
}

}  // namespace robometrics::slam
