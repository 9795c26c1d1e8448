#include "robometrics/core/TfBuffer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics {

namespace {

// Bounds the walk up the tree so that a malformed cycle (a -> b -> a) cannot loop forever.
constexpr std::size_t kMaxDepth = 256;

Eigen::Isometry3d makeIsometry(const Eigen::Vector3d &t, const Eigen::Quaterniond &q) {
    Eigen::Isometry3d out = Eigen::Isometry3d::Identity();
    out.linear() = q.toRotationMatrix();
    out.translation() = t;
    return out;
}

/// lo.slerp(a, hi), bit for bit, without its trigonometry where `a` is 0: a look-up at a sample's
/// own stamp (most of them: a chain is built at the stamps of its links). There Eigen's slerp
/// takes its weights as exactly 1 and +-0 (0 / sin(theta), negated where the dot product is
/// negative), so the sum below is the very one it computes; a NaN dot product takes its own path.
Eigen::Quaterniond slerp(const Eigen::Quaterniond &lo, const Eigen::Quaterniond &hi, double a) {
    if (a == 0) {
        const double d = lo.dot(hi);
        if (!std::isnan(d)) {
            const double scale1 = d < 0 ? -0.0 : 0.0;
            return Eigen::Quaterniond(1.0 * lo.coeffs() + scale1 * hi.coeffs());
        }
    }
    return lo.slerp(a, hi);
}

/// The rotation setTransform() stores for an isometry.
Eigen::Quaterniond storedRotation(const Eigen::Isometry3d &parent_T_child) {
    Eigen::Quaterniond q(parent_T_child.rotation());
    q.normalize();
    return q;
}

}  // namespace

void TfBuffer::setTransform(const std::string &parent, const std::string &child, TimeNs stamp,
                            const Eigen::Isometry3d &parent_T_child, bool is_static) {
    addSample(parent, child, Sample{stamp, parent_T_child.translation(), storedRotation(parent_T_child)}, is_static);
}

void TfBuffer::setTransformFromMessage(const std::string &parent, const std::string &child, TimeNs stamp,
                                       const Eigen::Vector3d &translation, const Eigen::Quaterniond &message_rotation,
                                       bool is_static, std::optional<TimeNs> *late_before) {
    addSample(parent, child, Sample{stamp, translation, message_rotation, true}, is_static, late_before);
}

const Eigen::Quaterniond &TfBuffer::rotationOf(const Sample &sample) {
    if (sample.from_message) {
        // The rotation part of the isometry setTransform() would have been given (the normalised
        // quaternion's matrix), then what setTransform() stores of it.
        Eigen::Isometry3d parent_T_child = Eigen::Isometry3d::Identity();
        parent_T_child.linear() = sample.rotation.normalized().toRotationMatrix();
        sample.rotation = storedRotation(parent_T_child);
        sample.from_message = false;
    }
    return sample.rotation;
}

void TfBuffer::addSample(const std::string &parent, const std::string &child, const Sample &sample, bool is_static,
                         std::optional<TimeNs> *late_before) {
    const TimeNs stamp = sample.stamp;
    const bool watch_late = late_before != nullptr && !is_static;
    if (parent.empty() || child.empty() || parent == child) {
        // Not stored, yet it may come late to a link the buffer has.
        if (watch_late) *late_before = lateBefore(child, stamp);
        return;
    }
    Edge &edge = recent_edges_(edges_, child);
    if (watch_late) *late_before = lateBefore(edge, stamp);  // the link as it was, before a new parent clears it
    if (edge.parent != parent || edge.is_static != is_static) {
        edge.parent = parent;
        edge.is_static = is_static;
        edge.samples.clear();
    }
    if (is_static) {
        edge.samples.assign(1, sample);
        return;
    }
    if (edge.samples.empty() || stamp > edge.samples.back().stamp) {
        // In order, as nearly every sample comes: where the search below would put it, without
        // searching (a binary search over a deque was most of this function's time).
        edge.samples.push_back(sample);
    } else {
        auto it = std::upper_bound(edge.samples.begin(), edge.samples.end(), stamp,
                                   [](TimeNs t, const Sample &s) { return t < s.stamp; });
        if (it != edge.samples.begin() && std::prev(it)->stamp == stamp) {
            *std::prev(it) = sample;  // same stamp: the newer message wins, as in tf2
        } else {
            edge.samples.insert(it, sample);
        }
    }
    const TimeNs newest = edge.samples.back().stamp;
    while (edge.samples.size() > 2 && edge.samples.front().stamp < newest - cache_duration_) {
        edge.samples.pop_front();
    }
}

