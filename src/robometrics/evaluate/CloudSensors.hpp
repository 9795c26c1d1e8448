#pragma once
// Every 3-D range sensor of the robot (a PointCloud2 topic of a lidar or a depth camera), each
// judged like a scanner (Scanners): its clouds, brought into the base frame through the static
// transforms of /tf_static, give the footprint's clearance (traversal::CloudClearance), and the
// clearances go through the scanners' collision rules (traversal::ScanCollisions).
//
// Which cloud topics are a range sensor (docs/evaluate.md, "Point clouds"): by name, a topic
// whose name says it is derived from a sensor (ground segmentation, a map, a registered or
// accumulated cloud, a downsampled copy) is not; by frame, at its first cloud, one in a frame
// fixed to the world (map, odom, ...) or without a static transform to the base frame is not.
// Those are listed with the reason (CloudUse).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/evaluate/Scanners.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/CloudClearance.hpp"
#include "robometrics/traversal/ScanCollisions.hpp"

namespace robometrics::evaluate {

/// A PointCloud2 topic of the bag and what became of it.
struct CloudUse {
    std::string topic;
    bool used = false;            ///< its clearances were judged
    std::string why;              ///< why it was not used (empty when used)
    std::string frame;            ///< its clouds' frame_id (from the first cloud)
    std::string base_frame;       ///< the frame its clearance is measured in
    std::string footprint;        ///< the footprint and height band it was measured with
    std::uint64_t clouds = 0;     ///< clouds whose clearance was measured
    std::uint64_t unplaced = 0;   ///< clouds skipped: no static transform to the base frame yet
    std::uint64_t malformed = 0;  ///< clouds skipped: a layout error
    std::string first_error;      ///< the first layout error
};

/// Why a PointCloud2 topic named `topic` is not a range sensor by its name, or empty.
std::string cloudNameRule(const std::string &topic);
/// Why a cloud in `frame` is not a range sensor's by its frame, or empty.
std::string cloudFrameRule(const std::string &frame);
/// A PointCloud2 topic of `topics` that may be a range sensor's (its name passes cloudNameRule).
bool hasRangeCloud(const std::vector<bag::TopicInfo> &topics);

class CloudSensors {
public:
    /// Every PointCloud2 topic of `topics`, and the /tf_static topics that place them.
    CloudSensors(const std::vector<bag::TopicInfo> &topics, const traversal::ScanCollisionsConfig &config,
                 const traversal::CloudFootprint &shape);

    void subscribe(pipeline::Pipeline &pipe);
    /// One cloud of topic `index` at log time `t` (public for the tests).
    void add(std::size_t index, const msgs::PointCloud2 &cloud, TimeNs t);
    /// The static transforms the clouds are placed with.
    TfBuffer &staticTf() { return tf_; }

    /// The clouds used, as scanners (sensor "PointCloud2").
    std::vector<ScannerResult> results() const;
    /// Every PointCloud2 topic, used or not (after the pass: with the reason).
    std::vector<CloudUse> uses() const;

private:
    struct Topic {
        CloudUse use;
        std::optional<Eigen::Isometry3d> base_T_cloud;
        traversal::ScanCollisions collisions;
    };
    /// The base frame and the transform into it of a cloud in `frame`, once TF connects them.
    bool place(Topic &topic, const std::string &frame);

    traversal::CloudFootprint shape_;
    std::vector<Topic> topics_;
    std::vector<std::string> tf_static_topics_;
    TfBuffer tf_;
};

}  // namespace robometrics::evaluate
