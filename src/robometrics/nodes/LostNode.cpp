#include "robometrics/nodes/LostNode.hpp"

#include <fmt/format.h>

#include <limits>

namespace robometrics::nodes {

namespace {
const std::string kStatusTopic = "/lost_detector/status";
const std::string kProbabilityTopic = "/lost_detector/probability";
}  // namespace

const NodeSpec &LostNode::spec() {
    static const NodeSpec spec = [] {
        const localization::LostDetectorConfig defaults;
        return NodeSpec{
            "lost_detector",
            {{"pose", defaults.pose_topic, std::string(msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name),
              &NodeTopics::amcl_pose},
             {"reset", defaults.reset_topic, std::string(msgs::TypeInfo<msgs::Empty>::name), &NodeTopics::lost_reset}},
            {{kStatusTopic, std::string(msgs::TypeInfo<msgs::String>::name), true},
             {kProbabilityTopic, std::string(msgs::TypeInfo<msgs::Float32MultiArray>::name), false}}};
    }();
    return spec;
}

NodeTopics LostNode::topicsOf(const localization::LostDetectorConfig &config) {
    NodeTopics topics;
    topics.amcl_pose = config.pose_topic;
    topics.lost_reset = config.reset_topic;
    return topics;
}

void LostNode::subscribeEvents(pipeline::Pipeline &pipe, const NodeTopics &topics, EventSink on_event) {
    pipe.subscribe<msgs::PoseWithCovarianceStamped>(
        topics.amcl_pose, [on_event](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &env) {
            on_event({env.log_time, false, localization::covarianceFeatures(m.pose.covariance)}, &m);
        });
    pipe.subscribe<msgs::Empty>(topics.lost_reset, [on_event](const msgs::Empty &, const pipeline::Envelope &env) {
        on_event({env.log_time, true, {}}, nullptr);
    });
}

msgs::String LostNode::statusMessage(localization::LostStatus status) {
    return msgs::String{std::string(localization::toString(status))};
}

msgs::Float32MultiArray LostNode::probabilityMessage(const localization::LostReading &r) {
    msgs::Float32MultiArray p;
    p.layout.dim = {{"p_lost,xy_std_m,yaw_std_rad", 3, 3}};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    p.data = {static_cast<float>(r.probability), r.features.valid ? static_cast<float>(r.features.xy_std) : nan,
              r.features.valid ? static_cast<float>(r.features.yaw_std) : nan};
    return p;
}

msgs::DiagnosticArray LostNode::diagnosticMessage(const localization::LostReading &r, const std::string &pose_topic) {
    msgs::DiagnosticStatus s;
    s.level = r.status == localization::LostStatus::Lost       ? msgs::DiagnosticStatus::ERROR
              : r.status == localization::LostStatus::Confused ? msgs::DiagnosticStatus::WARN
                                                               : msgs::DiagnosticStatus::OK;
    s.name = "robometrics: localization";
    s.message = std::string(localization::toString(r.status));
    s.hardware_id = pose_topic;
    s.values = {{"p_lost", fmt::format("{:.6g}", r.probability)}};
    if (r.features.valid) {
        s.values.push_back({"xy_std_m", fmt::format("{:.6g}", r.features.xy_std)});
        s.values.push_back({"yaw_std_rad", fmt::format("{:.6g}", r.features.yaw_std)});
    }
    msgs::DiagnosticArray out;
    out.header.stamp = msgs::Time::fromNs(r.time);
    out.status.push_back(std::move(s));
    return out;
}

LostNode::LostNode(const localization::LostDetectorConfig &config, pipeline::ResultSink *sink, bool diagnostics)
    : tracker_(config), sink_(sink), diagnostics_(diagnostics), config_(config) {}

void LostNode::subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) {
    subscribeEvents(
        pipe, topics,
        [this](const localization::PoseEvent &e, const msgs::PoseWithCovarianceStamped *pose) { onEvent(e, pose); });
}

void LostNode::onEvent(const localization::PoseEvent &event, const msgs::PoseWithCovarianceStamped *pose) {
    if (!first_) first_ = event.time;
    const auto reading = tracker_.onEvent(event);
    if (!reading) return;  // a reset
    if (keep_) {
        keep_(*reading);
    } else {
        readings_.push_back(*reading);
    }
    if (pose) {
        path_.t.push_back(toSeconds(event.time));
        path_.x.push_back(pose->pose.pose.position.x);
        path_.y.push_back(pose->pose.pose.position.y);
    }
    if (!sink_) return;
    for (const NodeOutput &out : spec().outputs) {
        Status s = out.topic == kStatusTopic
                       ? sink_->write(out.topic, statusMessage(reading->status), reading->time, out.latched)
                       : sink_->write(out.topic, probabilityMessage(*reading), reading->time, out.latched);
        if (!s.ok() && failure_.ok()) failure_ = s;
    }
    if (diagnostics_) {
        Status s =
            sink_->write(msgs::kDiagnosticsTopic, diagnosticMessage(*reading, config_.pose_topic), reading->time);
        if (!s.ok() && failure_.ok()) failure_ = s;
    }
}

localization::LostRun LostNode::takeRun() {
    localization::LostRun run;
    run.readings = std::move(readings_);
    run.episodes = std::move(tracker_.episodes());
    return run;
}

}  // namespace robometrics::nodes
