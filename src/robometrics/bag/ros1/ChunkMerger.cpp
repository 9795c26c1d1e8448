#include "robometrics/bag/ros1/ChunkMerger.hpp"

#include <algorithm>

#include "robometrics/bag/ros1/BagIndex.hpp"

namespace robometrics::bag::ros1 {

struct ChunkMerger::LoadedChunk {
    std::uint64_t file_offset = 0;
    std::vector<std::uint8_t> raw;           ///< the chunk's data as read from the file
    std::vector<std::uint8_t> decompressed;  ///< its records when compressed
    struct Entry {
        std::size_t offset;  ///< of the record in the chunk's records
        RawMessage message;
    };
    std::vector<Entry> messages;  ///< sorted by time, stable
    std::size_t cursor = 0;

    // As bag/ChunkMerge.hpp needs them.
    static TimeNs startOf(const ChunkInfo &c) { return c.start_time; }
    static std::uint64_t positionOf(const ChunkInfo &c) { return c.chunk_pos; }
    TimeNs frontTime() const { return messages[cursor].message.time; }
    std::size_t frontOffset() const { return messages[cursor].offset; }
};

/// What loading a chunk needs, used by one thread at a time (the reader's, or a loading
/// thread's after loadAhead()).
class ChunkMerger::Loader {
public:
    Loader(mcap::FileInput file, MergeFilter filter, bool size_may_lie)
        : file_(std::move(file)), filter_(std::move(filter)), size_may_lie_(size_may_lie) {}

    const std::string &path() const { return file_.path(); }
    /// The same loader on a handle of its own on the file, for another thread.
    Result<std::unique_ptr<Loader>> another() const {
        auto file = mcap::FileInput::open(file_.path());
        if (!file) return file.error();
        return std::make_unique<Loader>(std::move(file.value()), filter_, size_may_lie_);
    }

    /// Reads the chunk `info` points at into `chunk` (its buffers reused) with its wanted
    /// messages in time order.
    Status load(const ChunkInfo &info, LoadedChunk &chunk);

private:
    Status parseRecords(LoadedChunk &chunk, Bytes records);

    mcap::FileInput file_;
    MergeFilter filter_;
    bool size_may_lie_;
    ChunkDecompressor decompressor_;
};

namespace {

/// The chunks that may hold a wanted message: the chunk info's per-connection counts say whether
/// a wanted connection is inside.
std::vector<ChunkInfo> wantedChunks(std::vector<ChunkInfo> chunks, const MergeFilter &wanted) {
    std::erase_if(chunks, [&](const ChunkInfo &c) {
        if (c.end_time < wanted.start_time || c.start_time > wanted.end_time) return true;
        return std::none_of(c.counts.begin(), c.counts.end(), [&](const auto &kv) {
            auto it = wanted.connections.find(kv.first);
            return kv.second > 0 && (it == wanted.connections.end() || it->second);
        });
    });
    return chunks;
}

}  // namespace

ChunkMerger::ChunkMerger(mcap::FileInput file, std::vector<ChunkInfo> chunks, MergeFilter filter, bool skip_damaged)
    : merge_(std::make_unique<Loader>(std::move(file), filter, skip_damaged), wantedChunks(std::move(chunks), filter),
             skip_damaged) {}

std::vector<ChunkMerger::Skipped> ChunkMerger::skipped() const {
    std::vector<Skipped> out;
    for (const auto &s : merge_.skipped()) out.push_back({s.index, s.error});
    return out;
}

ChunkMerger::~ChunkMerger() = default;
// Safe while loading ahead: the threads read the Loaders and the chunk infos, both on the heap.
ChunkMerger::ChunkMerger(ChunkMerger &&) noexcept = default;

void ChunkMerger::loadAhead(std::size_t loaders) { merge_.loadAhead(loaders); }

Status ChunkMerger::Loader::parseRecords(LoadedChunk &chunk, Bytes records) {
    const std::uint64_t at = chunk.file_offset;
    auto where = [&](std::size_t pos) { return "Chunk, at byte " + std::to_string(pos) + " of its records: "; };
    for (std::size_t pos = 0; pos < records.size();) {
        auto record = frameRecord(records, pos);
        if (!record) return file_.error(at, where(pos) + record.message());
        MessageHeader header;
        auto op = parseMessageHeader(record->header, header);
        if (!op) return file_.error(at, where(pos) + op.message());
        if (*op == static_cast<std::uint8_t>(Op::MessageData)) {
            auto wanted = filter_.connections.find(header.conn);
            if (wanted == filter_.connections.end()) {
                return file_.error(at, where(pos) + "message on connection " + std::to_string(header.conn) +
                                           ", which the bag's index does not declare");
            }
            if (wanted->second && header.time >= filter_.start_time && header.time <= filter_.end_time)
                chunk.messages.push_back({pos, RawMessage{header.conn, header.time, record->data}});
        } else if (*op != static_cast<std::uint8_t>(Op::Connection)) {
            return file_.error(at, where(pos) + opName(*op) + " record inside a chunk");
        }
        pos += record->size;
    }
    // rosbag writes each chunk in arrival order, which need not be time order.
    auto by_time = [](const auto &a, const auto &b) { return a.message.time < b.message.time; };
    if (!std::is_sorted(chunk.messages.begin(), chunk.messages.end(), by_time))
        std::stable_sort(chunk.messages.begin(), chunk.messages.end(), by_time);
    return Status::Ok();
}

Status ChunkMerger::Loader::load(const ChunkInfo &info, LoadedChunk &chunk) {
    const std::uint64_t offset = info.chunk_pos;
    chunk.file_offset = offset;
    chunk.messages.clear();
    chunk.cursor = 0;
    FileRecord record;
    ROBOMETRICS_TRY(readRecordHeader(file_, offset, record));
    auto fields = HeaderFields::parse(record.header);
    if (!fields) return file_.error(offset, "Chunk header: " + fields.message());
    auto op = fields->op();
    if (!op) return file_.error(offset, op.message());
    if (*op != static_cast<std::uint8_t>(Op::Chunk)) {
        return file_.error(offset, "Chunk info points at a " + opName(*op) + " record, not a Chunk");
    }
    auto header = parseChunkHeader(*fields);
    if (!header) return file_.error(offset, header.message());
    ROBOMETRICS_TRY(file_.read(record.data_offset, record.data_length, chunk.raw, "Chunk data"));
    auto records = decompressor_.decompress(*header, chunk.raw, chunk.decompressed, size_may_lie_);
    if (!records) return file_.error(offset, "Chunk: " + records.message());
    return parseRecords(chunk, *records);
}

Result<bool> ChunkMerger::next(RawMessage &out) {
    auto chunk = merge_.next();
    if (!chunk) return chunk.error();
    if (*chunk == nullptr) return false;
    out = (*chunk)->messages[(*chunk)->cursor++].message;
    return true;
}

}  // namespace robometrics::bag::ros1
