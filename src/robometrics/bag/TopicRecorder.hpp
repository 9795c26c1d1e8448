#pragma once
// Records raw messages of any topic into an MCAP as rosbag2 does: a schema per type (the schema
// text the publisher's type carries), a channel per topic with its offered QoS profiles, and a
// per-topic sequence number. `live record` writes what DDS delivers through it.

#include <cstdint>
#include <map>
#include <string>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

class TopicRecorder {
public:
    explicit TopicRecorder(McapWriter &writer) : writer_(writer) {}

    Status write(const Message &message);
    /// Messages written per topic.
    const std::map<std::string, std::uint64_t> &counts() const { return counts_; }
    std::uint64_t total() const;

private:
    std::uint16_t channelFor(const TopicInfo &topic);

    McapWriter &writer_;
    std::map<std::string, std::uint16_t> schemas_, channels_;
    std::map<std::string, std::uint64_t> counts_;
};

}  // namespace robometrics::bag
