#include "robometrics/live/Publisher.hpp"

#include "robometrics/live/RosNames.hpp"

namespace robometrics::live {

Result<Writer *> Publisher::writerFor(const std::string &ros_topic, const std::string &ros_type, bool latched) {
    if (auto it = writers_.find(ros_topic); it != writers_.end()) return it->second.get();
    auto writer = transport_.createWriter(ddsTopicName(ros_topic), ddsTypeName(ros_type),
                                          latched ? Qos::latched() : Qos::rosDefault());
    if (!writer) return writer.error();
    Writer *raw = writer->get();
    writers_.emplace(ros_topic, std::move(*writer));
    return raw;
}

Status Publisher::advertise(const std::string &ros_topic, const std::string &ros_type, bool latched) {
    auto writer = writerFor(ros_topic, ros_type, latched);
    if (!writer) return writer.error();
    return Status::Ok();
}

Status Publisher::publishRaw(const std::string &ros_topic, const std::string &ros_type,
                             std::span<const std::uint8_t> payload, bool latched, TimeNs source_time) {
    auto writer = writerFor(ros_topic, ros_type, latched);
    if (!writer) return writer.error();
    return (*writer)->write(payload, source_time);
}

std::size_t Publisher::matched(const std::string &ros_topic) const {
    auto it = writers_.find(ros_topic);
    return it == writers_.end() ? 0 : it->second->matched();
}

bool Publisher::waitForAcknowledgments(const std::string &ros_topic, std::chrono::milliseconds timeout) {
    auto it = writers_.find(ros_topic);
    return it == writers_.end() || it->second->waitForAcknowledgments(timeout);
}

}  // namespace robometrics::live
