#pragma once
// An AMR's pair of safety scanners in place of the TurtleBot3's single LDS-01: one at the front
// looking ahead, one at the rear looking backwards, each covering 270 degrees (so neither sees
// what is right behind the other), published on /scan_front and /scan_rear. Keeps the truth of
// the collisions each one sees (ScanContact).

#include <vector>

#include "robometrics/sim/Lidar.hpp"
#include "robometrics/sim/RobotModel.hpp"
#include "robometrics/sim/ScanContact.hpp"

namespace robometrics::sim {

class TwoScanners {
public:
    /// Mounts on base_link: x ±0.15 m, z 0.2 m; the rear one turned by pi.
    static constexpr double kMountX = 0.15, kMountZ = 0.2;

    /// The front scanner draws from the laser's stream (4), the rear one from stream 9.
    explicit TwoScanners(const Rng &root);

    std::vector<SimTopic> topics() const;
    /// base_link -> base_scan_front, base_scan_rear, for /tf_static.
    void staticFrames(TimeNs t, std::vector<msgs::TransformStamped> &out) const;
    /// Both scans of this tick, stamped `t` (AMCL reads the front one).
    void emit(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out);
    /// The collisions seen so far, per scanner.
    std::vector<Event> events() const;

private:
    Lidar front_, rear_;
    ScanContact front_contact_, rear_contact_;
};

}  // namespace robometrics::sim
