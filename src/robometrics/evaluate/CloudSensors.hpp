#pragma once
// Every 3-D range sensor of the robot (a PointCloud2 topic of a lidar or a depth camera), each
// judged like a scanner (Scanners): its clouds, brought into the base frame through TF at each
// cloud's stamp (terrain::TfSyncQueue: /tf_static for a sensor fixed to the robot, /tf for one on
// a moving mount or a cloud published in odom or map, interpolated between the samples around the
// stamp), give the footprint's clearance (traversal::CloudClearance), and the clearances go
// through the scanners' collision rules (traversal::ScanCollisions). A cloud without a transform
// at its stamp is skipped and counted, never used untransformed.
//
// Which cloud topics are a range sensor (docs/evaluate.md, "Point clouds"): by name, a topic
// whose name says it is derived from a sensor (ground segmentation, a map, a registered or
// accumulated cloud, a downsampled copy) is not; a cloud without a frame_id, or whose frame TF
// never connects to the base frame, is not. Those are listed with the reason (CloudUse).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/evaluate/Scanners.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/terrain/TfSyncQueue.hpp"
#include "robometrics/traversal/CloudClearance.hpp"
#include "robometrics/traversal/ScanCollisions.hpp"

namespace robometrics::evaluate {

/// A PointCloud2 topic of the bag and what became of it.
struct CloudUse {
    std::string topic;
    bool used = false;         ///< its clearances were judged
    std::string why;           ///< why it was not used (empty when used)
    std::string frame;         ///< its clouds' frame_id (from the first cloud)
    std::string base_frame;    ///< the frame its clearance is measured in
    std::string footprint;     ///< the footprint and height band it was measured with
    std::uint64_t clouds = 0;  ///< clouds whose clearance was measured
    /// How its clouds reach the base frame: "none" (already in it), "tf_static" (fixed to the
    /// robot), "tf" (through /tf at each cloud's stamp); empty while TF did not connect them.
    std::string transform;
    std::uint64_t unplaced = 0;   ///< clouds skipped: no transform to the base frame at their stamp
    std::uint64_t held = 0;       ///< clouds placed with a /tf sample held (within 0.1 s), not interpolated
    std::string transform_error;  ///< the first failed look-up at a cloud's stamp
    std::uint64_t malformed = 0;  ///< clouds skipped: a layout error
    std::string first_error;      ///< the first layout error
    /// Points of the measured clouds (traversal::CloudClearance, summed): returns, those the
    /// self-filter box removed, and those left in the height band (the obstacles).
    std::uint64_t returns = 0;
    std::uint64_t self_filtered = 0;
    std::uint64_t in_band = 0;
    bool self_filter = false;  ///< a self-filter box was set (else self_filtered says nothing)
};

/// "the self-filter box removed 120 of 4 000 returns (3.0 %)" for a used cloud measured with a
/// box, else empty.
std::string selfFilterSummary(const CloudUse &use);
/// One caveat per used cloud whose self-filter box removed more than half of its returns: a box
/// larger than the robot hides real obstacles.
std::vector<std::string> selfFilterCaveats(const std::vector<CloudUse> &uses);

/// Why a PointCloud2 topic named `topic` is not a range sensor by its name, or empty.
std::string cloudNameRule(const std::string &topic);
/// Why a cloud in `frame` is not a range sensor's by its frame (no frame_id), or empty.
std::string cloudFrameRule(const std::string &frame);
/// A PointCloud2 topic of `topics` that may be a range sensor's (its name passes cloudNameRule).
bool hasRangeCloud(const std::vector<bag::TopicInfo> &topics);

class CloudSensors {
public:
    /// How far a /tf sample may be from a cloud's stamp and still place it (held, not
    /// interpolated), and how long, in log time, a cloud waits for the sample after its stamp:
    /// the costmap's tf_tolerance.
    static constexpr TimeNs kTfTolerance = kNsPerSecond / 10;
    /// Clouds waiting for their /tf sample (each a copy of the cloud): at 10-20 Hz clouds and a
    /// 0.1 s wait, 1-2 wait; 8 bounds the memory (8 x an OS1-128 frame of 6 MB).
    static constexpr std::size_t kWaitingClouds = 8;

    /// Every PointCloud2 topic of `topics`, and the /tf and /tf_static topics that place them.
    CloudSensors(const std::vector<bag::TopicInfo> &topics, const traversal::ScanCollisionsConfig &config,
                 const traversal::CloudFootprint &shape);

    void subscribe(pipeline::Pipeline &pipe);
    /// One cloud of topic `index` at log time `t` (public for the tests).
    void add(std::size_t index, const msgs::PointCloud2 &cloud, TimeNs t);
    /// A /tf (`is_static` false) or /tf_static message logged at `log_time` (public for the tests).
    void addTf(const msgs::TFMessage &message, bool is_static, TimeNs log_time);
    /// End of input: the clouds still waiting for their transform are placed or counted.
    void finish();

    /// The clouds used, as scanners (sensor "PointCloud2").
    std::vector<ScannerResult> results() const;
    /// Every PointCloud2 topic, used or not (after the pass: with the reason).
    std::vector<CloudUse> uses() const;

private:
    struct Topic {
        CloudUse use;
        traversal::ScanCollisions collisions;
    };
    /// The base frame of the topic's clouds (CloudUse::base_frame, ::transform), once TF
    /// connects it to their frame.
    bool chooseBase(Topic &topic) const;
    /// A cloud of topic `index` logged at `t`, with its transform looked up at its stamp.
    void placed(std::size_t index, const msgs::PointCloud2 &cloud, const Result<Eigen::Isometry3d> &base_T_cloud,
                bool interpolated, TimeNs t);

    traversal::CloudFootprint shape_;
    std::vector<Topic> topics_;
    std::vector<std::string> tf_static_topics_, tf_topics_;
    terrain::TfSyncQueue sync_;
};

}  // namespace robometrics::evaluate
