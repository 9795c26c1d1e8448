#include "robometrics/bag/ros1/BagScan.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <variant>

#include "robometrics/bag/ChunkLoadAhead.hpp"
#include "robometrics/bag/ros1/ChunkDecompressor.hpp"
#include "robometrics/bag/ros1/ChunkResync.hpp"

namespace robometrics::bag::ros1 {

namespace {

/// What a loading thread finds in one chunk. Whether a message's connection is known depends on
/// the chunks before it, so the chunk keeps the connections it uses before defining them, and the
/// walk's thread judges them in file order (applyChunk).
struct ScannedChunk {
    std::vector<std::uint8_t> data, storage;    ///< buffers, kept for the next chunk
    std::optional<std::string> read_error;      ///< the data could not be read
    std::optional<std::string> undecompressed;  ///< why it does not decompress
    std::vector<Connection> defined;            ///< each id's first Connection record in the chunk, in order
    std::map<std::uint32_t, std::size_t>
        outside;  ///< connection -> byte of its first message not after its Connection here
    std::optional<std::pair<std::size_t, std::string>> damaged;  ///< the first record that does not parse, and why
    ChunkInfo info;
    bool any = false;  ///< it holds a message
};

std::string atByte(std::size_t pos, const std::string &what) {
    return "at byte " + std::to_string(pos) + " of its records: " + what;
}

// One chunk's records, up to the first that does not parse.
void scanChunkRecords(Bytes records, ScannedChunk &chunk) {
    std::set<std::uint32_t> local;
    std::map<std::uint32_t, std::uint32_t> counts;
    for (std::size_t pos = 0; pos < records.size();) {
        auto damaged = [&](const std::string &what) { chunk.damaged.emplace(pos, atByte(pos, what)); };
        auto record = frameRecord(records, pos);
        if (!record) return damaged(record.message());
        auto fields = HeaderFields::parse(record->header);
        if (!fields) return damaged(fields.message());
        auto op = fields->op();
        if (!op) return damaged(op.message());
        if (*op == static_cast<std::uint8_t>(Op::Connection)) {
            auto connection = parseConnection(*fields, record->data);
            if (!connection) return damaged(connection.message());
            if (local.insert(connection->id).second) chunk.defined.push_back(std::move(*connection));
        } else if (*op == static_cast<std::uint8_t>(Op::MessageData)) {
            MessageHeader header;
            auto parsed = parseMessageHeader(record->header, header);
            if (!parsed) return damaged(parsed.message());
            if (!local.count(header.conn)) chunk.outside.try_emplace(header.conn, pos);
            chunk.info.start_time = chunk.any ? std::min(chunk.info.start_time, header.time) : header.time;
            chunk.info.end_time = chunk.any ? std::max(chunk.info.end_time, header.time) : header.time;
            chunk.any = true;
            ++counts[header.conn];
        } else {
            return damaged(opName(*op) + " record inside a chunk");
        }
        pos += record->size;
    }
    chunk.info.counts.assign(counts.begin(), counts.end());
}

/// Reads, decompresses and scans chunks, used by one thread at a time.
class ChunkScanner {
public:
    explicit ChunkScanner(mcap::FileInput file) : file_(std::move(file)) {}

    Result<std::unique_ptr<ChunkScanner>> another() const {
        auto file = mcap::FileInput::open(file_.path());
        if (!file) return file.error();
        return std::make_unique<ChunkScanner>(std::move(file.value()));
    }

