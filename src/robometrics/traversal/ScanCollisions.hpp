#pragma once
// Collisions and clearance seen by one range sensor (a LaserScan topic). A robot with several
// scanners (front and rear, as many AMRs have) gets one of these per topic, so that a contact
// seen only by the rear scanner is found and named by its topic.
//
// A collision episode runs from the first scan whose smallest valid reading (REP 117,
// SensorValidity) is below the collision threshold to the last such scan; scans without a valid
// reading neither start nor end one, and colliding scans less than `merge_gap_s` apart are one
// contact (a flickering reading at the threshold is not a string of collisions).

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/traversal/SensorValidity.hpp"

namespace robometrics::traversal {

struct ScanCollisionsConfig {
    double collision_threshold = 0.2;  ///< m, TraversalConfig::collision_threshold
    double min_safe_clearance = 0.5;   ///< m, TraversalConfig::min_safe_clearance
    bool respect_range_limits = true;  ///< TraversalConfig::respect_range_limits
    double merge_gap_s = 0.5;          ///< colliding scans closer than this are one episode
};

struct CollisionEpisode {
    TimeNs start = 0;  ///< time of the first colliding scan
    TimeNs end = 0;    ///< time of the last colliding scan
    std::uint64_t scans = 0;
    double min_range_m = std::numeric_limits<double>::infinity();
};

struct ScanCollisionSummary {
    std::uint64_t scans = 0;
    std::uint64_t scans_without_valid_reading = 0;
    std::uint64_t scans_in_collision = 0;
    ScanRangeCounts ranges;
    double min_clearance_m = std::numeric_limits<double>::quiet_NaN();   ///< NaN: no valid reading
    double mean_clearance_m = std::numeric_limits<double>::quiet_NaN();  ///< mean of the per-scan minima
    double time_low_clearance_s = 0;            ///< scan minimum below min_safe_clearance, held to the next scan
    TimeNs min_clearance_at = 0;                ///< time of the scan with the smallest reading (the first of equals)
    std::optional<TimeNs> first_low_clearance;  ///< the first scan whose minimum was below min_safe_clearance
    std::vector<CollisionEpisode> episodes;
};

class ScanCollisions {
public:
    explicit ScanCollisions(ScanCollisionsConfig config = {}) : config_(config) {}

    /// One scan at time `t` (the run's log time; scans come in time order).
    void add(const msgs::LaserScan &scan, TimeNs t);
    /// add() with the scan's minimum already found (scanMinimum with the config's
    /// respect_range_limits), when another analyzer of the same scan needs it too.
    void add(const ScanMinimum &minimum, TimeNs t);
    /// One reading of another range sensor (a point cloud's clearance, CloudClearance) at `t`:
    /// the same rules; none when it had no valid reading.
    void addClearance(std::optional<double> clearance, TimeNs t);
    const ScanCollisionSummary &summary() const { return summary_; }

private:
    ScanCollisionsConfig config_;
    ScanCollisionSummary summary_;
    double clearance_sum_ = 0;
    std::uint64_t clearance_count_ = 0;
    std::optional<TimeNs> last_time_;
    bool last_low_ = false;
};

}  // namespace robometrics::traversal
