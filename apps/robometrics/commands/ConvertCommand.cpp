// robometrics convert IN OUT.mcap [--compression zstd|lz4|none]
// Rewrites any bag (rosbag2 directory, .db3, .mcap) as one chunked MCAP file with the ros2
// profile: topics, types, schemas, QoS metadata, log and publish times are kept. Topics without a
// stored definition get the built-in one when robometrics knows the type.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::app {
namespace {

struct ConvertOptions {
    std::string input;
    std::string output;
    std::string compression = "zstd";
};

// Adds one channel per topic, in the source's topic order, with one schema per type.
std::vector<std::uint16_t> addChannels(bag::McapWriter &writer, const std::vector<bag::TopicInfo> &topics) {
    std::map<std::string, std::uint16_t> schema_ids;  // by type
    std::vector<std::uint16_t> channels;
    for (const auto &topic : topics) {
        std::uint16_t schema_id = 0;
        if (auto it = schema_ids.find(topic.type); it != schema_ids.end()) {
            schema_id = it->second;
        } else {
            std::string text = topic.schema.text;
            std::string encoding = topic.schema.encoding.empty() ? "ros2msg" : topic.schema.encoding;
            if (text.empty()) {
                text = std::string(msgs::builtinSchemaText(topic.type));
                encoding = "ros2msg";
            }
            // A schema is written even without a definition: it is where MCAP keeps the type name.
            schema_id = writer.addSchema(topic.type, encoding, text);
            schema_ids.emplace(topic.type, schema_id);
        }
        std::map<std::string, std::string> metadata;
        if (!topic.offered_qos_profiles.empty()) metadata["offered_qos_profiles"] = topic.offered_qos_profiles;
        channels.push_back(writer.addChannel(topic.name, schema_id,
                                             topic.serialization_format.empty() ? "cdr" : topic.serialization_format,
                                             metadata));
    }
    return channels;
}

Result<std::uint64_t> convert(const ConvertOptions &options, bag::Compression compression) {
    auto source = bag::openBag(options.input);
    if (!source) return source.error();
    bag::McapWriterOptions writer_options;
    writer_options.compression = compression;
    auto writer = bag::McapWriter::open(options.output, writer_options);
    if (!writer) return writer.error();
    const std::vector<bag::TopicInfo> &topics = (*source)->topics();
    std::vector<std::uint16_t> channels = addChannels(**writer, topics);
    bag::Message message;
    std::uint64_t count = 0;
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        auto index = static_cast<std::size_t>(message.topic - topics.data());
        while (channels.size() < topics.size()) {  // a topic first seen while reading
            std::vector<bag::TopicInfo> added(topics.begin() + static_cast<long>(channels.size()), topics.end());
            for (auto id : addChannels(**writer, added)) channels.push_back(id);
        }
        ROBOMETRICS_TRY((*writer)->write(channels[index], message.log_time, message.publish_time, message.data));
        ++count;
    }
    ROBOMETRICS_TRY((*writer)->close());
    return count;
}

int runConvert(const ConvertOptions &options) {
    auto compression = bag::parseCompression(options.compression);
    if (!compression) return fail("convert", compression.error());
    // The MCAP takes its name only when complete (bag::McapWriter writes aside): an error or
    // Ctrl-C leaves the earlier file at OUT, or none.
    auto count = convert(options, *compression);
    if (!count) return fail("convert", count.error());
    fmt::print("wrote {} messages to {} ({} chunks)\n", *count, options.output, options.compression);
    return 0;
}

const RegisterCommand kRegister("convert", "Convert any bag to MCAP", [](CLI::App &app) {
    auto options = std::make_shared<ConvertOptions>();
    app.add_option("IN", options->input, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_option("OUT", options->output, "the MCAP file to write")->required();
    app.add_option("--compression", options->compression, "chunk compression")
        ->check(CLI::IsMember({"zstd", "lz4", "none"}));
    return [options] { return runConvert(*options); };
}, 12);

}  // namespace
}  // namespace robometrics::app
