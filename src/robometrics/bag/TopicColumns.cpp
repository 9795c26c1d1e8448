#include "robometrics/bag/TopicColumns.hpp"

#include <optional>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicColumnsThreads.hpp"
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
    // With threads to read on (ROBOMETRICS_READ_THREADS is not 1), the messages are also decoded
    // on a thread beside this one, into rows handed out in log-time order (TopicColumnsThreads).
    std::optional<TopicColumnsThreads> threads;
    if (chunkLoaders() > 0) threads.emplace(*columns, 1);
    auto failed = [&](std::size_t row, const Error &error) {
        return Error{path + ": topic " + request.topic + " message at log time " + std::to_string(out.log_times[row]) +
                     ": " + error.message};
    };
    // The first message that does not decode is the error, before anything read after it.
    auto decodeFailure = [&]() -> std::optional<Error> {
        if (!threads) return std::nullopt;
        threads->finish();
        if (const auto &f = threads->failure()) return failed(f->row, f->error);
        return std::nullopt;
    };
    Message message;
    for (std::uint64_t count = 1;; ++count) {
        auto more = (*source)->next(message);
        if (!more) {
            if (auto e = decodeFailure()) return *e;
            return more.error();
        }
        if (!*more) break;
        out.log_times.push_back(message.log_time);
        if (threads) {
            if (Status s = threads->add(message.data); !s.ok()) return failed(out.log_times.size() - 1, s.error());
            if (threads->failure()) break;
        } else if (Status s = columns->append(message.data); !s.ok()) {
            return failed(out.log_times.size() - 1, s.error());
        }
        if (request.check && count % kCheckEvery == 0) {
            if (Status s = request.check(); !s.ok()) {
                if (auto e = decodeFailure()) return *e;
                return s.error();
            }
        }
    }
    if (auto e = decodeFailure()) return *e;
    threads.reset();
    out.damage = (*source)->damage();
    out.columns = columns->take();
    return out;
}

}  // namespace robometrics::bag
