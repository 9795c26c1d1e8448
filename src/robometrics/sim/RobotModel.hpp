#pragma once
// What a robot publishes about its Vehicle: the topics, their rates and publishers, and the
// messages due in each tick, with the header stamps and publish times on the simulated clock.
// One implementation per --robot; the clock and recorder profiles are applied afterwards.

#include <string>
#include <variant>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Vehicle.hpp"

namespace robometrics::sim {

using SimMessage =
    std::variant<msgs::LaserScan, msgs::Imu, msgs::Odometry, msgs::PoseArray, msgs::TFMessage, msgs::OccupancyGrid,
                 msgs::PoseWithCovarianceStamped, msgs::GridMap, msgs::PointCloud2, msgs::Twist, msgs::PoseStamped,
                 msgs::GoalStatusArray, msgs::Clock, msgs::Image, msgs::CompressedImage, msgs::TransformStamped>;

struct SimOutput {
    const char *topic = "";
    TimeNs time = 0;  ///< when it is published (simulated clock); the simulator turns it into the log time
    bool latched = false;
    SimMessage message;
};

/// A topic a robot writes, for scenario.json and the bag's channel metadata.
struct SimTopic {
    std::string name;
    std::string type;
    double rate_hz = 0;  ///< nominal rate on the simulated clock; 0: not periodic
    bool latched = false;
    int publishers = 1;      ///< nodes publishing it (one offered QoS profile each)
    std::string publishing;  ///< when it is published, in words
};

class RobotModel {
public:
    virtual ~RobotModel() = default;
    virtual std::vector<SimTopic> topics() const = 0;
    /// Appends the messages due in the vehicle's current tick (after its step).
    virtual void emit(Vehicle &vehicle, std::vector<SimOutput> &out) = 0;
    /// Events the model's own outputs define (a collision seen by one scanner of two), so far.
    virtual std::vector<Event> events() const { return {}; }
};

}  // namespace robometrics::sim
