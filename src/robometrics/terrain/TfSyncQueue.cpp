#include "robometrics/terrain/TfSyncQueue.hpp"

#include <algorithm>
#include <utility>

#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::terrain {

TfSyncQueue::TfSyncQueue(TimeNs tolerance, std::size_t capacity)
    : tolerance_(std::max<TimeNs>(tolerance, 0)), capacity_(std::max<std::size_t>(capacity, 1)) {}

void TfSyncQueue::addTf(const msgs::TFMessage &message, bool is_static, TimeNs log_time) {
    addTransforms(tf_, message, is_static);
    now_ = std::max(now_, log_time);
    releaseDue(false);
}

void TfSyncQueue::push(TimeNs stamp, TimeNs log_time, std::vector<FramePair> frames, Release release) {
    queue_.push_back(Item{stamp, log_time, std::move(frames), std::move(release)});
    now_ = std::max(now_, log_time);
    if (queue_.size() > capacity_) {
        // The oldest has waited longest; it leaves with what the buffer holds now.
        if (!covered(queue_.front())) ++overflowed_;
        releaseFront();
    }
    releaseDue(false);
}

void TfSyncQueue::finish() { releaseDue(true); }

bool TfSyncQueue::covered(const Item &item) const {
    for (const FramePair &f : item.frames) {
        auto latest = tf_.latestCommonTime(f.target, f.source);
        if (!latest || *latest < item.stamp) return false;  // unknown frames may still appear
    }
    return true;
}

void TfSyncQueue::releaseDue(bool all) {
    while (!queue_.empty()) {
        const Item &front = queue_.front();
        // Strictly more than the tolerance, so a TF logged exactly `tolerance` later still counts.
        const bool timed_out = now_ - front.log_time > tolerance_;
        if (!all && !timed_out && !covered(front)) return;
        releaseFront();
    }
}

void TfSyncQueue::releaseFront() {
    // Taken off the queue before the callback runs, so a callback may push again safely.
    Item item = std::move(queue_.front());
    queue_.pop_front();
    StampedTransforms out;
    out.stamp = item.stamp;
    out.interpolated = covered(item);
    out.transforms.reserve(item.frames.size());
    for (const FramePair &f : item.frames)
        out.transforms.push_back(tf_.lookup(f.target, f.source, item.stamp, tolerance_));
    item.release(out);
}

}  // namespace robometrics::terrain
