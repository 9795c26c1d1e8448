// robometrics echo BAG --topic T [--limit N] [--json]
// Decodes the messages of one topic with the schema stored in the bag (or the built-in one) and
// prints them: one JSON object per line with --json, an indented YAML-like form otherwise.

#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::app {
namespace {

struct EchoOptions {
    std::string bag;
    std::string topic;
    std::uint64_t limit = 0;  // 0 = every message
    bool json = false;
};

// A ros2-topic-echo-like form: "key: value", nested objects indented by two spaces, arrays of
// scalars inline, arrays of objects as "- " items.
void printObject(const nlohmann::ordered_json &object, int indent, std::string &out);

bool isNested(const nlohmann::ordered_json &value) {
    if (value.is_object()) return !value.empty();
    if (!value.is_array()) return false;
    for (const auto &item : value)
        if (item.is_object() || item.is_array()) return true;
    return false;
}

// Prints a nested value (non-empty object, or array holding objects or arrays) on new lines.
void printNested(const nlohmann::ordered_json &value, int indent, std::string &out) {
    if (value.is_object()) {
        printObject(value, indent, out);
        return;
    }
    for (const auto &item : value) {
        std::string block;
        if (isNested(item)) {
            printNested(item, indent + 2, block);
            block.replace(0, static_cast<std::size_t>(indent) + 2, std::string(static_cast<std::size_t>(indent), ' ') + "- ");
        } else {
            block = std::string(static_cast<std::size_t>(indent), ' ') + "- " + item.dump() + "\n";
        }
        out += block;
    }
}

void printObject(const nlohmann::ordered_json &object, int indent, std::string &out) {
    for (const auto &[key, value] : object.items()) {
        out.append(static_cast<std::size_t>(indent), ' ');
        out += key + ":";
        if (isNested(value)) {
            out += "\n";
            printNested(value, indent + 2, out);
        } else {
            out += " " + value.dump() + "\n";
        }
    }
}

int runEcho(const EchoOptions &options) {
    bag::ReadOptions read;
    read.topics = {options.topic};
    auto source = bag::openBag(options.bag, read);
    if (!source) return fail("echo", source.error());
    const bag::TopicInfo *topic = nullptr;
    std::string names;
    for (const auto &t : (*source)->topics()) {
        if (t.name == options.topic) topic = &t;
        names += (names.empty() ? "" : ", ") + t.name;
    }
    if (!topic) return fail("echo", options.bag + ": no topic '" + options.topic + "' (topics: " + names + ")");
    auto decoder = msgs::DynamicDecoder::create(topic->type, topic->schema.text,
                                                topic->schema.encoding.empty() ? "ros2msg" : topic->schema.encoding);
    if (!decoder) return fail("echo", options.bag + ": topic " + options.topic + " (" + topic->type + "): " + decoder.message());

    bag::Message message;
    std::uint64_t printed = 0;
    std::string text;
    while (options.limit == 0 || printed < options.limit) {
        auto more = (*source)->next(message);
        if (!more) return fail("echo", more.error());
        if (!*more) break;
        auto decoded = decoder->decode(message.data);
        if (!decoded)
            return fail("echo", fmt::format("{}: topic {} message at log time {}: {}", options.bag, options.topic,
                                            message.log_time, decoded.message()));
        if (options.json) {
            // Written by hand to keep the documented key order (nlohmann::json sorts keys).
            fmt::print("{{\"topic\":{},\"type\":{},\"log_time_ns\":{},\"publish_time_ns\":{},\"message\":{}}}\n",
                       nlohmann::json(message.topic->name).dump(), nlohmann::json(message.topic->type).dump(),
                       message.log_time, message.publish_time, decoded->dump());
        } else {
            text.clear();
            printObject(*decoded, 0, text);
            fmt::print("--- {} [{}] log_time {} publish_time {}\n{}", message.topic->name, message.topic->type,
                       message.log_time, message.publish_time, text);
        }
        ++printed;
    }
    return 0;
}

const RegisterCommand kRegister("echo", "Print the decoded messages of one topic", [](CLI::App &app) {
    auto options = std::make_shared<EchoOptions>();
    app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_option("--topic", options->topic, "topic to print")->required();
    app.add_option("--limit", options->limit, "print at most N messages (0: all)");
    app.add_flag("--json", options->json, "one JSON object per message per line");
    return [options] { return runEcho(*options); };
}, 11);

}  // namespace
}  // namespace robometrics::app
