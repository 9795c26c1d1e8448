#include "robometrics/sim/ScanContact.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

void ScanContact::observe(double t, const msgs::LaserScan &scan) {
    float nearest = scan.range_max;
    bool contact = false;
    for (float r : scan.ranges) {
        // Outside [range_min, range_max] is no reading at all (0.0, +inf or NaN from a driver).
        if (!std::isfinite(r) || r < scan.range_min || r > scan.range_max) continue;
        nearest = std::min(nearest, r);
        contact = contact || r < threshold_;
    }
    observeContact(t, contact, nearest);
}

void ScanContact::observeNearest(double t, double nearest) { observeContact(t, nearest < threshold_, nearest); }

void ScanContact::observeContact(double t, bool contact, double nearest) {
    if (!contact) {
        if (open_) done_.push_back(interval());
        open_ = false;
        return;
    }
    if (!open_) {
        open_ = true;
        start_ = t;
        min_ = nearest;
        scans_ = 0;
    }
    last_ = t;
    min_ = std::min(min_, nearest);
    ++scans_;
}

Event ScanContact::interval() const {
    return {"collision",
            start_,
            last_,
            "collision on " + topic_ +
                " only: valid readings below the 0.2 m collision threshold from its first such "
                "scan to its last",
            {{"topic", topic_}, {"min_range_m", round3(min_)}, {"scans", scans_}},
            "collision"};
}

std::vector<Event> ScanContact::events() const {
    std::vector<Event> out = done_;
    if (open_) out.push_back(interval());
    return out;
}

}  // namespace robometrics::sim
