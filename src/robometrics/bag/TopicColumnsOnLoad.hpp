#pragma once
// The decoding of readTopicColumns() (bag/TopicColumns.hpp) on the threads that load the chunks
// (bag/LoadedChunks.hpp): a chunk's messages occupy the rows after those of the chunks before it,
// so once the chunks before have said how many messages they hold, the thread that loaded a chunk
// writes its messages' values straight into their rows of the columns, while the chunk is still in
// the cache. The reading thread then checks, message by message, that next() gives each at the row
// its chunk was given (the same bytes at the same place), decodes itself the chunks no loading
// thread decoded (one loaded before the columns were bound, or one whose rows do not fit the room
// made), and adds each chunk's strings and variable-size arrays in row order. A message that comes
// elsewhere than expected (the index's promise broken) makes the read start again on the usual
// path; the columns are then never those of this one.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "robometrics/bag/LoadedChunks.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/ColumnDecoder.hpp"

namespace robometrics::bag {

class TopicColumnsOnLoad final : public LoadedChunkVisitor {
public:
    void accept() override;
    void loaded(std::size_t chunk, std::span<const LoadedMessage> messages) override;

    /// Whether the reader promised to show every chunk (accept()).
    bool accepted() const;
    /// From now on the loading threads decode into `decoder`, which stays where it is until
    /// unbind(). The room it has (rowRoom()) is not changed meanwhile.
    void bind(msgs::ColumnDecoder &decoder);
    /// No loading thread decodes from now on (waits for those decoding).
    void unbind();

    enum class Row {
        Decoded,     ///< the row's values are in the decoder's columns (or its chunk's part)
        Failed,      ///< the message did not decode: failure()
        Unexpected,  ///< not the message its chunk put at this row: the columns are not to be used
    };
    /// On the reading thread, for each message next() gives, in row order from row 0.
    Row take(std::size_t row, std::span<const std::uint8_t> payload);
    /// After Row::Failed: why.
    const Error &failure() const { return *failure_; }
    /// After the last message, with the rows given: adds the last chunk's part. False when the
    /// chunks held messages that next() did not give.
    bool finish(std::size_t rows);

private:
    struct Chunk {
        std::size_t first_row = 0;
        std::vector<std::span<const std::uint8_t>> payloads;  ///< where each message's bytes are
        msgs::ColumnDecoder::Part part;                       ///< its strings and variable-size arrays
        std::optional<std::pair<std::size_t, Error>> failure;  ///< the first row that did not decode
        bool decoded = false;  ///< by the loading thread
        bool done = false;     ///< loaded() returned
    };

    /// The next chunk with messages, in order, once its loaded() returned; null if none yet.
    std::unique_ptr<Chunk> nextChunk();
    /// The chunk read last is done with: its part goes into the decoder.
    void addCurrent();
    Row fail(Error error);

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    bool accepted_ = false;
    std::deque<std::unique_ptr<Chunk>> chunks_;  ///< by number; null before loaded() and once taken
    std::size_t placed_ = 0;                      ///< chunks whose first row is known (all before too)
    std::size_t placed_rows_ = 0;                 ///< their messages
    msgs::ColumnDecoder *decoder_ = nullptr;
    std::size_t decoding_ = 0;  ///< loading threads writing into decoder_

    // The reading thread's.
    std::size_t next_chunk_ = 0;
    std::unique_ptr<Chunk> current_;
    std::optional<Error> failure_;
};

}  // namespace robometrics::bag
