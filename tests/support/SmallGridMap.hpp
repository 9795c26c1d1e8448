#pragma once
// The smallest GridMap message worth testing: one 3 x 2 layer "ground" (rows along x) holding
// 0..5, stored column-major (storage (r, c) = data[c*3 + r]) with start indices (1, 1), so that
// logical (i, j) is stored at ((1 + i) % 3, (1 + j) % 2). Resolution 1 m, centred at (10, 20)
// in "odom", stamped 5 s 500 ns.

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::test {

inline msgs::GridMap smallGridMap() {
    msgs::GridMap msg;
    msg.header.frame_id = "odom";
    msg.header.stamp = {5, 500};
    msg.info.resolution = 1.0;
    msg.info.length_x = 3.0;
    msg.info.length_y = 2.0;
    msg.info.pose.position.x = 10.0;
    msg.info.pose.position.y = 20.0;
    msg.layers = {"ground"};
    msgs::Float32MultiArray a;
    a.layout.dim = {{"column_index", 2, 6}, {"row_index", 3, 3}};
    a.data = {0, 1, 2, 3, 4, 5};
    msg.data = {a};
    msg.outer_start_index = 1;
    msg.inner_start_index = 1;
    return msg;
}

}  // namespace robometrics::test
