#include "robometrics/evaluate/Scanners.hpp"

namespace robometrics::evaluate {

Scanners::Scanners(const std::vector<bag::TopicInfo> &topics, const std::string &only,
                   const traversal::ScanCollisionsConfig &config) {
    const std::string type(msgs::TypeInfo<msgs::LaserScan>::name);
    for (const bag::TopicInfo &t : topics) {
        if (t.type == type && (only.empty() || t.name == only)) topics_.push_back(t.name);
    }
    // A remapped topic the listing does not type as a LaserScan is still the user's choice.
    if (!only.empty() && topics_.empty()) topics_.push_back(only);
    collisions_.assign(topics_.size(), traversal::ScanCollisions(config));
}

void Scanners::subscribe(pipeline::Pipeline &pipe) {
    for (std::size_t i = 0; i < topics_.size(); ++i) {
        pipe.subscribe<msgs::LaserScan>(topics_[i], [this, i](const msgs::LaserScan &scan, const pipeline::Envelope &e) {
            collisions_[i].add(scan, e.log_time);
        });
    }
}

std::vector<ScannerResult> Scanners::results() const {
    std::vector<ScannerResult> out;
    for (std::size_t i = 0; i < topics_.size(); ++i) out.push_back({topics_[i], collisions_[i].summary()});
    return out;
}

}  // namespace robometrics::evaluate
