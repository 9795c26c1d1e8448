#pragma once
// The clock a simulated system runs on, as the recorder saw it: /clock samples (log time,
// simulated time) kept as a piecewise-linear map from log time to simulated time. A Gazebo run at
// a real-time factor below 1 is one straight segment of slope RTF; a pause is a flat stretch
// (log time passes, simulated time does not). The samples are compressed as they arrive with the
// swinging-door rule (a vertex only where the slope changes by more than the tolerance), so an
// hour of 1 kHz /clock costs a handful of vertices, not 3.6 million.

#include <vector>

#include "robometrics/core/Time.hpp"

namespace robometrics {

class ClockTrack {
public:
    struct Vertex {
        TimeNs log;
        TimeNs sys;
    };
    /// Maximum error of the map at a sample, in nanoseconds of simulated time.
    explicit ClockTrack(TimeNs tolerance = 2'000'000) : tolerance_(tolerance) {}

    /// One /clock sample. A sample whose log time does not advance, or whose clock goes back
    /// (a simulation reset), is not used: the map stays one-to-one.
    void add(TimeNs log, TimeNs sys);
    /// Closes the last segment.
    void finish();

    bool empty() const { return vertices_.empty(); }
    const std::vector<Vertex> &vertices() const { return vertices_; }
    /// Simulated time at `log` (linear between vertices; outside, the nearest end segment's rate,
    /// or slope 1 with a single vertex).
    TimeNs toSystem(TimeNs log) const;

private:
    void startDoor(const Vertex &p);

    TimeNs tolerance_;
    std::vector<Vertex> vertices_;
    bool open_ = false;  ///< a candidate segment from vertices_.back() is being grown
    Vertex last_{0, 0};  ///< the latest sample in the open segment
    double slope_min_ = 0, slope_max_ = 0;
};

}  // namespace robometrics
