#include "robometrics/sim/EventLog.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

void EventLog::observeClearance(double t, double clearance, double x, double y) {
    Proximity &p = proximity_;
    if (clearance >= thresholds_.close_pass) {
        if (p.open) closeProximity();
        return;
    }
    if (!p.open) p = Proximity{true, t, t, clearance, t, x, y};
    p.last = t;
    if (clearance < p.min) {
        p.min = clearance;
        p.t_min = t;
        p.x = x;
        p.y = y;
    }
}

void EventLog::closeProximity() {
    Proximity &p = proximity_;
    const bool collision = p.min < thresholds_.collision;
    Event e;
    e.type = collision ? "collision" : "close_pass";
    e.t_start = p.start;
    e.t_end = p.last;
    e.expected = collision ? "scan minimum range below the 0.2 m collision threshold"
                           : "scan minimum range between 0.2 m and 0.5 m: low clearance, no collision";
    e.details = {
        {"min_clearance_m", round3(p.min)}, {"t_min", round3(p.t_min)}, {"x", round3(p.x)}, {"y", round3(p.y)}};
    if (collision) e.anomaly = "collision";
    events_.push_back(std::move(e));
    p.open = false;
}

void EventLog::observeGround(double t, double roughness, double speed, double accel_magnitude) {
    Rough &r = rough_;
    if (roughness <= thresholds_.rough_ground || speed <= thresholds_.moving) {
        // Short pauses (turning on the spot inside a patch) do not split a stretch.
        if (r.open && t - r.last > 1.0) closeRough();
        return;
    }
    if (!r.open) r = Rough{true, t, t, 0, 0, 0};
    r.last = t;
    r.max_accel = std::max(r.max_accel, accel_magnitude);
    ++r.samples;
    if (accel_magnitude > thresholds_.rough_accel) ++r.above;
}

void EventLog::closeRough() {
    Rough &r = rough_;
    Event e;
    e.type = "rough";
    e.t_start = r.start;
    e.t_end = r.last;
    e.expected = r.above > 0 ? "IMU acceleration magnitude above 15 m/s^2 (rough terrain) during the stretch"
                             : "rough ground, but the IMU stays below the 15 m/s^2 rough-terrain threshold";
    e.details = {
        {"max_accel_mps2", round3(r.max_accel)}, {"imu_samples", r.samples}, {"imu_samples_above_15", r.above}};
    events_.push_back(std::move(e));
    r.open = false;
}

void EventLog::add(Event event) { events_.push_back(std::move(event)); }

std::vector<Event> EventLog::finish() {
    if (proximity_.open) closeProximity();
    if (rough_.open) closeRough();
    std::vector<Event> out = events_;
    std::stable_sort(out.begin(), out.end(), [](const Event &a, const Event &b) { return a.t_start < b.t_start; });
    return out;
}

}  // namespace robometrics::sim
