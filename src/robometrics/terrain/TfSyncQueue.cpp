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

TfSyncQueue::Item &TfSyncQueue::nextSlot() {
    if (size_ == slots_.size()) {
        std::rotate(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_), slots_.end());
        head_ = 0;
        slots_.emplace_back();
    }
    return slots_[(head_ + size_) % slots_.size()];
}

void TfSyncQueue::push(TimeNs stamp, TimeNs log_time, const std::vector<FramePair> &frames, Release release) {
    Item &item = nextSlot();
    item.stamp = stamp;
    item.log_time = log_time;
    item.frames = frames;
    item.release = std::move(release);
    ++size_;
    now_ = std::max(now_, log_time);
    if (size_ > capacity_) {
        // The oldest has waited longest; it leaves with what the buffer holds now.
        if (!covered(slots_[head_])) ++overflowed_;
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
    while (size_ > 0) {
        const Item &front = slots_[head_];
        // Strictly more than the tolerance, so a TF logged exactly `tolerance` later still counts.
        const bool timed_out = now_ - front.log_time > tolerance_;
        if (!all && !timed_out && !covered(front)) return;
        releaseFront();
    }
}

void TfSyncQueue::releaseFront() {
    Item &item = slots_[head_];
    // The last release's storage; a callback that pushes, and so releases within this one,
    // finds it taken and makes its own.
    StampedTransforms out = std::move(released_);
    out.stamp = item.stamp;
    out.interpolated = covered(item);
    out.transforms.clear();
    for (const FramePair &f : item.frames)
        out.transforms.push_back(tf_.lookup(f.target, f.source, item.stamp, tolerance_));
    // Taken off the queue before the callback runs, so a callback may push again safely.
    const Release release = std::move(item.release);
    head_ = (head_ + 1) % slots_.size();
    --size_;
    release(out);
    released_ = std::move(out);
}

}  // namespace robometrics::terrain
