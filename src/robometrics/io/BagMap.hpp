#pragma once
// An occupancy grid taken from a bag: "PATH:TOPIC" (or just PATH, with a default topic), the last
// nav_msgs/msg/OccupancyGrid message on the topic by default, or the n-th (0-based; negative
// counts from the end: -1 = last).

#include <cstdint>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::io {

/// A bag path and a topic parsed from "PATH:TOPIC". A spec naming an existing file or directory
/// is a path alone (topic = `default_topic`); otherwise it splits at the last ':'.
struct BagTopicSpec {
    std::string path;
    std::string topic;
};
BagTopicSpec parseBagTopicSpec(const std::string &spec, const std::string &default_topic);

struct BagMap {
    msgs::OccupancyGrid grid;
    std::size_t messages = 0;  ///< OccupancyGrid messages on the topic
    std::size_t index = 0;     ///< which one `grid` is
};

/// Chooses a map while a pipeline reads the bag, for readers that read the bag for more than the
/// map (evaluate's single pass). Only the chosen message's raw bytes are kept; take() decodes it.
class BagMapCollector {
public:
    /// `which` >= 0: that message (0-based); -1: the last one.
    BagMapCollector(std::string path, std::string topic, msgs::WireFormat wire_format, long which = -1)
        : path_(std::move(path)), topic_(std::move(topic)), wire_format_(wire_format), which_(which) {}

    /// How many messages the bag's index gives the topic (TopicInfo::message_count; 0 when it
    /// does not say). With `which` = -1 only the message that will be the last is then copied,
    /// not every map on the way to it; should fewer come, the last one is read again from the bag.
    void expectMessages(std::uint64_t count) { expected_ = count; }
    /// The collector must outlive the pipeline's run().
    void subscribe(pipeline::Pipeline &pipeline);
    std::size_t count() const { return count_; }
    Result<BagMap> take();

private:
    std::string path_, topic_;
    msgs::WireFormat wire_format_;
    long which_;
    std::vector<std::uint8_t> chosen_;
    std::size_t count_ = 0;
    std::uint64_t expected_ = 0;
};

/// Reads the map; errors name the bag, the topic, and the topics that do carry maps.
Result<BagMap> readBagMap(const std::string &spec, const std::string &default_topic = "/map", long which = -1);

}  // namespace robometrics::io
