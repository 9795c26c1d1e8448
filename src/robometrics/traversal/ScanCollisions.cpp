#include "robometrics/traversal/ScanCollisions.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::traversal {

void ScanCollisions::add(const msgs::LaserScan &scan, TimeNs t) {
    add(scanMinimum(scan, config_.respect_range_limits), t);
}

void ScanCollisions::add(const ScanMinimum &minimum, TimeNs t) {
    summary_.ranges += minimum.counts;
    addClearance(minimum.range, t);
}

void ScanCollisions::addClearance(std::optional<double> reading, TimeNs t) {
    ScanCollisionSummary &s = summary_;
    ++s.scans;
    if (!reading) {  // no valid reading: says nothing of the robot's surroundings
        ++s.scans_without_valid_reading;
        return;
    }
    const double clearance = *reading;
    if (std::isnan(s.min_clearance_m) || clearance < s.min_clearance_m) {
        s.min_clearance_m = clearance;
        s.min_clearance_at = t;
    }
    clearance_sum_ += clearance;
    s.mean_clearance_m = clearance_sum_ / static_cast<double>(++clearance_count_);
    if (last_time_ && last_low_ && t > *last_time_) s.time_low_clearance_s += toSeconds(t - *last_time_);
    last_time_ = t;
    last_low_ = clearance < config_.min_safe_clearance;
    if (last_low_ && !s.first_low_clearance) s.first_low_clearance = t;
    if (!(clearance < config_.collision_threshold)) return;
    ++s.scans_in_collision;
    const bool continues = !s.episodes.empty() && t - s.episodes.back().end <= fromSeconds(config_.merge_gap_s);
    if (!continues) s.episodes.push_back({t, t, 0, clearance});
    CollisionEpisode &episode = s.episodes.back();
    episode.end = std::max(episode.end, t);
    ++episode.scans;
    episode.min_range_m = std::min(episode.min_range_m, clearance);
}

}  // namespace robometrics::traversal
