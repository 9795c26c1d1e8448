#pragma once
// The research rover's topics (docs/simulate.md, Topics): every sensor at a fixed rate on the
// tick grid, a SLAM-like /map, an AMCL-like pose at a fixed 5 Hz, the GroundGrid map and cloud,
// the true pose on /rover/pose_array and the route follower's command on /cmd_vel.

#include "robometrics/sim/GroundGridMap.hpp"
#include "robometrics/sim/ImuPublisher.hpp"
#include "robometrics/sim/Lidar.hpp"
#include "robometrics/sim/Lidar3d.hpp"
#include "robometrics/sim/RobotModel.hpp"
#include "robometrics/sim/SlamMapper.hpp"

namespace robometrics::sim {

class RoverModel : public RobotModel {
public:
    RoverModel(const ScenarioSpec &spec, const Rng &root, std::int64_t ticks);

    std::vector<SimTopic> topics() const override;
    void emit(Vehicle &vehicle, std::vector<SimOutput> &out) override;

private:
    void emitGroundGrid(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out);

    std::int64_t ticks_;
    ImuPublisher imu_;
    Lidar lidar_;
    Lidar3d lidar3d_;
    SlamMapper mapper_;
    GroundGridMap ground_grid_;
};

}  // namespace robometrics::sim
