#include <yaml-cpp/yaml.h>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

int publisherCount(const TopicInfo &topic) {
    if (topic.publishers > 0) return topic.publishers;
    if (topic.offered_qos_profiles.empty()) return 1;
    try {
        const YAML::Node profiles = YAML::Load(topic.offered_qos_profiles);
        // An empty list is what a recorder writes for a topic it only subscribed to by name.
        if (profiles.IsSequence() && profiles.size() > 0) return static_cast<int>(profiles.size());
    } catch (const YAML::Exception &) {
        // Unreadable QoS text tells nothing about publishers; it is not an error of the bag.
    }
    return 1;
}

}  // namespace robometrics::bag
