#include "robometrics/bag/mcap/McapScan.hpp"

#include <filesystem>
#include <memory>
#include <set>
#include <variant>

#include "robometrics/bag/ChunkLoadAhead.hpp"
#include "robometrics/bag/mcap/McapLostSpan.hpp"
#include "robometrics/bag/mcap/ChunkDecompressor.hpp"
#include "robometrics/bag/mcap/ChunkResync.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"

namespace robometrics::bag {

namespace {

using namespace mcap;

ReadDamage damageOf(const std::string &cut, std::uint8_t cut_opcode, const Error &error, const std::string &path) {
    ReadDamage damage;
    damage.file = std::filesystem::path(path).filename().string();
    if (!cut.empty()) {
        damage.truncated = true;
        damage.description = cut;
        const auto opcode = static_cast<Opcode>(cut_opcode);
        damage.loss = opcode == Opcode::Chunk     ? "the last chunk is cut"
                      : opcode == Opcode::Message ? "the last message is cut"
                      : cut_opcode == 0 && cut.find("not closed") != std::string::npos
                          ? "the recording was not closed"
                          : "the end of the file is missing";
    } else if (error.message.find("data section CRC mismatch") != std::string::npos) {
        // Records outside chunks carry no CRC of their own: the damage cannot be placed.
        damage.description = error.message;
        damage.loss =
            "damaged bytes somewhere in the data section (records outside chunks have no CRC of their "
            "own); the messages read may include damaged ones";
    } else {
        damage.description = error.message;
        damage.loss = "damaged bytes; the rest of the file is not read";
    }
    return damage;
}

/// What the catalog takes from one chunk, read on a loading thread.
struct ScannedChunk {
    std::vector<std::variant<SchemaRecord, ChannelRecord>> definitions;  ///< in the chunk's order
    std::map<std::uint16_t, std::uint64_t> counts;
    /// The chunk does not decompress, or a record in it does not parse: the definitions before
    /// the record are kept (a linear pass has read them), the counts are not.
    std::optional<Error> failure;
    std::vector<std::uint8_t> raw, decompressed;  // buffers, kept for the next chunk
};

/// Reads chunks for the scan, used by one thread at a time.
class ChunkScanner {
public:
    explicit ChunkScanner(FileInput file) : file_(std::move(file)) {}

    Result<std::unique_ptr<ChunkScanner>> another() const {
        auto file = FileInput::open(file_.path());
        if (!file) return file.error();
        return std::make_unique<ChunkScanner>(std::move(file.value()));
    }

