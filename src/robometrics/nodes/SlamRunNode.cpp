#include "robometrics/nodes/SlamRunNode.hpp"

namespace robometrics::nodes {

const NodeSpec &SlamRunNode::spec() {
    static const NodeSpec spec{
        "slam_eval",
        {{"odometry", "/odom", std::string(msgs::TypeInfo<msgs::Odometry>::name), &NodeTopics::odometry},
         {"scan", "/scan", std::string(msgs::TypeInfo<msgs::LaserScan>::name), &NodeTopics::scan},
         {"map", "/map", std::string(msgs::TypeInfo<msgs::OccupancyGrid>::name), &NodeTopics::map},
         {"tf", "/tf", std::string(msgs::TypeInfo<msgs::TFMessage>::name)}},
        {}};
    return spec;
}

void SlamRunNode::subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) {
    if (const std::string &odometry = topics.odometry; !odometry.empty()) {
        pipe.subscribe<msgs::Odometry>(odometry, [this](const msgs::Odometry &m, const pipeline::Envelope &e) {
            const slam::OdomSample sample = slam::odomSample(toSeconds(e.log_time), m);
            if (keep_) {
                keep_(sample);
            } else {
                odometry_.push_back(sample);
            }
        });
    }
    if (const std::string &scan = topics.scan; !scan.empty()) {
        // Counted only: the scans say the run had a working laser, their contents are not needed.
        pipe.subscribeRaw(scan, [this](const bag::Message &) -> Status {
            ++scans_;
            return Status::Ok();
        });
    }
    pipe.subscribeRaw("*", [this](const bag::Message &m) -> Status {
        if (!first_) first_ = m.log_time;
        last_ = m.log_time;
        return Status::Ok();
    });
}

}  // namespace robometrics::nodes
