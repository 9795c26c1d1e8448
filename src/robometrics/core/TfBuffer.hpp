#pragma once
// A small transform buffer in the spirit of tf2's BufferCore, for offline replay: it stores the
// transforms of a frame tree (each child has one parent) with their stamps and answers "the
// pose of `source` in `target` at time t", interpolating between the two samples around t
// (linear translation, slerp rotation). Static transforms hold at every time. Pure: no I/O,
// no ROS types; callers convert their messages to Eigen first.

#include <Eigen/Geometry>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "robometrics/core/QueueVector.hpp"
#include "robometrics/core/RecentLookups.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics {

class TfBuffer {
public:
    /// `cache_duration`: how much history each dynamic edge keeps (tf2 keeps 10 s).
    explicit TfBuffer(TimeNs cache_duration = 10 * kNsPerSecond) : cache_duration_(cache_duration) {}

    /// Adds `parent_T_child` (maps points in `child` to `parent`) at `stamp`. A frame that gets a
    /// new parent drops its history (the tree changed). Out-of-order samples are inserted in order.
    void setTransform(const std::string &parent, const std::string &child, TimeNs stamp,
                      const Eigen::Isometry3d &parent_T_child, bool is_static = false);
    /// setTransform() of the isometry a TF message gives: `translation`, and the rotation matrix
    /// of `message_rotation` normalised. The rotation is brought to the stored form only when a
    /// look-up first needs the sample, with the very arithmetic setTransform() would have used,
    /// so look-ups give the same bits; a buffer that takes every TF message and looks up a few
    /// (the costmap's, at its maps' stamps) skips most of that work. Look-ups may therefore
    /// write to the buffer: a buffer must not be read from two threads at once.
    /// `late_before`, when given and the sample is dynamic, is set to what lateBefore() gave just
    /// before the sample, found by the look-up of `child` that stores it (a caller that watches
    /// for late samples hashes each name once, not twice; the others skip the check).
    void setTransformFromMessage(const std::string &parent, const std::string &child, TimeNs stamp,
                                 const Eigen::Vector3d &translation, const Eigen::Quaterniond &message_rotation,
                                 bool is_static = false, std::optional<TimeNs> *late_before = nullptr);

    /// `target_T_source` at `time`. Fails, naming the frames and the time, when a frame is
    /// unknown, the frames are not connected, or `time` is outside a dynamic edge's samples by
    /// more than `tolerance`.
    Result<Eigen::Isometry3d> lookup(const std::string &target, const std::string &source, TimeNs time,
                                     TimeNs tolerance = 0) const;

    /// lookup() at each of `times`, the path between the frames found once: calls `pose(i,
    /// target_T_source)` for every time at which lookup() succeeds, with the very pose it gives
    /// (the others are skipped, as lookup() would fail there). Fails like lookup() when a frame
    /// is unknown or the frames are not connected.
    Status lookupEach(const std::string &target, const std::string &source, const std::vector<TimeNs> &times,
                      const std::function<void(std::size_t, const Eigen::Isometry3d &)> &pose,
                      TimeNs tolerance = 0) const;

    /// The newest time at which lookup(target, source) interpolates instead of holding an end
    /// sample: the oldest of the newest samples of the moving edges between the two frames (as
    /// tf2's getLatestCommonTime). TimeNs max when only static edges (or none) connect them.
    /// Fails like lookup() when a frame is unknown or the frames are not connected.
    Result<TimeNs> latestCommonTime(const std::string &target, const std::string &source) const;

    /// True when `frame` has been seen (as parent or child).
    bool hasFrame(const std::string &frame) const;

    void clear() {
        recent_edges_.forget();
        edges_.clear();
    }

