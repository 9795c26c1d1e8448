#pragma once
// Writes typed messages (msgs:: structs) into an MCAP as a ROS 2 bag: one schema per type with
// the built-in ros2msg text, one channel per topic, CDR payloads.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {

class TypedWriter {
public:
    explicit TypedWriter(std::unique_ptr<McapWriter> writer) : writer_(std::move(writer)) {}

    static Result<TypedWriter> open(const std::string &path, const McapWriterOptions &options = {}) {
        auto writer = McapWriter::open(path, options);
        if (!writer) return writer.error();
        return TypedWriter(std::move(writer.value()));
    }

    /// Writes `msg` on `topic` at `log_time` (publish time = log time).
    /// `transient_local` marks latched topics (/map, /tf_static) in the channel's QoS metadata.
    template <class T>
    Status write(const std::string &topic, const T &msg, TimeNs log_time, bool transient_local = false) {
        // The type's schema text (kilobytes, looked up in the built-in table) is copied only for
        // a topic's first message; the payload goes through one buffer kept for every message.
        // Messages come in runs on one topic: the last one's channel is kept, as the map's look-up
        // cost more than one comparison of the names.
        if (last_channel_ == 0 || topic != last_topic_) {  // ids start at 1: 0 is none yet
            const auto known = channels_.find(topic);
            last_channel_ = known != channels_.end() ? known->second
                                                     : channelFor(topic, std::string(msgs::TypeInfo<T>::name),
                                                                  std::string(msgs::schemaText<T>()), transient_local);
            last_topic_ = topic;
        }
        msgs::encodeCdr(msg, payload_);
        return writer_->write(last_channel_, log_time, log_time, payload_);
    }

    /// Writes an already-encoded payload.
    Status writeRaw(const std::string &topic, const std::string &type, const std::string &schema_text,
                    std::span<const std::uint8_t> bytes, TimeNs log_time, bool transient_local = false) {
        return writer_->write(channelFor(topic, type, schema_text, transient_local), log_time, log_time, bytes);
    }

    /// Records that `publishers` publishers offered `topic` (one QoS profile each, as rosbag2
    /// does); call before the topic's first message.
    void declarePublishers(const std::string &topic, int publishers) { publishers_[topic] = publishers; }

    Status close() { return writer_->close(); }

private:
    std::uint16_t channelFor(const std::string &topic, const std::string &type,
                             const std::string &schema_text, bool transient_local);

    std::unique_ptr<McapWriter> writer_;
    std::map<std::string, std::uint16_t> schemas_;
    std::map<std::string, std::uint16_t> channels_;
    std::map<std::string, int> publishers_;
    std::vector<std::uint8_t> payload_;  ///< the message being written
    std::string last_topic_;             ///< of the last message written by write()
    std::uint16_t last_channel_ = 0;     ///< its channel (0: none yet)
};

}  // namespace robometrics::bag
