#pragma once
// Every range sensor of the robot, each with its own collisions and clearance
// (traversal::ScanCollisions). The robot's scanners come from the bag: every LaserScan topic, or
// only the one `--topic scan=/x` names. The seed's traversal metrics keep reading one scan (its
// CSV has one clearance column); the collision check reads them all.

#include <functional>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/ScanCollisions.hpp"

namespace robometrics::evaluate {

struct ScannerResult {
    std::string topic;
    traversal::ScanCollisionSummary summary;
    /// The message type: "LaserScan" (clearance = the smallest range), or "PointCloud2" (the
    /// footprint's clearance from the in-band points, CloudSensors).
    std::string sensor = "LaserScan";
    /// Its contacts are collision anomalies and count in `safety`; false for a point cloud of a
    /// robot whose LaserScan sent scans (the scan judges, the cloud's clearance is listed:
    /// docs/evaluate.md, Point clouds).
    bool judged = true;
};

class Scanners {
public:
    /// Every LaserScan topic of `topics`, or `only` when it is not empty (the user's --topic scan).
    Scanners(const std::vector<bag::TopicInfo> &topics, const std::string &only,
             const traversal::ScanCollisionsConfig &config);

    /// Every scan's minimum, for another analyzer of the same scans.
    using MinimumListener = std::function<void(const traversal::ScanMinimum &, TimeNs)>;

    /// True when one of the scanners reads `topic` (both names as `pipe` resolves them).
    bool reads(const pipeline::Pipeline &pipe, const std::string &topic) const;

    /// Reads every scanner's topic; the minimum of each scan on `shared_topic` (if one of them)
    /// goes to `listener` too, so that it is found once per scan: the listener's analyzer must
    /// judge ranges as the scanners do (the same respect_range_limits).
    void subscribe(pipeline::Pipeline &pipe, const std::string &shared_topic = {}, MinimumListener listener = {});
    std::vector<ScannerResult> results() const;
    bool empty() const { return topics_.empty(); }

private:
    std::vector<std::string> topics_;
    traversal::ScanCollisionsConfig config_;
    std::vector<traversal::ScanCollisions> collisions_;
};

}  // namespace robometrics::evaluate