    /// The stamp of the newest sample of the link to `child`; nullopt when there is no such link,
    /// it is static or it has no sample.
    std::optional<TimeNs> newestDynamicStamp(const std::string &child) const;
    /// Whether a /tf sample of `child` stamped `stamp` would come late, asked before it is added:
    /// nullopt when it is newer than every sample of the link (or the link is static or has
    /// none), else the stamp of the newest sample older than `stamp`, TimeNs min when none is.
    std::optional<TimeNs> lateBefore(const std::string &child, TimeNs stamp) const;
    /// Forgets the samples of the link to `child` that no lookup at `time` or later uses: all
    /// before the newest sample older than `time` (that one is kept, so a lookup after it still
    /// interpolates between the very samples it would have used).
    void dropBefore(const std::string &child, TimeNs time);
    /// Forgets every sample of the link to `child` but its newest.
    void keepNewest(const std::string &child);

private:
    struct Sample {
        TimeNs stamp;
        Eigen::Vector3d translation;
        /// The stored rotation; while `from_message`, the message's quaternion as given, which
        /// rotationOf() converts on first use.
        mutable Eigen::Quaterniond rotation;
        mutable bool from_message = false;
    };
    struct Edge {
        std::string parent;
        bool is_static = false;
        QueueVector<Sample> samples;  ///< sorted by stamp
    };

    /// Adds the sample; `late_before` as setTransformFromMessage()'s.
    void addSample(const std::string &parent, const std::string &child, const Sample &sample, bool is_static,
                   std::optional<TimeNs> *late_before = nullptr);
    /// lateBefore() of one edge.
    static std::optional<TimeNs> lateBefore(const Edge &edge, TimeNs stamp);
    /// The sample's stored rotation (converted from the message's on first use).
    static const Eigen::Quaterniond &rotationOf(const Sample &sample);
    /// parent_T_child of one edge at `time` into `out`; false when its samples do not reach
    /// `time` within `tolerance` (edgeError() says why). `cursor`: where the previous look-up of
    /// the edge found its samples (see firstAfter). A flag, not a Result: a chain's look-ups call
    /// it for every link at every pose and need the error only where one is reported.
    bool edgeAt(const Edge &edge, TimeNs time, TimeNs tolerance, std::size_t &cursor, Eigen::Isometry3d &out) const;
    /// Why edgeAt() failed for the edge to `child` at `time`.
    static Error edgeError(const std::string &child, const Edge &edge, TimeNs time);
    /// The index of the first sample after `time` (std::upper_bound's), `time` being inside the
    /// samples. Looked for a few steps on from `cursor`, the lower sample of the edge's previous
    /// look-up, as a chain is built at rising times, else by binary search (a binary search over
    /// a deque was most of a chain's look-up); `cursor` is left at the lower sample.
    static std::size_t firstAfter(const QueueVector<Sample> &samples, TimeNs time, std::size_t &cursor);
    /// One link of a path: its child frame and edge (the buffer's own, found once), and where
    /// its last look-up found its samples.
    struct PathEdge {
        const std::string *child;
        const Edge *edge;
        std::size_t cursor = 0;  ///< edgeAt()'s
    };
    /// The links from `frame` up to its root, `frame`'s own first (none for a root), into `links`.
    void linksToRoot(const std::string &frame, std::vector<PathEdge> &links) const;
    /// The links between two frames: on each side those below their lowest common ancestor,
    /// nearest the ancestor last.
    struct EdgePath {
        std::vector<PathEdge> source_side, target_side;
    };
    /// Fills `path` (its vectors' storage reused) with the links between the two frames.
    Status pathBetween(const std::string &target, const std::string &source, EdgePath &path) const;
    /// target_T_source along `path` at `time` into `pose` (its edges' cursors move on). Returns
    /// the first link whose samples do not reach `time`, nullptr when `pose` was set.
    const PathEdge *poseAlong(EdgePath &path, TimeNs time, TimeNs tolerance, Eigen::Isometry3d &pose) const;

    TimeNs cache_duration_;
    /// Keyed by child frame. Hashed: every sample and look-up finds its links by name, and an
    /// ordered map's several string comparisons a look-up cost more (nothing needs the order).
    std::unordered_map<std::string, Edge> edges_;
    /// The edges that the last samples went to: each sample finds its edge by its child's name.
    RecentLookups<std::unordered_map<std::string, Edge>> recent_edges_;
    /// lookup()'s and latestCommonTime()'s path, kept so that a look-up allocates nothing (issue
    /// 62: the costmap's look-ups made two vectors each, 89 000 allocations in the 2400 s terrain
    /// run). Look-ups already write to the buffer (rotationOf): one thread at a time.
    mutable EdgePath scratch_path_;
};

}  // namespace robometrics
