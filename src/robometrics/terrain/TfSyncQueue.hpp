#pragma once
// Holds messages that need a transform at their own header stamp until the transform can be
// interpolated there, then hands each one its transforms, in arrival order.
//
// A recorder or a network delivers /tf later than the data it describes (a GridMap stamped t
// arrives before the odom -> base_link sample stamped after t), so looking TF up when the map
// arrives can only hold the last sample. The queue owns the TF buffer and releases the oldest
// item, in this order of preference:
//   * when every moving edge between its frames has a sample at or after its stamp: the
//     transforms are interpolated at the stamp;
//   * when input logged more than `tolerance` after the item (a later TF, or any later item)
//     still leaves it uncovered, when more than `capacity` items wait, or at finish() (end of
//     input): the transforms are looked up with `tolerance`, so an end sample within tolerance
//     is held and anything farther is an error naming the frames and the time; the consumer
//     drops the item with that reason.
// Items are released strictly in arrival order (a later item never overtakes an earlier one),
// so consumers with state (observation memory, accumulated terrain) see their inputs in order.
// Waiting is measured in log (receive) time and never compared with header stamps, so bags
// recorded under simulated time behave like live runs.

#include <Eigen/Geometry>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

/// The transform target_T_source (maps points in `source` to `target`).
struct FramePair {
    std::string target;
    std::string source;
};

/// What a released item gets: one lookup per requested pair, in the request's order.
struct StampedTransforms {
    TimeNs stamp = 0;
    std::vector<Result<Eigen::Isometry3d>> transforms;
    bool interpolated = false;  ///< every pair had samples at or after the stamp (none held)
};

class TfSyncQueue {
public:
    using Release = std::function<void(const StampedTransforms &)>;

    /// The bound: at 10 Hz maps plus 10 Hz clouds, a tolerance of 0.1 s keeps about 2-4 items
    /// waiting; 16 leaves room for bursts while holding at most 16 decoded maps in memory.
    static constexpr std::size_t kDefaultCapacity = 16;

    explicit TfSyncQueue(TimeNs tolerance, std::size_t capacity = kDefaultCapacity);

    /// A /tf (is_static false) or /tf_static message received at `log_time`; releases what it
    /// completes or times out.
    void addTf(const msgs::TFMessage &message, bool is_static, TimeNs log_time);
    /// Queues an item stamped `stamp` (received at `log_time`) that needs `frames` at its stamp;
    /// `release` is called exactly once, possibly from within this call. `frames` is copied into
    /// storage the queue keeps, and a `release` of two pointers' size is stored without an
    /// allocation (std::function's small buffer), so a steady stream of pushes allocates nothing.
    void push(TimeNs stamp, TimeNs log_time, const std::vector<FramePair> &frames, Release release);
    /// End of input: releases every waiting item (interpolated where the samples allow).
    void finish();

    const TfBuffer &tf() const { return tf_; }
    std::size_t size() const { return size_; }
    /// Items pushed out by the bound before their transforms arrived or timed out.
    std::size_t overflowed() const { return overflowed_; }

private:
    struct Item {
        TimeNs stamp = 0;
        TimeNs log_time = 0;
        std::vector<FramePair> frames;
        Release release;
    };

    bool covered(const Item &item) const;
    /// Releases the oldest items while they are covered or timed out; all of them with `all`.
    void releaseDue(bool all);
    void releaseFront();
    /// The free slot after the last waiting item, made when every slot holds one.
    Item &nextSlot();

    TfBuffer tf_;
    TimeNs tolerance_;
    std::size_t capacity_;
    /// The waiting items: a ring of slots from head_, reused (with their frames' storage) once
    /// released; about capacity + 1 slots, as no more wait at once.
    std::vector<Item> slots_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
    StampedTransforms released_;  ///< the last release's, kept for its storage
    TimeNs now_ = std::numeric_limits<TimeNs>::min();  ///< the newest log time seen
    std::size_t overflowed_ = 0;
};

}  // namespace robometrics::terrain
