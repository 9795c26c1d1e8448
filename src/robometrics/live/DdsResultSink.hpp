#pragma once
// Results as ROS 2 topics: a node's messages published on DDS, the message time becoming the
// sample's source timestamp.

#include "robometrics/live/Publisher.hpp"
#include "robometrics/pipeline/ResultSink.hpp"

namespace robometrics::live {

class DdsResultSink : public pipeline::ResultSink {
public:
    explicit DdsResultSink(Publisher &publisher) : publisher_(publisher) {}
    Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t> bytes, TimeNs time,
                    bool latched) override {
        return publisher_.publishRaw(topic, type, bytes, latched, time);
    }

private:
    Publisher &publisher_;
};

}  // namespace robometrics::live
