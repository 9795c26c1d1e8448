#include "robometrics/core/ClockTrack.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/core/PiecewiseLinear.hpp"

namespace robometrics {

void ClockTrack::startDoor(const Vertex &p) {
    const Vertex &pivot = vertices_.back();
    const double dt = static_cast<double>(p.log - pivot.log);
    slope_max_ = (static_cast<double>(p.sys - pivot.sys) + static_cast<double>(tolerance_)) / dt;
    slope_min_ = (static_cast<double>(p.sys - pivot.sys) - static_cast<double>(tolerance_)) / dt;
    last_ = p;
    open_ = true;
}

void ClockTrack::add(TimeNs log, TimeNs sys) {
    const Vertex p{log, sys};
    if (vertices_.empty()) {
        vertices_.push_back(p);
        return;
    }
    const Vertex &newest = open_ ? last_ : vertices_.back();
    if (log <= newest.log || sys < newest.sys) return;
    if (!open_) {
        startDoor(p);
        return;
    }
    const Vertex &pivot = vertices_.back();
    const double dt = static_cast<double>(log - pivot.log);
    const double upper = (static_cast<double>(sys - pivot.sys) + static_cast<double>(tolerance_)) / dt;
    const double lower = (static_cast<double>(sys - pivot.sys) - static_cast<double>(tolerance_)) / dt;
    const double new_max = std::min(slope_max_, upper), new_min = std::max(slope_min_, lower);
    if (new_min > new_max) {
        // No straight line from the pivot passes within the tolerance of every sample since it:
        // the previous sample ends the segment and pivots the next one.
        vertices_.push_back(last_);
        startDoor(p);
        return;
    }
    slope_max_ = new_max;
    slope_min_ = new_min;
    last_ = p;
}

void ClockTrack::finish() {
    if (open_) vertices_.push_back(last_);
    open_ = false;
}

TimeNs ClockTrack::toSystem(TimeNs log) const {
    return piecewiseLinearAt(
        vertices_, log, [](const Vertex &v) { return v.log; }, [](const Vertex &v) { return v.sys; });
}

}  // namespace robometrics
