#pragma once
// The decoding of readTopicColumns() (bag/TopicColumns.hpp) spread over threads: the reading
// thread copies runs of consecutive messages into batches whose rows are known (the rows already
// handed out), and a decoding thread, or the reading thread itself when the decoding thread is
// behind, writes each batch's values into its rows of the columns (ColumnDecoder::decodeAt).
// The batches' strings and variable-size arrays are added to the columns in row order, so the
// columns are the same as when one thread decodes every message with ColumnDecoder::append().
// At most kBatchesInFlight batches are copied and not yet added, each of at most kBatchBytes and
// one message: memory beyond the columns stays bounded (the payloads' buffers are reused).

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"

namespace robometrics::bag {

class TopicColumnsThreads {
public:
    /// A batch is handed on at this many messages, or at this many bytes of payloads (point
    /// clouds: a few messages), whichever comes first.
    static constexpr std::size_t kBatchRows = 512;
    static constexpr std::size_t kBatchBytes = std::size_t{1} << 20;
    static constexpr std::size_t kBatchesInFlight = 8;

    /// A message that did not decode: its row and why.
    struct Failure {
        std::size_t row = 0;
        Error error;
    };

    /// Decodes into `decoder` with `threads` decoding threads beside the caller's (at least one).
    TopicColumnsThreads(msgs::ColumnDecoder &decoder, std::size_t threads);
    ~TopicColumnsThreads();
    TopicColumnsThreads(const TopicColumnsThreads &) = delete;
    TopicColumnsThreads &operator=(const TopicColumnsThreads &) = delete;

    /// Adds a message as row rows() (its payload copied). The decoder's room (rowRoom()) is made
    /// larger here when it is full, after every batch before is decoded and added. An error: the
    /// room could not be made.
    Status add(std::span<const std::uint8_t> payload);
    /// The rows handed out so far.
    std::size_t rows() const { return rows_; }
    /// The first message seen so far that did not decode, in row order: the reading may stop.
    const std::optional<Failure> &failure() const { return failure_; }
    /// Waits for every batch and adds them to the decoder; then failure() is final.
    void finish();

private:
    struct Batch {
        std::size_t first_row = 0;
        std::vector<std::uint8_t> bytes;  ///< the payloads, one after another
        std::vector<std::size_t> ends;    ///< each payload's end in `bytes`
        msgs::ColumnDecoder::Part part;
        std::optional<Failure> failure;
        bool claimed = false;  ///< taken by a thread to decode
        bool done = false;
    };

    void submit();
    void decode(Batch &batch) const;
    /// Adds the decoded batches at the front, in order; with `all`, waits for every batch.
    void collect(std::unique_lock<std::mutex> &lock, bool all);
    /// The oldest batch no thread decodes yet, if any.
    Batch *unclaimed() const;
    /// Decodes the oldest unclaimed batch on this thread, or, with none, waits for the first.
    void helpOrWait(std::unique_lock<std::mutex> &lock);
    void run();

    msgs::ColumnDecoder &decoder_;
    std::size_t rows_ = 0;
    std::unique_ptr<Batch> filling_;
    std::optional<Failure> failure_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::unique_ptr<Batch>> in_flight_;  ///< submitted and not yet added, in row order
    std::vector<std::unique_ptr<Batch>> spares_;    ///< added batches whose buffers are reused
    bool stop_ = false;
    std::vector<std::thread> threads_;  ///< last: they start once every member above is made
};

}  // namespace robometrics::bag
