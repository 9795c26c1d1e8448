#pragma once
// Where one scanner's own readings say the robot touches something: the scans holding a valid
// reading (within [range_min, range_max], so no "no return" value) below the collision
// threshold, grouped into intervals of consecutive scans. On a robot with several scanners the
// collision belongs to the scanner that sees it, from its first such scan to its last, which is
// the truth a per-topic collision check must find (a single origin's clearance would not say which).

#include <string>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/EventLog.hpp"

namespace robometrics::sim {

class ScanContact {
public:
    explicit ScanContact(std::string topic, double threshold = EventThresholds{}.collision)
        : topic_(std::move(topic)), threshold_(threshold) {}

    /// A scan published at `t` (s on the robot's clock).
    void observe(double t, const msgs::LaserScan &scan);
    /// Another sensor's reading at `t`: `nearest` m, a contact below the threshold (CloudScanner).
    void observeNearest(double t, double nearest);
    /// The collisions so far, one still going on ending at its last scan.
    std::vector<Event> events() const;

private:
    Event interval() const;

    void observeContact(double t, bool contact, double nearest);

    std::string topic_;
    double threshold_;
    bool open_ = false;
    double start_ = 0, last_ = 0, min_ = 0;
    int scans_ = 0;
    std::vector<Event> done_;
};

}  // namespace robometrics::sim
