#include "robometrics/bag/McapConvert.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/bag/rosbag2/MergedSource.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::bag {

namespace {

/// A ROS 1 bag keeps its own encoding: the MCAP ros1 profile (schemas `ros1msg` named
/// `pkg/Type`, messages `ros1`), never ros2 with ROS 1 bytes inside.
bool isRos1(const rosbag2::BagLayout &layout) {
    return !layout.files.empty() && std::all_of(layout.files.begin(), layout.files.end(), [](const auto &file) {
        return file.format == rosbag2::StorageFormat::Ros1;
    });
}

/// Whether a ros2msg text defines every type it uses (the root and one block per dependency), as
/// a reader without robometrics' built-in table needs. rosbag2 stores stubs that do not (talker
/// bags: `rcl_interfaces/msg/ParameterEvent` without Parameter), which Foxglove refuses.
bool selfContained(const std::string &type, const std::string &text) {
    auto blocks = msgs::splitSchemaText(text, type);
    if (!blocks) return false;
    for (const auto &[name, body] : *blocks) {
        auto fields = msgs::parseMsgFields(body, msgs::packageOf(name));
        if (!fields) return false;
        for (const msgs::MsgField &field : *fields) {
            if (field.primitive != msgs::MsgPrimitive::Complex) continue;
            if (field.type_name == "builtin_interfaces/Time" || field.type_name == "builtin_interfaces/Duration")
                continue;
            if (blocks->find(field.type_name) == blocks->end()) return false;
        }
    }
    return true;
}

/// The definition written for a ros2 topic: the stored one, else (none stored, or a stub that
/// names types it does not define) the built-in one when robometrics knows the type.
std::string ros2Definition(const TopicInfo &topic) {
    const std::string_view builtin = msgs::builtinSchemaText(topic.type);
    if (topic.schema.text.empty()) return std::string(builtin);
    if (!builtin.empty() && topic.schema.encoding == "ros2msg" && !selfContained(topic.type, topic.schema.text))
        return std::string(builtin);
    return topic.schema.text;
}

// Adds one channel per topic, in the given order, with one schema per type among them.
void addChannels(McapWriter &writer, std::span<const TopicInfo> topics, std::vector<std::uint16_t> &channels) {
    std::map<std::string, std::uint16_t> schema_ids;  // by type
    for (const TopicInfo &topic : topics) {
        const bool ros1 = topic.serialization_format == ros1::kSerializationFormat;
        auto schema = schema_ids.find(topic.type);
        if (schema == schema_ids.end()) {
            std::string text = ros1 ? topic.schema.text : ros2Definition(topic);
            std::string encoding =
                topic.schema.encoding.empty() || text != topic.schema.text ? "ros2msg" : topic.schema.encoding;
            // A schema is written even without a definition: it is where MCAP keeps the type name.
            const std::string name = ros1 ? msgs::normaliseTypeName(topic.type) : topic.type;
            schema = schema_ids.emplace(topic.type, writer.addSchema(name, encoding, text)).first;
        }
        std::map<std::string, std::string> metadata;
        if (!topic.offered_qos_profiles.empty()) metadata["offered_qos_profiles"] = topic.offered_qos_profiles;
        channels.push_back(writer.addChannel(topic.name, schema->second,
                                             topic.serialization_format.empty() ? "cdr" : topic.serialization_format,
                                             metadata));
    }
}

}  // namespace

Result<std::uint64_t> convertToMcap(const std::string &input, const std::string &output, Compression compression) {
    auto layout = rosbag2::resolveBag(input);
    if (!layout) return layout.error();
    auto source = rosbag2::openLayout(*layout, {});
    if (!source) return source.error();
    McapWriterOptions options;
    options.compression = compression;
    if (isRos1(*layout)) options.profile = "ros1";
    auto writer = McapWriter::open(output, options);
    if (!writer) return writer.error();
    const std::vector<TopicInfo> &topics = (*source)->topics();
    std::vector<std::uint16_t> channels;  // by index in `topics`
    addChannels(**writer, topics, channels);
    Message message;
    std::uint64_t count = 0;
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        // A topic first seen while reading (a ROS 1 connection late in the bag) gets its channel now.
        if (channels.size() < topics.size())
            addChannels(**writer, std::span(topics).subspan(channels.size()), channels);
        const auto index = static_cast<std::size_t>(message.topic - topics.data());
        ROBOMETRICS_TRY((*writer)->write(channels[index], message.log_time, message.publish_time, message.data));
        ++count;
    }
    ROBOMETRICS_TRY((*writer)->close());
    return count;
}

}  // namespace robometrics::bag
