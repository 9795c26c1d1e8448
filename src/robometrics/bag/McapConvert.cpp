#include "robometrics/bag/McapConvert.hpp"

#include <map>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {

namespace {

// Adds one channel per topic, in the given order, with one schema per type among them.
void addChannels(McapWriter &writer, std::span<const TopicInfo> topics, std::vector<std::uint16_t> &channels) {
    std::map<std::string, std::uint16_t> schema_ids;  // by type
    for (const TopicInfo &topic : topics) {
        auto schema = schema_ids.find(topic.type);
        if (schema == schema_ids.end()) {
            std::string text = topic.schema.text;
            std::string encoding = topic.schema.encoding.empty() ? "ros2msg" : topic.schema.encoding;
            if (text.empty()) {
                text = std::string(msgs::builtinSchemaText(topic.type));
                encoding = "ros2msg";
            }
            // A schema is written even without a definition: it is where MCAP keeps the type name.
            schema = schema_ids.emplace(topic.type, writer.addSchema(topic.type, encoding, text)).first;
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
    auto source = openBag(input);
    if (!source) return source.error();
    McapWriterOptions options;
    options.compression = compression;
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
