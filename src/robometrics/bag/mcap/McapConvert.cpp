#include "robometrics/bag/mcap/McapConvert.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <vector>

#include "robometrics/bag/BagBytes.hpp"
#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/bag/rosbag2/Layout.hpp"
#include "robometrics/bag/rosbag2/MergedSource.hpp"
#include "robometrics/bag/rosbag2/SerializedMetadata.hpp"
#include "robometrics/bag/rosbag2/StoredMetadata.hpp"
#include "robometrics/core/ByteProgress.hpp"
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

/// The channel of a topic left out by the selection.
constexpr std::uint16_t kNoChannel = std::numeric_limits<std::uint16_t>::max();

// Adds one channel per kept topic, in the given order, with one schema per type among them.
void addChannels(McapWriter &writer, std::span<const TopicInfo> topics, std::vector<std::uint16_t> &channels,
                 const ConvertSelection &selection) {
    std::map<std::string, std::uint16_t> schema_ids;  // by type
    for (const TopicInfo &topic : topics) {
        if (!keepsTopic(selection, topic.name)) {
            channels.push_back(kNoChannel);
            continue;
        }
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
        if (!topic.type_hash.empty()) metadata["topic_type_hash"] = topic.type_hash;
        channels.push_back(writer.addChannel(topic.name, schema->second,
                                             topic.serialization_format.empty() ? "cdr" : topic.serialization_format,
                                             metadata));
    }
}

/// What was written, for the `rosbag2` metadata record at the end.
struct WrittenSpan {
    std::vector<std::uint64_t> counts;  ///< by index in the source's topics
    TimeNs first = std::numeric_limits<TimeNs>::max();
    TimeNs last = std::numeric_limits<TimeNs>::min();
    std::uint64_t total = 0;

    void add(std::size_t topic, TimeNs log_time) {
        if (counts.size() <= topic) counts.resize(topic + 1, 0);
        ++counts[topic];
        first = std::min(first, log_time);
        last = std::max(last, log_time);
        ++total;
    }
};

/// The bag metadata of the output as rosbag2 would write it into the file it records: the
/// source's version (or the one its QoS spelling needs), distro and custom data, and the
/// output's own topics, counts, times and file name (docs/convert.md).
rosbag2::BagMetadata outputMetadata(const std::optional<rosbag2::BagMetadata> &source,
                                    const std::vector<TopicInfo> &topics, const WrittenSpan &span,
                                    const std::string &output, const ConvertSelection &selection) {
    rosbag2::BagMetadata out;
    out.version = rosbag2::metadataVersionFor(source ? rosbag2::metadataVersionOf(*source) : 0, topics);
    if (source) out.ros_distro = source->ros_distro, out.custom_data = source->custom_data;
    out.storage_identifier = "mcap";
    out.message_count = span.total;
    // An empty bag's start is INT64_MAX, as rosbag2 writes it.
    out.starting_time = span.total == 0 ? std::numeric_limits<TimeNs>::max() : span.first;
    out.duration = span.total == 0 ? 0 : span.last - span.first;
    for (std::size_t i = 0; i < topics.size(); ++i) {
        if (!keepsTopic(selection, topics[i].name)) continue;
        out.topics.push_back(topics[i]);
        out.topics.back().schema = {};
        out.topics.back().message_count = i < span.counts.size() ? span.counts[i] : 0;
    }
    const std::string file = std::filesystem::path(output).filename().string();
    out.relative_file_paths = {file};
    out.files = {rosbag2::FileEntry{file, out.starting_time, out.duration, out.message_count}};
    return out;
}

bool matches(const std::vector<std::string> &patterns, const std::string &topic) {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const std::string &p) { return p == topic || fnmatch(p.c_str(), topic.c_str(), 0) == 0; });
}

