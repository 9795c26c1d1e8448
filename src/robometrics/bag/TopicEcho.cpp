#include "robometrics/bag/TopicEcho.hpp"

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/JsonText.hpp"

namespace robometrics::bag {

namespace {

constexpr std::size_t kBatchBytes = 1 << 20;

// What comes before the message: `{"topic":...,"type":...,"log_time_ns":N,"publish_time_ns":N,
// "message":` (the documented key order), or the `--- topic [type] log_time N publish_time N`
// line of the indented form.
Status appendHeader(std::string &out, const Message &message, bool json) {
    if (!json) {
        out += "--- " + message.topic->name + " [" + message.topic->type + "] log_time ";
        msgs::appendJsonNumber(out, message.log_time);
        out += " publish_time ";
        msgs::appendJsonNumber(out, message.publish_time);
        out += '\n';
        return Status::Ok();
    }
    out += "{\"topic\":";
    ROBOMETRICS_TRY(msgs::appendJsonString(out, message.topic->name));
    out += ",\"type\":";
    ROBOMETRICS_TRY(msgs::appendJsonString(out, message.topic->type));
    out += ",\"log_time_ns\":";
    msgs::appendJsonNumber(out, message.log_time);
    out += ",\"publish_time_ns\":";
    msgs::appendJsonNumber(out, message.publish_time);
    out += ",\"message\":";
    return Status::Ok();
}

// One message's text: the header, the message, and for JSON the closing brace and newline.
// On an error `out` may hold part of it.
Status appendMessage(std::string &out, const Message &message, const msgs::DynamicDecoder &decoder, bool json) {
    ROBOMETRICS_TRY(appendHeader(out, message, json));
    if (!json) return decoder.appendYaml(message.data, out);
    ROBOMETRICS_TRY(decoder.appendJson(message.data, out));
    out += "}\n";
    return Status::Ok();
}

Result<msgs::DynamicDecoder> decoderFor(const std::string &path, const MessageSource &source,
                                        const std::string &topic_name) {
    const TopicInfo *topic = nullptr;
    std::string names;
    for (const TopicInfo &t : source.topics()) {
        if (t.name == topic_name) topic = &t;
        names += (names.empty() ? "" : ", ") + t.name;
    }
    if (!topic) return Error{path + ": no topic '" + topic_name + "' (topics: " + names + ")"};
    auto decoder = msgs::DynamicDecoder::create(topic->type, topic->schema.text,
                                                topic->schema.encoding.empty() ? "ros2msg" : topic->schema.encoding);
    if (!decoder) return Error{path + ": topic " + topic_name + " (" + topic->type + "): " + decoder.message()};
    return decoder;
}

}  // namespace

Result<std::uint64_t> echoTopic(const std::string &path, const EchoOptions &options,
                                const std::function<Status(std::string_view)> &write) {
    ReadOptions read;
    read.topics = {options.topic};
    auto source = openBag(path, read);
    if (!source) return source.error();
    auto decoder = decoderFor(path, **source, options.topic);
    if (!decoder) return decoder.error();

    std::string text;  // whole messages, handed over once about 1 MiB
    Status stop;       // why reading ended early: damage, or a message that does not decode
    Message message;
    std::uint64_t count = 0;
    for (; options.limit == 0 || count < options.limit; ++count) {
        auto more = (*source)->next(message);
        if (!more) stop = more.error();
        if (!more || !*more) break;
        const std::size_t start = text.size();
        if (Status s = appendMessage(text, message, *decoder, options.json); !s.ok()) {
            text.resize(start);
            stop = Error{path + ": topic " + options.topic + " message at log time " +
                         std::to_string(message.log_time) + ": " + s.message()};
            break;
        }
        if (text.size() >= kBatchBytes) {
            ROBOMETRICS_TRY(write(text));
            text.clear();
        }
    }
    if (!text.empty()) ROBOMETRICS_TRY(write(text));
    if (!stop.ok()) return stop.error();
    return count;
}

}  // namespace robometrics::bag