std::optional<TimeNs> TfBuffer::newestDynamicStamp(const std::string &child) const {
    auto it = edges_.find(child);
    if (it == edges_.end() || it->second.is_static || it->second.samples.empty()) return std::nullopt;
    return it->second.samples.back().stamp;
}

std::optional<TimeNs> TfBuffer::lateBefore(const std::string &child, TimeNs stamp) const {
    auto it = edges_.find(child);
    if (it == edges_.end()) return std::nullopt;
    return lateBefore(it->second, stamp);
}

std::optional<TimeNs> TfBuffer::lateBefore(const Edge &edge, TimeNs stamp) {
    const auto &s = edge.samples;
    if (edge.is_static || s.empty() || stamp > s.back().stamp) return std::nullopt;
    auto after = std::lower_bound(s.begin(), s.end(), stamp, [](const Sample &x, TimeNs t) { return x.stamp < t; });
    return after == s.begin() ? std::numeric_limits<TimeNs>::min() : std::prev(after)->stamp;
}

void TfBuffer::dropBefore(const std::string &child, TimeNs time) {
    auto it = edges_.find(child);
    if (it == edges_.end() || it->second.is_static) return;
    auto &s = it->second.samples;
    // Keep the newest sample older than `time`: drop while the second one is older too.
    while (s.size() > 1 && s[1].stamp < time) s.pop_front();
}

void TfBuffer::keepNewest(const std::string &child) {
    auto it = edges_.find(child);
    if (it == edges_.end() || it->second.samples.size() < 2) return;
    it->second.samples.erase(it->second.samples.begin(), std::prev(it->second.samples.end()));
}

bool TfBuffer::hasFrame(const std::string &frame) const {
    if (edges_.count(frame)) return true;
    return std::any_of(edges_.begin(), edges_.end(), [&](const auto &kv) { return kv.second.parent == frame; });
}

std::size_t TfBuffer::firstAfter(const QueueVector<Sample> &samples, TimeNs time, std::size_t &cursor) {
    constexpr int kSteps = 8;
    std::size_t lower = cursor;
    if (lower < samples.size() && samples[lower].stamp <= time) {
        for (int step = 0; step < kSteps && lower + 1 < samples.size(); ++step, ++lower) {
            if (samples[lower + 1].stamp > time) {
                cursor = lower;
                return lower + 1;
            }
        }
    }
    const auto after =
        std::upper_bound(samples.begin(), samples.end(), time, [](TimeNs t, const Sample &x) { return t < x.stamp; });
    const auto index = static_cast<std::size_t>(after - samples.begin());
    cursor = index - 1;  // `time` is after the first sample
    return index;
}

bool TfBuffer::edgeAt(const Edge &edge, TimeNs time, TimeNs tolerance, std::size_t &cursor,
                      Eigen::Isometry3d &out) const {
    const auto &s = edge.samples;
    if (s.empty()) return false;
    if (edge.is_static) {
        out = makeIsometry(s.front().translation, rotationOf(s.front()));
    } else if (time <= s.front().stamp) {
        if (s.front().stamp - time > tolerance) return false;
        out = makeIsometry(s.front().translation, rotationOf(s.front()));
    } else if (time >= s.back().stamp) {
        if (time - s.back().stamp > tolerance) return false;
        out = makeIsometry(s.back().translation, rotationOf(s.back()));
    } else {
        const std::size_t after = firstAfter(s, time, cursor);
        const Sample *hi = &s[after];
        const Sample *lo = &s[after - 1];
        const double a = static_cast<double>(time - lo->stamp) / static_cast<double>(hi->stamp - lo->stamp);
        Eigen::Vector3d t = (1.0 - a) * lo->translation + a * hi->translation;
        const Eigen::Quaterniond q = slerp(rotationOf(*lo), rotationOf(*hi), a);
        out = makeIsometry(t, q);
    }
    return true;
}

Error TfBuffer::edgeError(const std::string &child, const Edge &edge, TimeNs time) {
    const auto &s = edge.samples;
    if (s.empty()) return Error{fmt::format("transform {} -> {} has no samples", edge.parent, child)};
    // edgeAt() failed on a dynamic edge with samples: `time` is before the first or after the last.
    if (time < s.front().stamp) {
        return Error{fmt::format("transform {} -> {} at {:.9f} s is before its first sample at {:.9f} s", edge.parent,
                                 child, toSeconds(time), toSeconds(s.front().stamp))};
    }
    return Error{fmt::format("transform {} -> {} at {:.9f} s is after its last sample at {:.9f} s", edge.parent, child,
                             toSeconds(time), toSeconds(s.back().stamp))};
}

