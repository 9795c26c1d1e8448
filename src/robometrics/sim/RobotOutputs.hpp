#pragma once
// What a scenario's robot carries and what the recorder keeps of it, for the profiles that
// reproduce the recordings evaluate has to judge beyond the standard TurtleBot3: two scanners
// (front and rear) instead of one, the Gazebo p3d ground truth in the bag, or a recording of a
// few topics only. The defaults are the standard robot recorded whole.

#include <string>
#include <vector>

namespace robometrics::sim {

enum class ScanLayout {
    Single,     ///< one scanner on /scan (the robot's own)
    FrontRear,  ///< an AMR's two 270-degree scanners, /scan_front and /scan_rear (looking backwards)
    Cloud3d,    ///< a 3-D lidar's PointCloud2 on /velodyne_points, no LaserScan (CloudScanner)
};

struct RobotOutputs {
    ScanLayout scans = ScanLayout::Single;
    /// Gazebo's p3d plugin: the true pose as nav_msgs/Odometry on /ground_truth at 50 Hz.
    bool ground_truth_odometry = false;
    /// Gazebo's world poses through ros_gz_bridge: /world/office/pose/info as
    /// geometry_msgs/PoseArray at 50 Hz, the robot one of its entries (GazeboPoseInfo.hpp).
    bool ground_truth_pose_info = false;
    /// A motion-capture system through vicon_bridge: the robot's body as
    /// geometry_msgs/TransformStamped on /vicon/turtlebot3/turtlebot3 at 100 Hz (kMocapTopic).
    bool ground_truth_mocap = false;
    /// The topics `ros2 bag record` was given; empty: everything published (`-a`).
    std::vector<std::string> recorded;

    bool records(const std::string &topic) const {
        if (recorded.empty()) return true;
        for (const std::string &t : recorded)
            if (t == topic) return true;
        return false;
    }
};

}  // namespace robometrics::sim
