#include "robometrics/evaluate/Scanners.hpp"

#include <algorithm>

namespace robometrics::evaluate {

Scanners::Scanners(const std::vector<bag::TopicInfo> &topics, const std::string &only,
                   const traversal::ScanCollisionsConfig &config)
    : config_(config) {
    const std::string type(msgs::TypeInfo<msgs::LaserScan>::name);
    for (const bag::TopicInfo &t : topics) {
        if (t.type == type && (only.empty() || t.name == only)) topics_.push_back(t.name);
    }
    // A remapped topic the listing does not type as a LaserScan is still the user's choice.
    if (!only.empty() && topics_.empty()) topics_.push_back(only);
    collisions_.assign(topics_.size(), traversal::ScanCollisions(config));
}

bool Scanners::reads(const pipeline::Pipeline &pipe, const std::string &topic) const {
    const std::string resolved = pipe.resolve(topic);
    return std::any_of(topics_.begin(), topics_.end(),
                       [&](const std::string &mine) { return pipe.resolve(mine) == resolved; });
}

void Scanners::subscribe(pipeline::Pipeline &pipe, const std::string &shared_topic, MinimumListener listener) {
    const std::string shared = listener ? pipe.resolve(shared_topic) : std::string();
    for (std::size_t i = 0; i < topics_.size(); ++i) {
        const bool respect = config_.respect_range_limits;
        const MinimumListener also = pipe.resolve(topics_[i]) == shared ? listener : MinimumListener{};
        pipe.subscribe<msgs::LaserScan>(
            topics_[i], [this, i, respect, also](const msgs::LaserScan &scan, const pipeline::Envelope &e) {
                const traversal::ScanMinimum minimum = traversal::scanMinimum(scan, respect);
                if (also) also(minimum, e.log_time);
                collisions_[i].add(minimum, e.log_time);
            });
    }
}

std::vector<ScannerResult> Scanners::results() const {
    std::vector<ScannerResult> out;
    for (std::size_t i = 0; i < topics_.size(); ++i) out.push_back({topics_[i], collisions_[i].summary()});
    return out;
}

}  // namespace robometrics::evaluate