void TfBuffer::linksToRoot(const std::string &frame, std::vector<PathEdge> &links) const {
    links.clear();
    auto it = edges_.find(frame);
    while (it != edges_.end() && links.size() + 1 < kMaxDepth) {
        links.push_back({&it->first, &it->second});
        it = edges_.find(it->second.parent);
    }
}

Status TfBuffer::pathBetween(const std::string &target, const std::string &source, EdgePath &path) const {
    for (const std::string *f : {&target, &source}) {
        if (!hasFrame(*f)) return Error{fmt::format("frame '{}' does not exist in the transform tree", *f)};
    }
    linksToRoot(source, path.source_side);
    linksToRoot(target, path.target_side);
    // Frame k of a side: its start, then the parent of each link up.
    auto frame = [](const std::string &start, const std::vector<PathEdge> &links,
                    std::size_t k) -> const std::string & { return k == 0 ? start : links[k - 1].edge->parent; };
    // The lowest common ancestor: the first frame up from the source that is on the target's way up.
    for (std::size_t is = 0; is <= path.source_side.size(); ++is) {
        const std::string &ancestor = frame(source, path.source_side, is);
        for (std::size_t it = 0; it <= path.target_side.size(); ++it) {
            if (frame(target, path.target_side, it) != ancestor) continue;
            path.source_side.resize(is);
            path.target_side.resize(it);
            return Status::Ok();
        }
    }
    return Error{fmt::format("frames '{}' and '{}' are not connected in the transform tree", target, source)};
}

const TfBuffer::PathEdge *TfBuffer::poseAlong(EdgePath &path, TimeNs time, TimeNs tolerance,
                                              Eigen::Isometry3d &pose) const {
    // ancestor_T_source, then ancestor_T_target; target_T_source = inverse(a_T_t) * a_T_s.
    Eigen::Isometry3d edge;
    auto fromAncestor = [&](std::vector<PathEdge> &side, Eigen::Isometry3d &a_T_f) -> const PathEdge * {
        a_T_f = Eigen::Isometry3d::Identity();
        for (std::size_t k = side.size(); k > 0; --k) {
            PathEdge &e = side[k - 1];
            if (!edgeAt(*e.edge, time, tolerance, e.cursor, edge)) return &e;
            a_T_f = a_T_f * edge;
        }
        return nullptr;
    };
    Eigen::Isometry3d a_T_s, a_T_t;
    if (const PathEdge *unreached = fromAncestor(path.source_side, a_T_s)) return unreached;
    if (const PathEdge *unreached = fromAncestor(path.target_side, a_T_t)) return unreached;
    pose = a_T_t.inverse() * a_T_s;
    return nullptr;
}

Result<Eigen::Isometry3d> TfBuffer::lookup(const std::string &target, const std::string &source, TimeNs time,
                                           TimeNs tolerance) const {
    if (target == source) return Eigen::Isometry3d::Identity();
    ROBOMETRICS_TRY(pathBetween(target, source, scratch_path_));
    Eigen::Isometry3d pose;
    if (const PathEdge *unreached = poseAlong(scratch_path_, time, tolerance, pose))
        return edgeError(*unreached->child, *unreached->edge, time);
    return pose;
}

Status TfBuffer::lookupEach(const std::string &target, const std::string &source, const std::vector<TimeNs> &times,
                            const std::function<void(std::size_t, const Eigen::Isometry3d &)> &pose,
                            TimeNs tolerance) const {
    if (target == source) {
        for (std::size_t i = 0; i < times.size(); ++i) pose(i, Eigen::Isometry3d::Identity());
        return Status::Ok();
    }
    EdgePath path;  // its cursors follow the rising times
    ROBOMETRICS_TRY(pathBetween(target, source, path));
    Eigen::Isometry3d p;
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (poseAlong(path, times[i], tolerance, p) == nullptr) pose(i, p);
    }
    return Status::Ok();
}

Result<TimeNs> TfBuffer::latestCommonTime(const std::string &target, const std::string &source) const {
    TimeNs latest = std::numeric_limits<TimeNs>::max();
    if (target == source) return latest;
    ROBOMETRICS_TRY(pathBetween(target, source, scratch_path_));
    for (const auto *side : {&scratch_path_.source_side, &scratch_path_.target_side}) {
        for (const PathEdge &link : *side) {
            const Edge &edge = *link.edge;
            if (edge.is_static) continue;
            if (edge.samples.empty())
                return Error{fmt::format("transform {} -> {} has no samples", edge.parent, *link.child)};
            latest = std::min(latest, edge.samples.back().stamp);
        }
    }
    return latest;
}

}  // namespace robometrics
