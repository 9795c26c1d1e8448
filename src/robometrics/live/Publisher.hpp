#pragma once
// Publishes results as ROS 2 topics: one writer per topic, created on first use with the ROS
// names mangled for DDS, reliable (serves reliable and best-effort subscribers), volatile keep
// last 10, or transient local keep last 1 for latched topics. Payloads come from our CDR codec.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/live/Transport.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::live {

class Publisher {
public:
    explicit Publisher(Transport &transport) : transport_(transport) {}

    /// Publishes an encoded payload on a ROS topic. `source_time` 0 = now.
    Status publishRaw(const std::string &ros_topic, const std::string &ros_type, std::span<const std::uint8_t> payload,
                      bool latched = false, TimeNs source_time = 0);

    template <class T>
    Status publish(const std::string &ros_topic, const T &msg, bool latched = false, TimeNs source_time = 0) {
        msgs::encodeCdr(msg, buffer_);
        return publishRaw(ros_topic, std::string(msgs::TypeInfo<T>::name), buffer_, latched, source_time);
    }

    /// Creates the writer now (so subscribers can match before the first result).
    Status advertise(const std::string &ros_topic, const std::string &ros_type, bool latched = false);
    template <class T>
    Status advertise(const std::string &ros_topic, bool latched = false) {
        return advertise(ros_topic, std::string(msgs::TypeInfo<T>::name), latched);
    }

    /// Subscribers matched on a topic (0 when not advertised).
    std::size_t matched(const std::string &ros_topic) const;

    /// Waits until reliable subscribers have every sample of `ros_topic` (false after `timeout`):
    /// a status written just before the process ends still reaches them.
    bool waitForAcknowledgments(const std::string &ros_topic, std::chrono::milliseconds timeout);

private:
    Result<Writer *> writerFor(const std::string &ros_topic, const std::string &ros_type, bool latched);

    Transport &transport_;
    std::map<std::string, std::unique_ptr<Writer>> writers_;
    std::vector<std::uint8_t> buffer_;
};

}  // namespace robometrics::live