    /// Always Ok: what goes wrong is the chunk's `failure`, so that its definitions come along.
    Status scan(const ChunkIndexRecord &index, ScannedChunk &chunk) {
        chunk.definitions.clear();
        chunk.counts.clear();
        chunk.failure.reset();
        const std::uint64_t offset = index.chunk_start_offset;
        // The walk has read and parsed this record already; the file is read only, so a failure
        // here is the file changing under the scan.
        Status read = file_.read(offset, index.chunk_length, chunk.raw, "Chunk record");
        if (!read.ok()) return chunk.failure = read.error(), Status::Ok();
        auto record = parseRecord(chunk.raw[0], Bytes(chunk.raw).subspan(kRecordPrefixSize));
        if (!record) return chunk.failure = file_.error(offset, record.message()), Status::Ok();
        auto records = decompressor_.decompress(std::get<ChunkRecord>(*record), chunk.decompressed, true);
        if (!records) return chunk.failure = file_.error(offset, "Chunk record: " + records.message()), Status::Ok();
        std::map<std::uint16_t, std::uint64_t> counts;
        for (std::size_t pos = 0; pos < records->size();) {
            auto entry = readChunkEntry(*records, pos);
            if (!entry) return chunk.failure = file_.error(offset, entry.message()), Status::Ok();
            if (auto *s = std::get_if<SchemaRecord>(&entry->record)) {
                if (s->id != 0) chunk.definitions.emplace_back(std::move(*s));
            } else if (auto *c = std::get_if<ChannelRecord>(&entry->record)) {
                chunk.definitions.emplace_back(std::move(*c));
            } else if (auto *m = std::get_if<MessageRecord>(&entry->record)) {
                ++counts[m->channel_id];
            }
            pos += entry->size;
        }
        chunk.counts = std::move(counts);
        return Status::Ok();
    }

private:
    FileInput file_;
    ChunkDecompressor decompressor_;
};

/// What the walk finds, in file order: definitions, the counts of the messages outside chunks
/// since the last chunk, and chunks (by number), so that the catalog is built in the order a
/// linear pass builds it and stops where it stops.
using Found = std::variant<SchemaRecord, ChannelRecord, std::map<std::uint16_t, std::uint64_t>, std::size_t>;

template <class Record>
void define(std::map<std::uint16_t, Record> &into, Record record) {
    into.try_emplace(record.id, std::move(record));
}

}  // namespace

ChunkIndexRecord chunkIndexOf(const RecordEntry &entry, const ChunkRecord &chunk) {
    ChunkIndexRecord index;
    index.message_start_time = chunk.message_start_time;
    index.message_end_time = chunk.message_end_time;
    index.chunk_start_offset = entry.offset;
    index.chunk_length = entry.length;
    index.compression = chunk.compression;
    index.compressed_size = chunk.records.size();
    index.uncompressed_size = chunk.uncompressed_size;
    return index;
}

ReadDamage linearDamage(const LinearReader &reader, const Error &error, const std::string &path) {
    return damageOf(reader.cut(), reader.cutOpcode(), error, path);
}

Status scanMcapCatalog(const std::string &path, McapCatalog &catalog, std::optional<ReadDamage> *damage,
                       std::size_t loaders) {
    // The walk: every top-level record, chunks as records only (their CRC is checked on loading).
    LinearReaderOptions walk_options;
    walk_options.chunk_contents = false;
    auto reader = LinearReader::open(path, walk_options);
    if (!reader) return reader.error();
    std::vector<Found> found;
    std::map<std::uint16_t, std::uint64_t> loose;  // since the last chunk
    std::optional<Error> walk_failure;
    std::vector<ChunkIndexRecord> chunks;
    std::vector<LostSpan> resynced;       // bytes the walk skipped to find its way back
    std::optional<FileInput> search;      // for the search past damage
    std::set<std::uint16_t> channel_ids;  // declared outside chunks: a Message found past damage uses one
    bool loose_seen = false;              // a message outside chunks was read
    // Past damage a chunked file goes on at a chunk only (the records inside an uncompressed chunk
    // frame like loose ones); a file of loose records, or one not known to have chunks but whose
    // channels were declared outside them, at any record.
    auto chunksOnly = [&] { return !loose_seen && (!chunks.empty() || channel_ids.empty()); };
    auto searchFrom = [&](std::uint64_t from) {
        return chunksOnly() ? findNextChunk(*search, from, search->size()) : findNextRecord(*search, from, channel_ids);
    };
    std::optional<TimeNs> last_time;  // of the last message before the walk's position
    // The last top-level record: a loose Message may be taken back when the damage began in it.
    struct Previous {
        std::uint64_t offset = 0, end = 0;
        std::optional<std::uint16_t> message_channel;
        std::optional<TimeNs> time_before;  // last_time before it
    } previous;
    RecordEntry entry;
    for (;;) {
        const std::uint64_t before = reader->position();
        auto more = reader->next(entry);
        if (damage && !search) {
            auto opened = FileInput::open(path);
            if (opened) search.emplace(std::move(opened.value()));
        }
        // A recovering walk takes a record of an unknown opcode whose length leads to no record
        // for broken framing (damaged bytes read as a record), not for a private record.
        bool broken_unknown = false;
        if (more && *more && search && std::holds_alternative<UnknownRecord>(entry.record) &&
            !recordBoundaryAt(*search, before)) {
            broken_unknown = true;
            more = search->error(before, "a record of unknown opcode " + std::to_string(entry.opcode) +
                                             " whose length leads to no record");
        }
        if (!more && damage && before < reader->file().size() &&
            more.message().find("data section CRC mismatch") == std::string::npos) {
            // A recovering read goes on at the next whole record past the damage. A record that
            // framed and parsed but failed its check (an attachment's CRC) is lost alone.
            std::uint64_t at = before;
            const std::uint64_t from = reader->position() > before && !broken_unknown ? reader->position() : before + 1;
            std::optional<std::uint64_t> next;
            bool searched = false;
            if (search && previous.message_channel && previous.end == at) {
                // The damage may have begun in the message before: its length led into the
                // middle of a record (a record starts before where it ends), or to bytes that
                // start none, or zeroes ran over its end. It is lost with the span then.
                const std::optional<std::uint64_t> after = searchFrom(previous.offset + 1);
                if ((after && *after < at) || !recordBeforeIntact(*search, at, channel_ids)) {
                    at = previous.offset;
                    if (--loose[*previous.message_channel] == 0) loose.erase(*previous.message_channel);
                    last_time = previous.time_before;
                    next = after;
                    searched = true;
                } else if (!after || *after >= from) {
                    next = after;  // also the first record past `from`
                    searched = true;
                }
            }
            if (search && !searched) next = searchFrom(from);
            if (next || at < before) {
                LostSpan span;
                span.file = std::filesystem::path(path).filename().string();
                span.byte_begin = at;
                // Nothing to go on at: the message before is lost with the damage that ends the read.
                span.byte_end = next ? *next : before;
                // The neighbouring messages bound its time: the last before, the first after.
                span.start_time = last_time;
                span.reason = reader->cut().empty() ? withoutPath(more.message(), path)
                                                    : "a length field runs past the end of the file: " + reader->cut();
                resynced.push_back(std::move(span));
                previous = Previous{};
                if (next) {
                    reader->resumeAt(*next);
                    continue;
                }
            }
        }
        if (!more && more.message().find("data section CRC mismatch") != std::string::npos && damage &&
            !resynced.empty())
            break;  // explained by the bytes skipped
        if (!more) {
            walk_failure = more.error();
            break;
        }
        if (!more.value() || std::holds_alternative<DataEndRecord>(entry.record)) break;
        // The first message after lost spans ends their time range.
        std::optional<TimeNs> first_time, end_time;
        if (auto *m = std::get_if<MessageRecord>(&entry.record)) {
            first_time = end_time = static_cast<TimeNs>(m->log_time);
        } else if (auto *chunk = std::get_if<ChunkRecord>(&entry.record)) {
            first_time = static_cast<TimeNs>(chunk->message_start_time);
            end_time = static_cast<TimeNs>(chunk->message_end_time);
        }
        if (first_time) {
            for (auto span = resynced.rbegin(); span != resynced.rend() && !span->end_time; ++span)
                span->end_time = first_time;
        }
        previous = Previous{entry.offset, entry.offset + entry.length, std::nullopt, last_time};
        if (end_time) last_time = end_time;
        if (auto *s = std::get_if<SchemaRecord>(&entry.record)) {
            if (s->id != 0) found.emplace_back(std::move(*s));
        } else if (auto *c = std::get_if<ChannelRecord>(&entry.record)) {
            channel_ids.insert(c->id);
            found.emplace_back(std::move(*c));
        } else if (auto *m = std::get_if<MessageRecord>(&entry.record)) {
            ++loose[m->channel_id];
            loose_seen = true;
            previous.message_channel = m->channel_id;
        } else if (auto *chunk = std::get_if<ChunkRecord>(&entry.record)) {
            if (!loose.empty()) found.emplace_back(std::exchange(loose, {}));
            found.emplace_back(chunks.size());
            chunks.push_back(chunkIndexOf(entry, *chunk));
            // A record longer than its fields (a damaged length field): a recovering walk goes on
            // where the fields end, not past the records the wrong length would jump over.
            const std::uint64_t fields =
                kRecordPrefixSize + 8 + 8 + 8 + 4 + 4 + chunk->compression.size() + 8 + chunk->records.size();
            if (damage && fields < entry.length) reader->resumeAt(entry.offset + fields);
        }
    }
    if (!loose.empty()) found.emplace_back(std::move(loose));

    // The chunks, in order, loaded here or ahead on loading threads.
    std::vector<std::unique_ptr<ChunkScanner>> scanners;
    auto file = FileInput::open(path);
    if (!file) return file.error();
    scanners.push_back(std::make_unique<ChunkScanner>(std::move(file.value())));
    addLoaders(scanners, loaders);
    std::unique_ptr<ChunkLoadAhead<ScannedChunk>> ahead;
    if (loaders > 0 && !chunks.empty()) {
        ahead = std::make_unique<ChunkLoadAhead<ScannedChunk>>(
            chunks.size(), scanners.size(), [&](std::size_t loader, std::size_t i, ScannedChunk &chunk) {
                return scanners[loader]->scan(chunks[i], chunk);
            });
    }
    auto inline_chunk = std::make_shared<ScannedChunk>();
    std::shared_ptr<ScannedChunk> spare;
    for (Found &item : found) {
        if (auto *s = std::get_if<SchemaRecord>(&item)) {
            define(catalog.schemas, std::move(*s));
        } else if (auto *c = std::get_if<ChannelRecord>(&item)) {
            define(catalog.channels, std::move(*c));
        } else if (auto *counts = std::get_if<std::map<std::uint16_t, std::uint64_t>>(&item)) {
            for (const auto &[id, n] : *counts) catalog.counts[id] += n;
            catalog.loose_messages = true;
        } else {
            const std::size_t number = std::get<std::size_t>(item);
            std::shared_ptr<ScannedChunk> chunk = inline_chunk;
            if (ahead) {
                auto taken = ahead->take(std::move(spare));
                if (!taken) return taken.error();  // scan() does not fail; kept for the contract
                chunk = std::move(taken.value());
            } else {
                ROBOMETRICS_TRY(scanners.front()->scan(chunks[number], *chunk));
            }
            for (auto &definition : chunk->definitions) {
                if (auto *schema = std::get_if<SchemaRecord>(&definition))
                    define(catalog.schemas, std::move(*schema));
                else
                    define(catalog.channels, std::move(std::get<ChannelRecord>(definition)));
            }
            if (chunk->failure) {
                if (!damage) return *chunk->failure;
                // A recovering read skips the chunk and goes on: its messages are lost (no count,
                // the file has no usable index), the definitions before the failure are kept.
                LostSpan span = chunkIndexSpan(path, chunks[number], *chunk->failure);
                const std::string name = span.file;
                addLostSpans(*damage, name, {std::move(span)});
                if (ahead) spare = std::move(chunk);
                continue;
            }
            for (const auto &[id, n] : chunk->counts) catalog.counts[id] += n;
            catalog.chunks.push_back(std::move(chunks[number]));
            if (ahead) spare = std::move(chunk);
        }
    }
    if (damage && !resynced.empty()) {
        const std::string name = resynced.front().file;
        addLostSpans(*damage, name, std::move(resynced));
    }
    // A data-section CRC that disagrees because of chunks skipped as damaged is no further loss.
    if (walk_failure && damage && *damage && !(*damage)->spans.empty() &&
        walk_failure->message.find("data section CRC mismatch") != std::string::npos)
        walk_failure.reset();
    if (walk_failure) {
        if (!damage) return *walk_failure;
        ReadDamage ending = linearDamage(*reader, *walk_failure, path);
        if (*damage) ending.spans = std::move((*damage)->spans);  // the chunks skipped before
        *damage = std::move(ending);
    }
    return Status::Ok();
}

}  // namespace robometrics::bag
