#pragma once
// Where a node's result messages go, so one node definition serves both worlds: an MCAP file
// (offline commands, McapResultSink) or ROS 2 topics on DDS (`robometrics live`,
// live/DdsResultSink.hpp). The data flows MessageSource -> Pipeline -> nodes -> ResultSink.

#include <span>
#include <string>
#include <vector>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::pipeline {

class ResultSink {
public:
    virtual ~ResultSink() = default;

    /// One encoded message of `type` on `topic` at message time `time`; `latched` for topics a
    /// late subscriber should still get (transient local).
    virtual Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t> bytes,
                            TimeNs time, bool latched) = 0;

    template <class T>
    Status write(const std::string &topic, const T &msg, TimeNs time, bool latched = false) {
        msgs::encodeCdr(msg, buffer_);
        return writeRaw(topic, std::string(msgs::TypeInfo<T>::name), buffer_, time, latched);
    }

private:
    std::vector<std::uint8_t> buffer_;
};

/// Results into an MCAP (ROS 2 bag) through bag::TypedWriter: schema per type, channel per topic.
class McapResultSink : public ResultSink {
public:
    explicit McapResultSink(bag::TypedWriter &writer) : writer_(writer) {}
    Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t> bytes, TimeNs time,
                    bool latched) override {
        return writer_.writeRaw(topic, type, std::string(msgs::builtinSchemaText(type)), bytes, time, latched);
    }

private:
    bag::TypedWriter &writer_;
};

}  // namespace robometrics::pipeline
