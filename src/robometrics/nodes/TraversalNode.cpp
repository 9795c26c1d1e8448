#include "robometrics/nodes/TraversalNode.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::nodes {

const NodeSpec &TraversalNode::spec() {
    static const NodeSpec spec{
        traversal::TraversalConfig::kNodeName,
        {{"imu", "/imu/data", std::string(msgs::TypeInfo<msgs::Imu>::name), &NodeTopics::imu},
         {"odometry", "/odometry/wheels", std::string(msgs::TypeInfo<msgs::Odometry>::name), &NodeTopics::odometry},
         {"pose", "/rover/pose_array", std::string(msgs::TypeInfo<msgs::PoseArray>::name), &NodeTopics::pose_array},
         {"scan", "/scan", std::string(msgs::TypeInfo<msgs::LaserScan>::name), &NodeTopics::scan}},
        {}};
    return spec;
}

TraversalInputs TraversalNode::chooseInputs(const std::string &bag, const std::vector<bag::TopicInfo> &bag_topics,
                                            const pipeline::Remaps &remaps) {
    TraversalInputs in;
    in.topics = resolveTopics(spec(), remaps);
    const TopicChoice choice = chooseTopics(bag_topics, remaps);
    const std::string seed_odometry = in.topics.odometry;
    if (!choice.odometry.empty() && choice.odometry != seed_odometry) {
        in.notes.push_back(
            fmt::format("{}: no topic {}; velocity from {} instead", bag, seed_odometry, choice.odometry));
        in.topics.odometry = choice.odometry;
    }
    in.distance_from_odometry = distanceFromOdometry(choice);
    if (in.distance_from_odometry) {
        in.notes.push_back(
            fmt::format("{}: no PoseArray topic; distance from the {} pose instead", bag, choice.odometry));
    }
    return in;
}

std::map<std::string, std::string> TraversalInputs::roles() const {
    std::map<std::string, std::string> roles = roleTopics(TraversalNode::spec(), topics);
    if (distance_from_odometry) roles["distance"] = topics.odometry;
    return roles;
}

TraversalNode::TraversalNode(const traversal::TraversalConfig &config, traversal::TraversalMetrics::RowSink rows,
                             traversal::TraversalMetrics::DebugSink debug)
    : metrics_(config, std::move(rows), std::move(debug)) {}

void TraversalNode::subscribe(pipeline::Pipeline &pipeline, const NodeTopics &topics) {
    // The seed's subscription order (scan, imu, pose, odometry): messages of one log time reach
    // the metrics in this order.
    feed<msgs::LaserScan>(pipeline, topics.scan, &traversal::TraversalMetrics::onScan);
    feed<msgs::Imu>(pipeline, topics.imu, &traversal::TraversalMetrics::onImu);
    feed<msgs::PoseArray>(pipeline, topics.pose_array, &traversal::TraversalMetrics::onPose);
    feed<msgs::Odometry>(pipeline, topics.odometry, &traversal::TraversalMetrics::onOdometry);
}

template <class T>
void TraversalNode::feed(pipeline::Pipeline &pipeline, const std::string &topic,
                         void (traversal::TraversalMetrics::*on)(const T &, TimeNs)) {
    if (topic.empty()) return;
    pipeline.subscribe<T>(topic, [this, on](const T &m, const pipeline::Envelope &e) {
        seen(e.log_time);
        (metrics_.*on)(m, e.log_time);
    });
}

void TraversalNode::onScanMinimum(const traversal::ScanMinimum &minimum, TimeNs t) {
    seen(t);
    metrics_.onScanMinimum(minimum, t);
}

void TraversalNode::seen(TimeNs t) { last_ = last_ ? std::max(*last_, t) : t; }

void TraversalNode::tick(TimeNs now) {
    seen(now);
    metrics_.advanceTo(now);
}

void TraversalNode::finish() { summary_ = metrics_.finish(end_ ? *end_ : last_.value_or(0)); }

std::string traversalDebugLine(TimeNs t, const std::string &line) {
    const msgs::Time stamp = msgs::Time::fromNs(t);
    return fmt::format("[INFO] [{}.{:09d}] [{}]: {}\n", stamp.sec, stamp.nanosec, traversal::TraversalConfig::kNodeName,
                       line);
}

}  // namespace robometrics::nodes