    /// Always Ok: what goes wrong is kept in the chunk, for applyChunk to judge in file order.
    Status scan(const FileRecord &record, const ChunkHeader &header, ScannedChunk &chunk) {
        chunk.read_error.reset();
        chunk.undecompressed.reset();
        chunk.defined.clear();
        chunk.outside.clear();
        chunk.damaged.reset();
        chunk.info = ChunkInfo{};
        chunk.info.chunk_pos = record.offset;
        chunk.any = false;
        if (Status s = file_.read(record.data_offset, record.data_length, chunk.data, "record data"); !s.ok()) {
            chunk.read_error = s.message();
            return Status::Ok();
        }
        // Only a recovering read walks a bag: a wrong `size` is read past, as rosbag does.
        auto records = decompressor_.decompress(header, chunk.data, chunk.storage, true);
        if (!records) {
            chunk.undecompressed = records.message();
            return Status::Ok();
        }
        scanChunkRecords(*records, chunk);
        return Status::Ok();
    }

private:
    mcap::FileInput file_;
    ChunkDecompressor decompressor_;
};

/// A chunk found by the walk, to be scanned.
struct FoundChunk {
    FileRecord record;
    ChunkHeader header;
};

/// Adds a scanned chunk to the index as the walk in file order would: its connections join, its
/// messages give the Chunk info the index section would have held. Nothing is added unless the
/// whole chunk reads; then the reason the walk stops there.
std::optional<std::pair<std::string, bool>> applyChunk(const ScannedChunk &chunk, std::uint64_t offset, BagIndex &index,
                                                       std::set<std::uint32_t> &known) {
    const std::string at = "the Chunk at byte " + std::to_string(offset);
    if (chunk.read_error) return std::make_pair(*chunk.read_error, false);
    // A chunk rosbag never closed keeps the placeholder sizes of its header: it is not read.
    if (chunk.undecompressed)
        return std::make_pair(at + " does not decompress (" + *chunk.undecompressed + "): it was never closed", true);
    std::optional<std::pair<std::size_t, std::string>> problem = chunk.damaged;
    for (const auto &[conn, pos] : chunk.outside) {
        if (known.count(conn) || (problem && problem->first < pos)) continue;
        problem.emplace(
            pos, atByte(pos, "a message on connection " + std::to_string(conn) + " before its Connection record"));
    }
    if (problem) return std::make_pair(at + " is damaged " + problem->second, false);
    if (chunk.any) index.chunks.push_back(chunk.info);
    for (const Connection &c : chunk.defined) {
        if (known.insert(c.id).second) index.connections.push_back(c);
    }
    return std::nullopt;
}

}  // namespace

BagScan scanBagRecords(mcap::FileInput &file, const BagHeader &header, std::uint64_t start, std::size_t loaders) {
    BagScan scan;
    scan.index.header = header;
    // The walk: every top-level record, chunks by their headers only; what it found in file order
    // (a top-level Connection, or a chunk by number) and where it stopped.
    std::vector<std::variant<Connection, std::size_t>> found;
    std::vector<FoundChunk> chunks;
    std::optional<std::pair<std::string, bool>> walk_stop;
    std::vector<std::uint8_t> data;
    std::vector<LostSpan> skipped;  ///< bytes whose framing broke, skipped to the next whole chunk
    FileRecord record;
    for (std::uint64_t offset = start, next = start; offset < file.size(); offset = next) {
        auto stop = [&](const std::string &what, bool cut_short) { walk_stop.emplace(what, cut_short); };
        // Damage that breaks the framing: the walk goes on at the next whole Chunk record, if any
        // (bytes that only look cut, a length field too large, are damage when one follows).
        auto resumed = [&](const std::string &what) {
            const std::optional<std::uint64_t> chunk_at = findNextChunkRecord(file, offset + 1);
            if (!chunk_at) return false;
            LostSpan span;
            span.file = std::filesystem::path(file.path()).filename().string();
            span.byte_begin = offset;
            span.byte_end = *chunk_at;
            span.reason = what;
            skipped.push_back(std::move(span));
            next = *chunk_at;
            return true;
        };
        // The fixed parts of a record (two lengths and a header) must fit before anything is read.
        if (Status s = readRecordHeader(file, offset, record); !s.ok()) {
            const std::string what = "the file ends inside a record at byte " + std::to_string(file.size()) +
                                     " (the record starts at byte " + std::to_string(offset) + ")";
            if (resumed("the record at byte " + std::to_string(offset) + " has lengths past the end of the file"))
                continue;
            stop(what, true);
            break;
        }
        next = record.end();
        auto fields = HeaderFields::parse(record.header);
        auto op = fields ? fields->op() : Result<std::uint8_t>(fields.error());
        if (!op) {
            const std::string what = "the record at byte " + std::to_string(offset) + " is damaged: " + op.message();
            if (resumed(what)) continue;
            stop(what, false);
            break;
        }
        if (*op == static_cast<std::uint8_t>(Op::IndexData) || *op == static_cast<std::uint8_t>(Op::ChunkInfo))
            continue;
        if (*op == static_cast<std::uint8_t>(Op::Chunk)) {
            auto chunk = parseChunkHeader(*fields);
            if (!chunk) {
                const std::string what = "the Chunk at byte " + std::to_string(offset) + ": " + chunk.message();
                if (resumed(what)) continue;
                stop(what, false);
                break;
            }
            found.emplace_back(chunks.size());
            chunks.push_back({record, *chunk});
            continue;
        }
        if (Status s = file.read(record.data_offset, record.data_length, data, "record data"); !s.ok()) {
            stop(s.message(), false);
            break;
        }
        if (*op == static_cast<std::uint8_t>(Op::Connection)) {
            auto connection = parseConnection(*fields, data);
            if (!connection) {
                const std::string what =
                    "the Connection at byte " + std::to_string(offset) + ": " + connection.message();
                if (resumed(what)) continue;
                stop(what, false);
                break;
            }
            found.emplace_back(std::move(*connection));
            continue;
        }
        // rosbag writes a chunk's messages after its header and fills in the sizes when it closes
        // the chunk: the records of a chunk open at the crash follow an empty chunk.
        if (*op == static_cast<std::uint8_t>(Op::MessageData)) {
            stop("the chunk before byte " + std::to_string(offset) + " was never closed", true);
            break;
        }
        const std::string what = "a " + opName(*op) + " record at byte " + std::to_string(offset) + " among the chunks";
        if (resumed(what)) continue;
        stop(what, false);
        break;
    }

    // The chunks, scanned here or ahead on loading threads (bz2 is slow: a cut bag of bz2 chunks
    // is the one that gains most), then added in file order.
    std::vector<std::unique_ptr<ChunkScanner>> scanners;
    auto own = mcap::FileInput::open(file.path());
    if (!own) {
        scan.cut = own.message();
        return scan;
    }
    scanners.push_back(std::make_unique<ChunkScanner>(std::move(own.value())));
    addLoaders(scanners, loaders);
    std::unique_ptr<ChunkLoadAhead<ScannedChunk>> ahead;
    if (loaders > 0 && !chunks.empty()) {
        ahead = std::make_unique<ChunkLoadAhead<ScannedChunk>>(
            chunks.size(), scanners.size(), [&](std::size_t loader, std::size_t i, ScannedChunk &chunk) {
                return scanners[loader]->scan(chunks[i].record, chunks[i].header, chunk);
            });
    }
    // The spans the walk skipped, among those of the chunks, in file order: those before `until`.
    auto addSkipped = [&](std::uint64_t until) {
        for (const LostSpan &span : skipped)
            if (span.byte_begin < until) scan.lost.push_back(span);
        std::stable_sort(scan.lost.begin(), scan.lost.end(),
                         [](const LostSpan &a, const LostSpan &b) { return a.byte_begin < b.byte_begin; });
    };
    std::set<std::uint32_t> known;
    auto inline_chunk = std::make_shared<ScannedChunk>();
    std::shared_ptr<ScannedChunk> spare;
    for (auto &item : found) {
        if (auto *connection = std::get_if<Connection>(&item)) {
            if (known.insert(connection->id).second) scan.index.connections.push_back(std::move(*connection));
            continue;
        }
        const FoundChunk &found_chunk = chunks[std::get<std::size_t>(item)];
        std::shared_ptr<ScannedChunk> chunk = inline_chunk;
        if (ahead) {
            auto taken = ahead->take(std::move(spare));
            if (!taken) {  // scan() does not fail; kept for the contract
                scan.cut = taken.message();
                return scan;
            }
            chunk = std::move(taken.value());
        } else {
            (void)scanners.front()->scan(found_chunk.record, found_chunk.header, *chunk);
        }
        if (auto stop = applyChunk(*chunk, found_chunk.record.offset, scan.index, known)) {
            // A damaged chunk with chunks after it (so not one left open by a recorder that died)
            // is skipped and the walk goes on; its connections that parsed are kept.
            if (std::get<std::size_t>(item) + 1 < chunks.size() && !chunk->read_error) {
                LostSpan span;
                span.file = std::filesystem::path(file.path()).filename().string();
                span.byte_begin = found_chunk.record.offset;
                span.byte_end = found_chunk.record.end();
                span.reason = stop->first;
                scan.lost.push_back(std::move(span));
                for (const Connection &c : chunk->defined)
                    if (known.insert(c.id).second) scan.index.connections.push_back(c);
                if (ahead) spare = std::move(chunk);
                continue;
            }
            scan.cut = stop->first;
            scan.truncated = stop->second;
            addSkipped(found_chunk.record.offset);
            return scan;
        }
        if (ahead) spare = std::move(chunk);
    }
    if (walk_stop) {
        scan.cut = walk_stop->first;
        scan.truncated = walk_stop->second;
    }
    addSkipped(file.size());
    return scan;
}

}  // namespace robometrics::bag::ros1
