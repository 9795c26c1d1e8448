#include "robometrics/bag/TopicEcho.hpp"

#include <algorithm>
#include <deque>
#include <future>
#include <thread>
#include <type_traits>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicDecoder.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/JsonText.hpp"

namespace robometrics::bag {

namespace {

// Payload bytes per batch of messages rendered on one worker: large enough that starting a
// thread is noise, small enough that memory stays a few MiB per core.
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
    auto topic = findTopic(path, source, topic_name);
    if (!topic) return topic.error();
    return topicDecoder(path, **topic);
}

// Consecutive messages of the topic, their payloads copied out of the reader's buffers so that
// a worker thread can render them while the reader goes on.
struct MessageBatch {
    std::vector<Message> messages;  // without their data: message i's payload ends at ends[i]
    std::vector<std::uint8_t> payloads;
    std::vector<std::size_t> ends;

    void add(const Message &m) {
        payloads.insert(payloads.end(), m.data.begin(), m.data.end());
        ends.push_back(payloads.size());
        messages.push_back(Message{m.topic, m.log_time, m.publish_time, {}});
    }
    std::span<const std::uint8_t> payload(std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : ends[i - 1];
        return std::span(payloads).subspan(begin, ends[i] - begin);
    }
    std::size_t bytes() const { return payloads.size(); }
    void clear() {
        messages.clear();
        payloads.clear();
        ends.clear();
    }
};

struct RenderedBatch {
    std::string text;         // the messages before `stop`
    std::uint64_t count = 0;  // how many
    Status stop;              // a message that does not decode
    MessageBatch batch;       // handed back, so that its buffers are used again
};

// Renders `batch` into `text` (an empty string whose buffer is used again).
RenderedBatch render(MessageBatch batch, std::string text, const std::string &path, const msgs::DynamicDecoder &decoder,
                     bool json) {
    RenderedBatch rendered{std::move(text), 0, Status::Ok(), std::move(batch)};
    for (std::size_t i = 0; i < rendered.batch.messages.size(); ++i) {
        Message &message = rendered.batch.messages[i];
        message.data = rendered.batch.payload(i);
        const std::size_t start = rendered.text.size();
        if (Status s = appendMessage(rendered.text, message, decoder, json); !s.ok()) {
            rendered.text.resize(start);
            rendered.stop = Error{path + ": topic " + message.topic->name + " message at log time " +
                                  std::to_string(message.log_time) + ": " + s.message()};
            break;
        }
        ++rendered.count;
    }
    return rendered;
}

}  // namespace

Result<std::uint64_t> echoTopic(const std::string &path, const EchoOptions &options,
                                const std::function<Status(std::string_view)> &write) {
    ReadOptions read;
    read.topics = {options.topic};
    read.recover = options.damage != nullptr;
    auto source = openBag(path, read);
    if (!source) return source.error();
    auto decoder = decoderFor(path, **source, options.topic);
    if (!decoder) return decoder.error();

    // Rendering text takes several times longer than reading (a float32 is 4 bytes to copy and
    // ~10 characters to work out), so batches are rendered on worker threads while this thread
    // reads on, and written in reading order. At most one batch per core plus one in flight; their
    // buffers are used again (fresh ones cost a page fault per 4 KiB, a tenth of the rendering).
    const std::size_t in_flight = std::max(1u, std::thread::hardware_concurrency());
    std::deque<std::future<RenderedBatch>> pending;
    std::vector<MessageBatch> spare_batches;
    std::vector<std::string> spare_texts;
    std::uint64_t written = 0;
    Status stop;  // why output ended early: a message that does not decode, or `write` failing
    auto writeOldest = [&] {
        RenderedBatch rendered = pending.front().get();
        pending.pop_front();
        if (stop.ok() && !rendered.text.empty()) stop = write(rendered.text);
        if (stop.ok()) written += rendered.count;
        if (stop.ok()) stop = rendered.stop;  // after an error, the later batches are dropped
        rendered.batch.clear();
        spare_batches.push_back(std::move(rendered.batch));
        rendered.text.clear();
        spare_texts.push_back(std::move(rendered.text));
    };
    auto takeSpare = [](auto &spares) {
        typename std::remove_reference_t<decltype(spares)>::value_type spare;
        if (!spares.empty()) {
            spare = std::move(spares.back());
            spares.pop_back();
        }
        return spare;
    };
    auto submit = [&](MessageBatch &batch) {
        pending.push_back(std::async(std::launch::async, render, std::move(batch), takeSpare(spare_texts),
                                     std::cref(path), std::cref(*decoder), options.json));
        batch = takeSpare(spare_batches);
        if (pending.size() > in_flight) writeOldest();
    };

    MessageBatch batch;
    Status damage;  // the bag ends in damage: the messages before it are printed
    Message message;
    for (std::uint64_t count = 0; stop.ok() && (options.limit == 0 || count < options.limit); ++count) {
        auto more = (*source)->next(message);
        if (!more) damage = more.error();
        if (more && !*more && options.damage) *options.damage = (*source)->damage();
        if (!more || !*more) break;
        batch.add(message);
        if (batch.bytes() >= kBatchBytes) submit(batch);
    }
    if (!batch.messages.empty() && stop.ok()) submit(batch);
    while (!pending.empty()) writeOldest();
    if (!stop.ok()) return stop.error();
    if (!damage.ok()) return damage.error();
    return written;
}

}  // namespace robometrics::bag
