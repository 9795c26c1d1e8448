#pragma once
// A forward-looking RGB camera (640 x 480 rgb8 by default) rendered as cheaply as a frame can be
// while still looking at the world: one 2-D ray cast per image column in the true map, walls
// drawn from the ground up to the obstacle height, a tiled ground plane under the robot, sky or
// ceiling above, haze with distance, and per-pixel sensor noise from the camera's own random
// stream. Each pixel's ray is taken at its column's azimuth and its row's elevation (a
// cylindrical approximation of the pinhole); roll is ignored, pitch moves the horizon. The noise
// keeps the frames from compressing better than real camera images do.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/Random.hpp"
#include "robometrics/sim/World.hpp"

namespace robometrics::sim {

struct CameraConfig {
    int width = 640;
    int height = 480;
    double focal_px = 500;  ///< fx = fy (65 degrees across); principal point at the centre
    double mount_x = 0.25;  ///< m ahead of base_link (camera_link)
    double mount_z = 0.5;   ///< m above base_link
    double max_range = 60;  ///< m; farther walls vanish in the haze
    int noise_bits = 3;     ///< per-channel noise uniform in [-2^(bits-1), 2^(bits-1))
};

class CameraModel {
public:
    explicit CameraModel(Rng rng, CameraConfig config = {});

    /// One frame in camera_optical_frame (stamp left to the caller).
    msgs::Image render(const World &world, const ChassisState &body);
    /// The frame at half its width and height, each pixel the rounded mean of a 2 x 2 block.
    static msgs::Image halfSize(const msgs::Image &image);
    const CameraConfig &config() const { return config_; }

private:
    Rng rng_;
    CameraConfig config_;
    std::vector<double> column_azimuth_;  ///< rad, left positive
    std::vector<double> row_elevation_;   ///< rad above the optical axis, top row first
};

}  // namespace robometrics::sim
