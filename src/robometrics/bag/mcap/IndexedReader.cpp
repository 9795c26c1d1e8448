#include "robometrics/bag/mcap/IndexedReader.hpp"

#include <algorithm>

#include "robometrics/bag/mcap/OverwriteBuffer.hpp"

namespace robometrics::bag::mcap {

struct IndexedReader::LoadedChunk {
    std::uint64_t file_offset = 0;
    OverwriteBuffer raw;                                            ///< the Chunk record as read from the file
    OverwriteBuffer decompressed;                                   ///< its records when compressed
    std::vector<std::pair<std::uint64_t, MessageRecord>> messages;  ///< (offset in chunk, message), sorted
    std::size_t cursor = 0;
    std::size_t bytes = 0;  ///< the record and, when compressed, its records: what a pin holds

    // As bag/ChunkMerge.hpp needs them.
    static std::uint64_t startOf(const ChunkIndexRecord &c) { return c.message_start_time; }
    static std::uint64_t positionOf(const ChunkIndexRecord &c) { return c.chunk_start_offset; }
    std::uint64_t frontTime() const { return messages[cursor].second.log_time; }
    std::uint64_t frontOffset() const { return messages[cursor].first; }
};

/// What loading a chunk needs: the file, the filter and the decompressor, used by one thread at a
/// time (the reader's, or the loading thread's after loadAhead()).
class IndexedReader::Loader {
public:
    Loader(FileInput file, MessageFilter filter, bool verify_crcs)
        : file_(std::move(file)), filter_(std::move(filter)), verify_crcs_(verify_crcs) {}

    const std::string &path() const { return file_.path(); }
    /// The same loader on a handle of its own on the file, for another thread.
    Result<std::unique_ptr<Loader>> another() const {
        auto file = FileInput::open(file_.path());
        if (!file) return file.error();
        return std::make_unique<Loader>(std::move(file.value()), filter_, verify_crcs_);
    }

