#include "robometrics/bag/TypedWriter.hpp"

#include "robometrics/bag/OfferedQos.hpp"

namespace robometrics::bag {

std::uint16_t TypedWriter::channelFor(const std::string &topic, const std::string &type, const std::string &schema_text,
                                      bool transient_local) {
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
    for (int i = 0; i < (declared == publishers_.end() ? 1 : declared->second); ++i)
        profiles +=
            offeredQosYaml({.reliable = true, .transient_local = transient_local, .depth = transient_local ? 1 : 10});
    std::uint16_t channel = writer_->addChannel(topic, schema_id, "cdr", {{"offered_qos_profiles", profiles}});
    channels_.emplace(topic, channel);
    return channel;
}

}  // namespace robometrics::bag
