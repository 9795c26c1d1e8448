#include "robometrics/bag/Ros1ToRos2Source.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/Ros1ToCdr.hpp"
#include "robometrics/msgs/Ros2DefinitionFromRos1.hpp"

namespace robometrics::bag {

namespace {

/// One ROS 2 offered QoS profile per ROS 1 publisher: the connections of one `callerid` (node)
/// are one publisher, as TopicInfo::publishers counts them. A latched publisher (a connection
/// header with `latching=1`) is what ROS 2 calls transient local with depth 1 (a late subscriber
/// gets the last message); others get rclcpp's default, reliable volatile depth 10. A /tf_static
/// whose headers do not record latching at all (rosbags writes only topic, type, md5sum and
/// message_definition) is latched too: tf2_ros publishes it latched in ROS 1 and transient local
/// in ROS 2, and a replay without it loses the static transforms. docs/convert.md has the mapping.
std::string offeredQos(const TopicInfo &topic) {
    std::map<std::string, std::vector<Ros1Latching>> by_publisher;
    for (const Ros1Connection &c : topic.ros1_connections) by_publisher[c.callerid].push_back(c.latching);
    std::string yaml;
    for (const auto &[callerid, latching] : by_publisher) {
        const bool latched =
            std::ranges::count(latching, Ros1Latching::Latched) > 0 ||
            (topic.name == "/tf_static" && std::ranges::count(latching, Ros1Latching::NotRecorded) == std::ssize(latching));
        yaml += offeredQosYaml(latched ? OfferedQos{true, true, 1} : OfferedQos{});
    }
    return yaml.empty() ? offeredQosYaml(OfferedQos{}) : yaml;
}

/// The ros2msg text written for a translated topic, or an error saying why there is none.
Result<std::string> ros2Definition(const TopicInfo &topic, const msgs::Ros1ToCdr &transcoder) {
    if (const std::string_view builtin = msgs::builtinSchemaText(topic.type); !builtin.empty()) {
        if (!transcoder.sameWireLayout(topic.type, builtin))
            return Error{"its ROS 1 definition does not have the layout of the ROS 2 " + topic.type};
        return std::string(builtin);
    }
    auto generated = msgs::ros2DefinitionFromRos1(topic.type, topic.schema.text);
    if (!generated) return generated.error();
    if (!transcoder.sameWireLayout(topic.type, *generated))  // e.g. a dependency named like a built-in type
        return Error{"the generated ROS 2 definition does not match the ROS 1 layout"};
    return generated;
}

class Ros1ToRos2Source final : public MessageSource {
public:
    Ros1ToRos2Source(std::unique_ptr<MessageSource> inner, Ros2Translation &report)
        : inner_(std::move(inner)), report_(report) {
        planNewTopics();
    }

    const std::vector<TopicInfo> &topics() const override { return topics_; }

    Result<bool> next(Message &out) override {
        for (;;) {
            auto more = inner_->next(out);
            if (!more || !*more) return more;
            if (plans_.size() < inner_->topics().size()) planNewTopics();
            const Plan &plan = plans_[static_cast<std::size_t>(out.topic - inner_->topics().data())];
            if (plan.skipped) {
                ++report_.skipped[*plan.skipped].messages;
                continue;
            }
            const TopicInfo &source_topic = *out.topic;
            out.topic = &topics_[plan.output];
            if (!plan.transcoder) return true;  // not ROS 1: passed unchanged
            if (Status s = plan.transcoder->transcode(out.data, buffer_); !s.ok())
                return Error{inner_->describe() + ": topic " + source_topic.name + " (" + source_topic.type +
                             "), message at log time " + std::to_string(out.log_time) + ": " + s.message()};
            out.data = buffer_;
            return true;
        }
    }

    std::string describe() const override { return inner_->describe(); }
    std::optional<ReadDamage> damage() const override { return inner_->damage(); }
    void loadAhead() override { inner_->loadAhead(); }

private:
    struct Plan {
        std::optional<msgs::Ros1ToCdr> transcoder;  ///< none: the topic is not ROS 1
        std::size_t output = 0;                     ///< index in topics_
        std::optional<std::size_t> skipped;         ///< index in report_.skipped
    };

    void planNewTopics() {
        const std::vector<TopicInfo> &inner = inner_->topics();
        // Messages point into topics_: reserve so that topics planned late do not move them.
        topics_.reserve(inner.size());
        while (plans_.size() < inner.size()) plans_.push_back(plan(inner[plans_.size()]));
    }

    Plan plan(const TopicInfo &topic) {
        Plan out;
        if (topic.serialization_format != ros1::kSerializationFormat) {
            out.output = topics_.size();
            topics_.push_back(topic);
            return out;
        }
        auto transcoder = msgs::Ros1ToCdr::create(topic.type, topic.schema.text);
        Result<std::string> text =
            transcoder ? ros2Definition(topic, *transcoder) : Result<std::string>(transcoder.error());
        if (!text) {
            out.skipped = report_.skipped.size();
            report_.skipped.push_back(SkippedTopic{topic.name, topic.type, 0, text.message()});
            return out;
        }
        TopicInfo translated = topic;
        translated.serialization_format = "cdr";
        translated.schema = Schema{topic.type, "ros2msg", std::move(*text)};
        translated.offered_qos_profiles = offeredQos(topic);
        out.transcoder = std::move(*transcoder);
        out.output = topics_.size();
        topics_.push_back(std::move(translated));
        return out;
    }

    std::unique_ptr<MessageSource> inner_;
    Ros2Translation &report_;
    std::vector<TopicInfo> topics_;
    std::vector<Plan> plans_;  ///< by index in inner_->topics()
    std::vector<std::uint8_t> buffer_;
};

}  // namespace

std::unique_ptr<MessageSource> translateRos1ToRos2(std::unique_ptr<MessageSource> ros1, Ros2Translation &report) {
    return std::make_unique<Ros1ToRos2Source>(std::move(ros1), report);
}

}  // namespace robometrics::bag
