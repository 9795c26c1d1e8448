#pragma once
// The streaming part of the SLAM run evaluation (seed slam-bench-metrics): what one pass over a
// run collects besides the trajectory and the map, namely the odometry (2-D path length, speed,
// start of motion), the number of scans, and the first and last log time. The trajectory and
// map comparisons read their inputs afterwards (io/TrajectoryInput, io/BagMap). One definition
// for `slam-eval` and `evaluate`.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/SlamRun.hpp"

namespace robometrics::nodes {

class SlamRunNode : public Node {
public:
    /// slam_eval: inputs odometry (/odom), scan (/scan), map (/map), tf (/tf, the estimate
    /// map -> base_link by default).
    static const NodeSpec &spec();

    SlamRunNode() = default;
    SlamRunNode(const SlamRunNode &) = delete;
    SlamRunNode &operator=(const SlamRunNode &) = delete;

    /// Reads the odometry and scan roles of `topics` (an empty topic is not read) and sees every
    /// message for the run's first and last log time.
    void subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) override;
    /// Nothing waits for a later message.
    void finish() override {}

    /// Hands every odometry sample to `keep` instead of keeping it in odometry() (`evaluate` keeps
    /// a long run's odometry on disk).
    void handOdometryTo(std::function<void(const slam::OdomSample &)> keep) { keep_ = std::move(keep); }

    /// Odometry samples, t in absolute log seconds.
    std::vector<slam::OdomSample> &odometry() { return odometry_; }
    std::size_t scans() const { return scans_; }
    /// First and last log time of any message (seconds); 0 when the run had none.
    double startSeconds() const { return first_ ? toSeconds(*first_) : 0.0; }
    double endSeconds() const { return last_ ? toSeconds(*last_) : 0.0; }

private:
    std::vector<slam::OdomSample> odometry_;
    std::function<void(const slam::OdomSample &)> keep_;
    std::size_t scans_ = 0;
    std::optional<TimeNs> first_;
    std::optional<TimeNs> last_;
};

}  // namespace robometrics::nodes
