#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics::bag {

namespace {
// rosbag2 (Jazzy style) QoS metadata so that `ros2 bag play` re-offers latched topics correctly.
std::string qosYaml(bool transient_local) {
    return std::string("- history: keep_last\n  depth: ") + (transient_local ? "1" : "10") +
           "\n  reliability: reliable\n  durability: " + (transient_local ? "transient_local" : "volatile") +
           "\n  deadline:\n    sec: 9223372036\n    nsec: 854775807\n  lifespan:\n    sec: 9223372036\n"
           "    nsec: 854775807\n  liveliness: automatic\n  liveliness_lease_duration:\n"
           "    sec: 9223372036\n    nsec: 854775807\n  avoid_ros_namespace_conventions: false\n";
}
}  // namespace

std::uint16_t TypedWriter::channelFor(const std::string &topic, const std::string &type,
                                      const std::string &schema_text, bool transient_local) {
    if (auto it = channels_.find(topic); it != channels_.end()) return it->second;
    std::uint16_t schema_id = 0;
    if (auto it = schemas_.find(type); it != schemas_.end()) {
        schema_id = it->second;
    } else {
        schema_id = writer_->addSchema(type, "ros2msg", schema_text);
        schemas_.emplace(type, schema_id);
    }
    std::string profiles;
    const auto declared = publishers_.find(topic);
    for (int i = 0; i < (declared == publishers_.end() ? 1 : declared->second); ++i) profiles += qosYaml(transient_local);
    std::uint16_t channel = writer_->addChannel(topic, schema_id, "cdr", {{"offered_qos_profiles", profiles}});
    channels_.emplace(topic, channel);
    return channel;
}

}  // namespace robometrics::bag
