#pragma once
// Where the robot was over the run, on the system's clock: 2-D positions and headings from
// odometry or a ground-truth pose, kept with their cumulative path so that the distance covered
// between any two times is one lookup. Tells when the robot moved (driving or turning) and how
// far it got in a window.

#include <optional>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/core/TimeIntervals.hpp"

namespace robometrics::activity {

struct TrackPoint {
    TimeNs t = 0;
    double x = 0, y = 0, yaw = 0;
};

struct MovingConfig {
    double min_interval_s = 0.2;    ///< motion is judged over at least this long (odometry noise)
    double min_speed_mps = 0.02;    ///< slower than this and not turning: standing still
    double min_turn_rps = 0.05;     ///< turning in place counts as moving (AMCL updates on turns)
    double max_sample_gap_s = 2.0;  ///< no sample for longer than this: motion unknown, not moving
};

/// When the robot drove or turned, from its points one at a time in time order: Track::moving()
/// without the track (a 4-hour run's odometry is 720 000 points, read back from disk).
class MovingIntervals {
public:
    explicit MovingIntervals(const MovingConfig &config = {});
    /// The next point; its time must not be before the previous one's.
    void add(const TrackPoint &point);
    const TimeIntervals &result() const { return moving_; }

private:
    TimeNs min_interval_, max_gap_;
    double min_speed_mps_, min_turn_rps_;
    std::size_t points_ = 0;
    TrackPoint from_, previous_;  ///< the start of the interval being judged, the point before
    double path_ = 0, path_at_from_ = 0;
    TimeIntervals moving_;
};

class Track {
public:
    /// Points in any order; sorted by time.
    explicit Track(std::vector<TrackPoint> points);

    bool empty() const { return points_.empty(); }
    std::size_t size() const { return points_.size(); }
    TimeNs start() const { return points_.front().t; }
    TimeNs end() const { return points_.back().t; }
    /// Path length (2-D, along the samples) from `from` to `to`, interpolated inside a step.
    double pathBetween(TimeNs from, TimeNs to) const;
    /// The first time at which the robot had covered `metres` of path since `from` (interpolated
    /// inside a step); empty when it never did within the track.
    std::optional<TimeNs> timeAfterPath(TimeNs from, double metres) const;
    /// When the robot drove or turned.
    TimeIntervals moving(const MovingConfig &config = {}) const;

private:
    double pathAt(TimeNs t) const;
    std::vector<TrackPoint> points_;
    std::vector<double> cumulative_;  ///< path length up to each point
};

}  // namespace robometrics::activity
