#include "robometrics/nodes/ContractMessages.hpp"

#include <algorithm>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/SensorValidity.hpp"

namespace robometrics::nodes {

bool countsScanValidity(const bag::TopicInfo &topic, const std::vector<std::string> &patterns) {
    static const std::string laser_scan(msgs::TypeInfo<msgs::LaserScan>::name);
    return topic.type == laser_scan && std::any_of(patterns.begin(), patterns.end(), [&](const std::string &p) {
               return topicstats::topicMatches(p, topic.name);
           });
}

std::vector<std::string> scanValidityPatterns(const topicstats::RecordingContract &contract) {
    std::vector<std::string> patterns;
    for (const topicstats::TopicContract &c : contract.topics) {
        if (c.needsScanValidity()) patterns.push_back(c.pattern);
    }
    return patterns;
}

std::string motionTopic(const std::vector<bag::TopicInfo> &topics) {
    return chooseTopics(topics, pipeline::Remaps{}).odometry;
}

Status ContractMessages::addScan(topicstats::ScanValidityMeasurer &into, const bag::Message &message) {
    ROBOMETRICS_TRY(msgs::decode(message.data, scan_, msgs::wireFormatOf(message.topic->serialization_format)));
    // REP 117 as the collision check reads it (traversal::scanMinimum).
    const traversal::ScanRangeCounts counts = traversal::scanMinimum(scan_, true).counts;
    into.add(message.log_time, counts.readings, counts.readings - counts.invalid());
    return Status{};
}

Status ContractMessages::addOdometry(const bag::Message &message) {
    ROBOMETRICS_TRY(msgs::decode(message.data, odometry_, msgs::wireFormatOf(message.topic->serialization_format)));
    if (auto point = trackPointOf(odometry_.pose.pose, message.log_time)) {
        // The track must go forward in time; a message logged out of order is left out.
        if (!last_ || point->t >= *last_) moving_.add(*point), last_ = point->t;
    }
    return Status{};
}

void ContractMessages::resetMotion() {
    moving_ = activity::MovingIntervals{};
    last_.reset();
}

}  // namespace robometrics::nodes