/// The read of `input` that `selection` asks for: its topics by name (an error when none is
/// kept), its window with the state from before it.
Result<std::unique_ptr<MessageSource>> openSelection(const std::string &input, const rosbag2::BagLayout &layout,
                                                     ReadOptions read, const ConvertSelection &selection) {
    if (!selection.topics.empty() || !selection.exclude_topics.empty()) {
        auto all = rosbag2::openLayout(layout, read);
        if (!all) return all.error();
        for (const TopicInfo &topic : (*all)->topics())
            if (keepsTopic(selection, topic.name)) read.topics.push_back(topic.name);
        if (read.topics.empty()) {
            return Error{fmt::format("{}: no topic is kept by --topics [{}] --exclude-topics [{}]", input,
                                     fmt::join(selection.topics, " "), fmt::join(selection.exclude_topics, " "))};
        }
    }
    if (selection.window) return openWindow(input, *selection.window, read);
    return rosbag2::openLayout(layout, read);
}

}  // namespace

bool keepsTopic(const ConvertSelection &selection, const std::string &topic) {
    if (!selection.topics.empty() && !matches(selection.topics, topic)) return false;
    return !matches(selection.exclude_topics, topic);
}

Result<std::uint64_t> convertToMcap(const std::string &input, const std::string &output, Compression compression,
                                    Ros2Translation *to_ros2, std::optional<ReadDamage> *damage, bool progress,
                                    const ConvertSelection &selection) {
    auto layout = rosbag2::resolveBag(input);
    if (!layout) return layout.error();
    ReadOptions read;
    read.recover = damage != nullptr;
    auto source = openSelection(input, *layout, read, selection);
    if (!source) return source.error();
    const bool translate = to_ros2 != nullptr && isRos1(*layout);
    if (translate) *source = translateRos1ToRos2(std::move(*source), *to_ros2);
    (*source)->loadAhead();  // chunks loaded on other threads while this one writes (BagThreads.hpp)
    McapWriterOptions options;
    options.compression = compression;
    options.compression_threads = chunkCompressors();  // ROBOMETRICS_WRITE_THREADS; the same bytes
    if (isRos1(*layout) && !translate) options.profile = "ros1";
    // The rosbag2 record of an MCAP sits in its summary, which a recording cut short lacks: then
    // the output's record is made from what was read alone.
    auto stored = rosbag2::storedMetadata(*layout);
    if (!stored && !read.recover) return stored.error();
    const std::optional<rosbag2::BagMetadata> metadata = stored ? *stored : std::nullopt;
    auto writer = McapWriter::open(output, options);
    if (!writer) return writer.error();
    const std::vector<TopicInfo> &topics = (*source)->topics();
    std::vector<std::uint16_t> channels;  // by index in `topics`
    addChannels(**writer, topics, channels, selection);
    Message message;
    WrittenSpan span;
    ByteProgress bar(progress, bytesOnDisk(input));
    for (;;) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        // A topic first seen while reading (a ROS 1 connection late in the bag) gets its channel now.
        if (channels.size() < topics.size())
            addChannels(**writer, std::span(topics).subspan(channels.size()), channels, selection);
        const auto index = static_cast<std::size_t>(message.topic - topics.data());
        if (channels[index] == kNoChannel) continue;  // a ROS 1 connection read beside a kept one
        ROBOMETRICS_TRY((*writer)->write(channels[index], message.log_time, message.publish_time, message.data));
        span.add(index, message.log_time);
        bar.update();
    }
    bar.finish();
    // A ROS 2 output carries rosbag2's own record, so the file alone plays as the source did.
    if (options.profile == "ros2")
        ROBOMETRICS_TRY((*writer)->writeMetadata(
            "rosbag2", rosbag2::rosbag2MetadataRecord(outputMetadata(metadata, topics, span, output, selection))));
    ROBOMETRICS_TRY((*writer)->close());
    if (damage) *damage = (*source)->damage();
    return span.total;
}

}  // namespace robometrics::bag
