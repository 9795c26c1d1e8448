#pragma once
// The Kuri robot's lost_detector (seed lost-detector) as a node: every AMCL pose is classified
// from its covariance (normal / confused / lost tiers), a reset request resets it, and each
// reading is published on /lost_detector/status and /lost_detector/probability into a
// ResultSink. It keeps the readings, the episodes and the AMCL path for the run summary. One
// definition for `lost`, `lost-train`, `live lost` and `evaluate`.

#include <functional>
#include <vector>

#include "robometrics/localization/LostReplay.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/pipeline/ResultSink.hpp"

namespace robometrics::nodes {

/// The AMCL positions, x-y against absolute log seconds.
struct PosePath {
    std::vector<double> t;
    std::vector<double> x;
    std::vector<double> y;
};

class LostNode : public Node {
public:
    /// lost_detector: inputs pose (/amcl_pose) and reset (/lost_detector/reset); outputs status
    /// (latched: a late subscriber learns the current status) and probability.
    static const NodeSpec &spec();
    static Result<localization::LostDetectorConfig> configure(const Params &params) {
        return localization::LostDetectorConfig::fromParams(params);
    }

    using EventSink = std::function<void(const localization::PoseEvent &, const msgs::PoseWithCovarianceStamped *)>;
    /// The config's pose and reset topics (amcl_pose, lost_reset).
    static NodeTopics topicsOf(const localization::LostDetectorConfig &config);
    /// Calls `on_event` with every AMCL pose (as features, with the message) and every reset
    /// request (message null), at log time, from the amcl_pose and lost_reset of `topics`.
    static void subscribeEvents(pipeline::Pipeline &pipe, const NodeTopics &topics, EventSink on_event);

    /// /lost_detector/status: "normal", "confused" or "lost".
    static msgs::String statusMessage(localization::LostStatus status);
    /// /lost_detector/probability: [P(lost), xy std, yaw std]; NaN stds for an invalid reading.
    static msgs::Float32MultiArray probabilityMessage(const localization::LostReading &r);

    /// /diagnostics: "robometrics: localization", OK normal, WARN confused, ERROR lost, with the
    /// figures of the reading (stamped with the pose's time).
    static msgs::DiagnosticArray diagnosticMessage(const localization::LostReading &r, const std::string &pose_topic);

    /// Results go to `sink` (none when null); with `diagnostics` every reading is also published
    /// on /diagnostics (`live lost`).
    explicit LostNode(const localization::LostDetectorConfig &config, pipeline::ResultSink *sink = nullptr,
                      bool diagnostics = false);
    LostNode(const LostNode &) = delete;
    LostNode &operator=(const LostNode &) = delete;

    /// Reads amcl_pose and lost_reset of `topics` (topicsOf(config): the config's).
    void subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) override;
    /// Hands every reading to `keep` instead of keeping it in readings() (`evaluate` keeps a long
    /// run's readings on disk).
    void handReadingsTo(std::function<void(const localization::LostReading &)> keep) { keep_ = std::move(keep); }
    /// Closes the episodes (one still open at the end is marked).
    void finish() override { tracker_.finish(); }

    /// The first failed write; the node keeps classifying after it.
    const Status &failure() const { return failure_; }
    const localization::LostTracker &tracker() const { return tracker_; }
    const std::vector<localization::LostReading> &readings() const { return readings_; }
    const PosePath &path() const { return path_; }
    /// The log time of the first event, if any.
    std::optional<TimeNs> firstTime() const { return first_; }
    /// Moves the readings and the episodes out (after finish()).
    localization::LostRun takeRun();

private:
    void onEvent(const localization::PoseEvent &event, const msgs::PoseWithCovarianceStamped *pose);

    localization::LostTracker tracker_;
    pipeline::ResultSink *sink_;
    bool diagnostics_ = false;
    std::vector<localization::LostReading> readings_;
    std::function<void(const localization::LostReading &)> keep_;
    PosePath path_;
    std::optional<TimeNs> first_;
    Status failure_ = Status::Ok();
    localization::LostDetectorConfig config_;
};

}  // namespace robometrics::nodes
