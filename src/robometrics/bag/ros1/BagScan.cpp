#include "robometrics/bag/ros1/BagScan.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "robometrics/bag/ros1/ChunkDecompressor.hpp"

namespace robometrics::bag::ros1 {

namespace {

// One chunk's records: its connections join the index, its messages give the Chunk info that
// the index section would have held. Nothing is added unless the whole chunk reads.
Status scanChunk(Bytes records, std::uint64_t chunk_pos, BagIndex &index, std::set<std::uint32_t> &known) {
    std::vector<Connection> added;
    std::set<std::uint32_t> added_ids;
    ChunkInfo info;
    info.chunk_pos = chunk_pos;
    std::map<std::uint32_t, std::uint32_t> counts;
    bool any = false;
    for (std::size_t pos = 0; pos < records.size();) {
        auto record = frameRecord(records, pos);
        if (!record) return Error{"at byte " + std::to_string(pos) + " of its records: " + record.message()};
        auto fields = HeaderFields::parse(record->header);
        if (!fields) return Error{"at byte " + std::to_string(pos) + " of its records: " + fields.message()};
        auto op = fields->op();
        if (!op) return Error{"at byte " + std::to_string(pos) + " of its records: " + op.message()};
        if (*op == static_cast<std::uint8_t>(Op::Connection)) {
            auto connection = parseConnection(*fields, record->data);
            if (!connection)
                return Error{"at byte " + std::to_string(pos) + " of its records: " + connection.message()};
            if (!known.count(connection->id) && added_ids.insert(connection->id).second)
                added.push_back(std::move(*connection));
        } else if (*op == static_cast<std::uint8_t>(Op::MessageData)) {
            MessageHeader header;
            auto parsed = parseMessageHeader(record->header, header);
            if (!parsed) return Error{"at byte " + std::to_string(pos) + " of its records: " + parsed.message()};
            if (!known.count(header.conn) && !added_ids.count(header.conn))
                return Error{"at byte " + std::to_string(pos) + " of its records: a message on connection " +
                             std::to_string(header.conn) + " before its Connection record"};
            info.start_time = any ? std::min(info.start_time, header.time) : header.time;
            info.end_time = any ? std::max(info.end_time, header.time) : header.time;
            any = true;
            ++counts[header.conn];
        } else {
            return Error{"at byte " + std::to_string(pos) + " of its records: " + opName(*op) +
                         " record inside a chunk"};
        }
        pos += record->size;
    }
    info.counts.assign(counts.begin(), counts.end());
    if (any) index.chunks.push_back(std::move(info));
    known.insert(added_ids.begin(), added_ids.end());
    for (Connection &c : added) index.connections.push_back(std::move(c));
    return Status::Ok();
}

}  // namespace

BagScan scanBagRecords(mcap::FileInput &file, const BagHeader &header, std::uint64_t start) {
    BagScan scan;
    scan.index.header = header;
    std::set<std::uint32_t> known;
    ChunkDecompressor decompressor;
    std::vector<std::uint8_t> data, storage;
    FileRecord record;
    for (std::uint64_t offset = start; offset < file.size(); offset = record.end()) {
        auto stop = [&](const std::string &what, bool cut_short) {
            scan.cut = what;
            scan.truncated = cut_short;
            return scan;
        };
        // The fixed parts of a record (two lengths and a header) must fit before anything is read.
        if (Status s = readRecordHeader(file, offset, record); !s.ok())
            return stop("the file ends inside a record at byte " + std::to_string(file.size()) +
                            " (the record starts at byte " + std::to_string(offset) + ")",
                        true);
        auto fields = HeaderFields::parse(record.header);
        auto op = fields ? fields->op() : Result<std::uint8_t>(fields.error());
        if (!op) return stop("the record at byte " + std::to_string(offset) + " is damaged: " + op.message(), false);
        if (*op == static_cast<std::uint8_t>(Op::IndexData) || *op == static_cast<std::uint8_t>(Op::ChunkInfo))
            continue;
        if (Status s = file.read(record.data_offset, record.data_length, data, "record data"); !s.ok())
            return stop(s.message(), false);
        if (*op == static_cast<std::uint8_t>(Op::Connection)) {
            auto connection = parseConnection(*fields, data);
            if (!connection)
                return stop("the Connection at byte " + std::to_string(offset) + ": " + connection.message(), false);
            if (known.insert(connection->id).second) scan.index.connections.push_back(std::move(*connection));
            continue;
        }
        // rosbag writes a chunk's messages after its header and fills in the sizes when it closes
        // the chunk: the records of a chunk open at the crash follow an empty chunk.
        if (*op == static_cast<std::uint8_t>(Op::MessageData))
            return stop("the chunk before byte " + std::to_string(offset) + " was never closed", true);
        if (*op != static_cast<std::uint8_t>(Op::Chunk))
            return stop("a " + opName(*op) + " record at byte " + std::to_string(offset) + " among the chunks", false);
        auto chunk = parseChunkHeader(*fields);
        if (!chunk) return stop("the Chunk at byte " + std::to_string(offset) + ": " + chunk.message(), false);
        auto records = decompressor.decompress(*chunk, data, storage);
        // A chunk rosbag never closed keeps the placeholder sizes of its header: it is not read.
        if (!records)
            return stop("the Chunk at byte " + std::to_string(offset) + " does not decompress (" + records.message() +
                            "): it was never closed",
                        true);
        if (Status s = scanChunk(*records, offset, scan.index, known); !s.ok()) {
            return stop("the Chunk at byte " + std::to_string(offset) + " is damaged " + s.message(), false);
        }
    }
    return scan;
}

}  // namespace robometrics::bag::ros1
