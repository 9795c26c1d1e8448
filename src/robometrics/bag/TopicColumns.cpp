#include "robometrics/bag/TopicColumns.hpp"

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicDecoder.hpp"

namespace robometrics::bag {

namespace {

// Messages between two calls of TopicColumnsRequest::check: a few milliseconds of decoding.
constexpr std::uint64_t kCheckEvery = 4096;

}  // namespace

Result<TopicColumns> readTopicColumns(const std::string &path, const TopicColumnsRequest &request) {
    ReadOptions read;
    read.topics = {request.topic};
    read.start_time = request.start_ns;
    read.end_time = request.end_ns;
    read.recover = request.recover;
    auto source = openBag(path, read);
    if (!source) return source.error();
    auto topic = findTopic(path, **source, request.topic);
    if (!topic) return topic.error();
    auto decoder = topicDecoder(path, **topic);
    if (!decoder) return decoder.error();
    auto columns = msgs::ColumnDecoder::create(*decoder, request.fields);
    if (!columns) return Error{path + ": topic " + request.topic + ": " + columns.message()};

    TopicColumns out;
    out.type = (*topic)->type;
    if (!request.start_ns && !request.end_ns && (*topic)->message_count > 0) {
        columns->reserve((*topic)->message_count);
        out.log_times.reserve((*topic)->message_count);
    }
    // The whole topic is read: an indexed MCAP decompresses its chunks ahead on a thread of its
    // own (ROBOMETRICS_READ_THREADS) while this one decodes, as `info` does. Measured on the
    // terrain run, one thread did both: the call's wall time equalled its CPU time.
    (*source)->loadAhead();
    Message message;
    for (std::uint64_t count = 1;; ++count) {
        auto more = (*source)->next(message);
        if (!more) return more.error();
        if (!*more) break;
        if (Status s = columns->append(message.data); !s.ok()) {
            return Error{path + ": topic " + request.topic + " message at log time " +
                         std::to_string(message.log_time) + ": " + s.message()};
        }
        out.log_times.push_back(message.log_time);
        if (request.check && count % kCheckEvery == 0) ROBOMETRICS_TRY(request.check());
    }
    out.damage = (*source)->damage();
    out.columns = columns->take();
    return out;
}

}  // namespace robometrics::bag
