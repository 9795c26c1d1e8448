#pragma once
// The events a run contains and what an analysis should find there. Proximity (close passes,
// collisions) and rough stretches are measured on the true state as the run goes; scripted
// events (stop, kidnapping, teleport, stuck) are added by the simulator when it injects them.

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace robometrics::sim {

/// Rounds to millimetres / milliseconds for the report (+ 0.0 turns -0 into 0).
inline double round3(double v) { return std::round(v * 1000.0) / 1000.0 + 0.0; }

struct Event {
    std::string type;      ///< close_pass, collision, rough, stop, kidnap, teleport, ... (docs/simulate.md)
    double t_start = 0;    ///< s since the first message, on the clock the robot runs on
    double t_end = 0;      ///< s since the first message, on the clock the robot runs on
    std::string expected;  ///< what an analysis of the bag should report
    nlohmann::json details = nlohmann::json::object();
    std::string anomaly;  ///< the anomaly code `robometrics evaluate` must raise for it; empty: none
};

struct EventThresholds {
    double close_pass = 0.5;    ///< m, traversal min_safe_clearance
    double collision = 0.2;     ///< m, traversal collision_threshold
    double rough_ground = 0.3;  ///< terrain roughness above which the ground counts as rough
    double rough_accel = 15.0;  ///< m/s^2, traversal rough_terrain_threshold
    double moving = 0.05;       ///< m/s
};

class EventLog {
public:
    explicit EventLog(EventThresholds thresholds = {}) : thresholds_(thresholds) {}

    /// True distance from the laser to the nearest obstacle at time t (capped at close_pass).
    void observeClearance(double t, double clearance, double x, double y);
    /// Terrain roughness under the rover, its ground speed and the measured |acceleration|.
    void observeGround(double t, double roughness, double speed, double accel_magnitude);
    void add(Event event);
    /// Closes open intervals and returns every event ordered by start time.
    std::vector<Event> finish();

    const EventThresholds &thresholds() const { return thresholds_; }

private:
    struct Proximity {
        bool open = false;
        double start = 0, last = 0, min = 0, t_min = 0, x = 0, y = 0;
    };
    struct Rough {
        bool open = false;
        double start = 0, last = 0, max_accel = 0;
        int samples = 0, above = 0;
    };
    void closeProximity();
    void closeRough();

    EventThresholds thresholds_;
    Proximity proximity_;
    Rough rough_;
    std::vector<Event> events_;
};

}  // namespace robometrics::sim
