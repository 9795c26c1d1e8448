#include "robometrics/bag/TopicRecorder.hpp"

namespace robometrics::bag {

std::uint16_t TopicRecorder::channelFor(const TopicInfo &t) {
    if (auto it = channels_.find(t.name); it != channels_.end()) return it->second;
    auto schema = schemas_.find(t.type);
    if (schema == schemas_.end())
        schema = schemas_.emplace(t.type, writer_.addSchema(t.type, "ros2msg", t.schema.text)).first;
    const std::uint16_t id =
        writer_.addChannel(t.name, schema->second, "cdr", {{"offered_qos_profiles", t.offered_qos_profiles}});
    channels_.emplace(t.name, id);
    return id;
}

Status TopicRecorder::write(const Message &m) {
    const std::uint64_t sequence = ++counts_[m.topic->name];
    return writer_.write(channelFor(*m.topic), m.log_time, m.publish_time, m.data,
                         static_cast<std::uint32_t>(sequence));
}

std::uint64_t TopicRecorder::total() const {
    std::uint64_t total = 0;
    for (const auto &[topic, n] : counts_) total += n;
    return total;
}

}  // namespace robometrics::bag
