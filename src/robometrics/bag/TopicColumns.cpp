#include "robometrics/bag/TopicColumns.hpp"

#include <memory>
#include <optional>

#include "robometrics/bag/BagThreads.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicColumnsOnLoad.hpp"
#include "robometrics/bag/TopicColumnsThreads.hpp"
#include "robometrics/bag/TopicDecoder.hpp"

namespace robometrics::bag {

namespace {

// Messages between two calls of TopicColumnsRequest::check: a few milliseconds of decoding.
constexpr std::uint64_t kCheckEvery = 4096;

/// What either way of decoding starts from: the open bag and the topic's empty columns.
struct TopicRead {
    std::optional<msgs::ColumnDecoder> columns;  ///< before `source`, so it goes after the loading threads
    std::unique_ptr<MessageSource> source;
    TopicColumns out;
};

Result<TopicRead> openTopic(const std::string &path, const TopicColumnsRequest &request,
                            std::shared_ptr<LoadedChunkVisitor> visitor, TopicColumnsFailure &failure) {
    ReadOptions read_options;
    read_options.topics = {request.topic};
    read_options.start_time = request.start_ns;
    read_options.end_time = request.end_ns;
    read_options.recover = request.recover;
    read_options.chunk_visitor = std::move(visitor);
    TopicRead read;
    auto source = openBag(path, read_options);
    if (!source) return source.error();
    read.source = std::move(*source);
    auto topic = findTopic(path, *read.source, request.topic);
    if (!topic) {
        failure = TopicColumnsFailure::Argument;
        return topic.error();
    }
    auto decoder = topicDecoder(path, **topic);
    if (!decoder) return decoder.error();
    auto columns = msgs::ColumnDecoder::create(*decoder, request.fields);
    if (!columns) {
        failure = TopicColumnsFailure::Argument;
        return Error{path + ": topic " + request.topic + ": " + columns.message()};
    }
    read.columns.emplace(std::move(*columns));
    read.out.type = (*topic)->type;
    if (!request.start_ns && !request.end_ns && (*topic)->message_count > 0) {
        read.columns->reserve((*topic)->message_count);
        read.out.log_times.reserve((*topic)->message_count);
    }
    return read;
}

Error decodeError(const std::string &path, const TopicColumnsRequest &request, TimeNs log_time, const Error &error) {
    return Error{path + ": topic " + request.topic + " message at log time " + std::to_string(log_time) + ": " +
                 error.message};
}

/// The messages decoded on the reading thread, or with threads to read on (ROBOMETRICS_READ_THREADS
/// is not 1) also on a thread beside it, into rows handed out in log-time order
/// (TopicColumnsThreads): every source, whatever its index says.
Result<TopicColumns> decodeWhileReading(TopicRead &read, const std::string &path, const TopicColumnsRequest &request) {
    msgs::ColumnDecoder &columns = *read.columns;
    TopicColumns &out = read.out;
    // The whole topic is read: an indexed MCAP decompresses its chunks ahead on a thread of its
    // own (ROBOMETRICS_READ_THREADS) while this one decodes, as `info` does. Measured on the
    // terrain run, one thread did both: the call's wall time equalled its CPU time.
    read.source->loadAhead();
    std::optional<TopicColumnsThreads> threads;
    if (chunkLoaders() > 0) threads.emplace(columns, 1);
    auto failed = [&](std::size_t row, const Error &error) {
        return decodeError(path, request, out.log_times[row], error);
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
        auto more = read.source->next(message);
        if (!more) {
            if (auto e = decodeFailure()) return *e;
            return more.error();
        }
        if (!*more) break;
        out.log_times.push_back(message.log_time);
        if (threads) {
            if (Status s = threads->add(message.data); !s.ok()) return failed(out.log_times.size() - 1, s.error());
            if (threads->failure()) break;
        } else if (Status s = columns.append(message.data); !s.ok()) {
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
    out.damage = read.source->damage();
    out.columns = columns.take();
    return std::move(out);
}

/// The messages decoded on the threads that load the chunks (TopicColumnsOnLoad), this thread
/// checking each message's row. None: a message came elsewhere than its chunk said, and the
/// columns made are not to be used.
Result<std::optional<TopicColumns>> decodeWhileLoading(TopicRead &read, TopicColumnsOnLoad &on_load,
                                                      const std::string &path, const TopicColumnsRequest &request) {
    msgs::ColumnDecoder &columns = *read.columns;
    TopicColumns &out = read.out;
    on_load.bind(columns);
    struct Unbind {
        TopicColumnsOnLoad &on_load;
        ~Unbind() { on_load.unbind(); }
    } unbind{on_load};
    read.source->loadAhead();
    Message message;
    for (std::uint64_t count = 1;; ++count) {
        auto more = read.source->next(message);
        if (!more) return more.error();
        if (!*more) break;
        const std::size_t row = out.log_times.size();
        out.log_times.push_back(message.log_time);
        switch (on_load.take(row, message.data)) {
            case TopicColumnsOnLoad::Row::Decoded:
                break;
            case TopicColumnsOnLoad::Row::Failed:
                return decodeError(path, request, message.log_time, on_load.failure());
            case TopicColumnsOnLoad::Row::Unexpected:
                return std::optional<TopicColumns>();
        }
        if (request.check && count % kCheckEvery == 0) ROBOMETRICS_TRY(request.check());
    }
    if (!on_load.finish(out.log_times.size()) || columns.rows() != out.log_times.size()) return std::optional<TopicColumns>();
    on_load.unbind();  // every chunk is loaded: no thread writes into the columns any more
    out.damage = read.source->damage();
    out.columns = columns.take();
    return std::optional<TopicColumns>(std::move(out));
}

}  // namespace

Result<TopicColumns> readTopicColumns(const std::string &path, const TopicColumnsRequest &request,
                                      TopicColumnsFailure *failure) {
    TopicColumnsFailure kind = TopicColumnsFailure::Read;
    if (!failure) failure = &kind;
    *failure = TopicColumnsFailure::Read;
    // A whole topic with threads to load on: decoded on the loading threads where the bag's index
    // promises the order of its chunks and the bag's count made room for every row.
    if (!request.start_ns && !request.end_ns && chunkLoaders() > 0) {
        auto on_load = std::make_shared<TopicColumnsOnLoad>();
        auto read = openTopic(path, request, on_load, *failure);
        if (!read) return read.error();
        if (!on_load->accepted()) return decodeWhileReading(*read, path, request);
        if (read->columns->rowRoom() > 0) {
            auto out = decodeWhileLoading(*read, *on_load, path, request);
            if (!out) return out.error();
            if (*out) return std::move(**out);
        }
        // Read again without the loading threads' decoding.
    }
    auto read = openTopic(path, request, nullptr, *failure);
    if (!read) return read.error();
    return decodeWhileReading(*read, path, request);
}

}  // namespace robometrics::bag
