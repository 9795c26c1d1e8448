#include "robometrics/sim/AmclGate.hpp"

#include <cmath>

namespace robometrics::sim {

bool AmclGate::scanReceived(const Pose2 &odom) {
    const bool update = !initialised_ || std::abs(odom.x - last_.x) > config_.update_min_d ||
                        std::abs(odom.y - last_.y) > config_.update_min_d ||
                        std::abs(wrapAngle(odom.yaw - last_.yaw)) > config_.update_min_a;
    if (update) {
        initialised_ = true;
        last_ = odom;
    }
    return update;
}

}  // namespace robometrics::sim