    /// Reads the chunk `index` points at into `chunk` (its buffers reused) with its wanted
    /// messages in time order.
    Status load(const ChunkIndexRecord &index, LoadedChunk &chunk);

private:
    FileInput file_;
    MessageFilter filter_;
    bool verify_crcs_;
    ChunkDecompressor decompressor_;
};

namespace {

/// The chunks that may hold a wanted message, by their time range and message indexes.
std::vector<ChunkIndexRecord> wantedChunks(std::vector<ChunkIndexRecord> chunks, const MessageFilter &wanted) {
    std::erase_if(chunks, [&](const ChunkIndexRecord &c) {
        if (c.message_end_time < wanted.start_time || c.message_start_time > wanted.end_time) return true;
        if (wanted.channels.empty() || c.message_index_offsets.empty()) return false;
        // The message indexes say whether a wanted channel is in this chunk.
        return std::none_of(c.message_index_offsets.begin(), c.message_index_offsets.end(),
                            [&](const auto &kv) { return wanted.channels.count(kv.first) > 0; });
    });
    return chunks;
}

}  // namespace

IndexedReader::IndexedReader(FileInput file, std::vector<ChunkIndexRecord> chunks, MessageFilter filter,
                             bool verify_crcs, bool skip_damaged)
    : merge_(std::make_unique<Loader>(std::move(file), filter, verify_crcs), wantedChunks(std::move(chunks), filter),
             skip_damaged) {}

std::vector<IndexedReader::Skipped> IndexedReader::skipped() const {
    std::vector<Skipped> out;
    for (const auto &s : merge_.skipped()) out.push_back({s.index, s.error});
    return out;
}

IndexedReader::~IndexedReader() = default;
// Safe while loading ahead: the threads read the Loaders and the chunk records, both on the heap.
IndexedReader::IndexedReader(IndexedReader &&) noexcept = default;

void IndexedReader::loadAhead(std::size_t loaders) { merge_.loadAhead(loaders); }

Status IndexedReader::Loader::load(const ChunkIndexRecord &index, LoadedChunk &chunk) {
    const std::uint64_t offset = index.chunk_start_offset;
    chunk.file_offset = offset;
    chunk.messages.clear();
    chunk.cursor = 0;
    if (index.chunk_length < kRecordPrefixSize) return file_.error(offset, "ChunkIndex gives a chunk_length below 9");
    ROBOMETRICS_TRY(file_.read(offset, index.chunk_length, chunk.raw, "Chunk record"));
    if (chunk.raw[0] != static_cast<std::uint8_t>(Opcode::Chunk)) {
        return file_.error(offset, "ChunkIndex points at a " + opcodeName(chunk.raw[0]) + " record, not a Chunk");
    }
    const std::uint64_t length = loadLe<std::uint64_t>(chunk.raw.data() + 1);
    if (length != index.chunk_length - kRecordPrefixSize) {
        return file_.error(offset, "Chunk content length " + std::to_string(length) +
                                       " disagrees with its ChunkIndex (" + std::to_string(index.chunk_length) +
                                       " bytes in all)");
    }
    auto record = parseRecord(chunk.raw[0], Bytes(chunk.raw).subspan(kRecordPrefixSize));
    if (!record) return file_.error(offset, record.message());
    const ChunkRecord &chunk_record = std::get<ChunkRecord>(record.value());
    auto records = decompressor_.decompress(chunk_record, chunk.decompressed, verify_crcs_);
    if (!records) return file_.error(offset, "Chunk record: " + records.message());
    chunk.bytes = chunk.raw.size() + (chunk_record.compression.empty() ? 0 : chunk.decompressed.size());

    Bytes bytes = records.value();
    for (std::size_t pos = 0; pos < bytes.size();) {
        auto raw = frameRecord(bytes, pos, "chunk");
        if (!raw) {
            return file_.error(offset, "Chunk record, at offset " + std::to_string(pos) +
                                           " of its decompressed records: " + raw.message());
        }
        if (raw->opcode == static_cast<std::uint8_t>(Opcode::Message)) {
            MessageRecord m;
            if (!parseMessage(raw->content, m)) {
                return file_.error(offset, "Chunk record, at offset " + std::to_string(pos) +
                                               " of its decompressed records: Message record of " +
                                               std::to_string(raw->content.size()) +
                                               " bytes, shorter than its 22-byte header");
            }
            if (filter_.wants(m.channel_id, m.log_time)) chunk.messages.emplace_back(pos, m);
        }
        pos += raw->size;
    }
    // Messages inside a chunk need not be in log-time order; a stable sort keeps write order for ties.
    auto by_time = [](const auto &a, const auto &b) { return a.second.log_time < b.second.log_time; };
    if (!std::is_sorted(chunk.messages.begin(), chunk.messages.end(), by_time)) {
        std::stable_sort(chunk.messages.begin(), chunk.messages.end(), by_time);
    }
    return Status::Ok();
}

Result<bool> IndexedReader::next(MessageRecord &out) {
    auto chunk = merge_.next();
    if (!chunk) return chunk.error();
    if (*chunk == nullptr) return false;
    out = (*chunk)->messages[(*chunk)->cursor++].second;
    return true;
}

bool IndexedReader::visitChunks(std::shared_ptr<LoadedChunkVisitor> visitor) {
    const std::vector<ChunkIndexRecord> &chunks = merge_.chunks();
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        const ChunkIndexRecord &a = chunks[i - 1], &b = chunks[i];
        const bool apart = a.message_end_time < b.message_start_time ||
                           (a.message_end_time == b.message_start_time && a.chunk_start_offset < b.chunk_start_offset);
        if (!apart) return false;
    }
    merge_.afterLoad([visitor = std::move(visitor)](std::size_t number, const Status &status, const LoadedChunk &chunk) {
        std::vector<LoadedMessage> messages;
        if (status.ok()) {
            messages.reserve(chunk.messages.size());
            for (const auto &entry : chunk.messages)
                messages.push_back({static_cast<TimeNs>(entry.second.log_time), entry.second.data});
        }
        visitor->loaded(number, messages);
    });
    return true;
}

bool IndexedReader::pinLast(std::shared_ptr<const void> &keeper) const {
    const std::shared_ptr<LoadedChunk> &chunk = merge_.current();
    if (!chunk || chunk->bytes > kMaxPinnedChunkBytes) return false;
    if (keeper.get() != chunk.get()) keeper = chunk;
    return true;
}

}  // namespace robometrics::bag::mcap
