#pragma once
// A MessageSource over messages built in the test: typed messages encoded as CDR, in the order
// added (the tests add them in log-time order).

#include <deque>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::test {

class MessageList : public bag::MessageSource {
public:
    /// Declares a topic of type T (one publisher: no QoS profiles recorded).
    template <class T>
    void declare(const std::string &name) {
        bag::TopicInfo t;
        t.name = name;
        t.type = std::string(msgs::TypeInfo<T>::name);
        t.serialization_format = "cdr";
        t.schema = {t.type, "ros2msg", std::string(msgs::builtinSchemaText(t.type))};
        topics_.push_back(std::move(t));
    }

    /// Adds a message on a declared topic at `log_time`.
    template <class T>
    void add(const std::string &topic, const T &msg, TimeNs log_time) {
        messages_.push_back({topic, log_time, msgs::encodeCdr(msg)});
    }

    /// Adds a payload as it is (damaged, or in the big-endian byte order).
    void addBytes(const std::string &topic, std::vector<std::uint8_t> bytes, TimeNs log_time) {
        messages_.push_back({topic, log_time, std::move(bytes)});
    }

    const std::vector<bag::TopicInfo> &topics() const override { return topics_; }
    Result<bool> next(bag::Message &out) override {
        if (next_ == messages_.size()) return false;
        const Entry &e = messages_[next_++];
        for (const auto &t : topics_) {
            if (t.name == e.topic) out.topic = &t;
        }
        out.log_time = out.publish_time = e.log_time;
        out.data = e.bytes;
        return true;
    }
    std::string describe() const override { return "test messages"; }

private:
    struct Entry {
        std::string topic;
        TimeNs log_time;
        std::vector<std::uint8_t> bytes;
    };
    std::vector<bag::TopicInfo> topics_;
    std::deque<Entry> messages_;
    std::size_t next_ = 0;
};

}  // namespace robometrics::test
