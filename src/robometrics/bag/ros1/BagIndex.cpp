#include "robometrics/bag/ros1/BagIndex.hpp"

#include <algorithm>

namespace robometrics::bag::ros1 {

Status readRecordHeader(mcap::FileInput &file, std::uint64_t offset, FileRecord &out) {
    std::uint8_t length[4];
    out.offset = offset;
    ROBOMETRICS_TRY(file.readInto(offset, 4, length, "record header length"));
    const std::uint32_t header_length = loadLe<std::uint32_t>(length);
    ROBOMETRICS_TRY(file.read(offset + 4, header_length, out.header, "record header"));
    out.data_offset = offset + 8 + header_length;
    ROBOMETRICS_TRY(file.readInto(offset + 4 + header_length, 4, length, "record data length"));
    out.data_length = loadLe<std::uint32_t>(length);
    if (out.data_length > file.size() - out.data_offset) {
        return file.error(offset, "record data of " + std::to_string(out.data_length) +
                                      " bytes runs past the end of the " + std::to_string(file.size()) + "-byte file");
    }
    return Status::Ok();
}

bool looksLikeRos1(Bytes head) {
    constexpr std::string_view kPrefix = "#ROSBAG V";
    return head.size() >= kPrefix.size() && std::equal(kPrefix.begin(), kPrefix.end(), head.begin());
}

namespace {

Status readIndexSection(mcap::FileInput &file, BagIndex &index) {
    FileRecord record;
    std::vector<std::uint8_t> data;
    for (std::uint64_t offset = index.header.index_pos; offset < file.size(); offset = record.end()) {
        ROBOMETRICS_TRY(readRecordHeader(file, offset, record));
        auto fields = HeaderFields::parse(record.header);
        if (!fields) return file.error(offset, "record header: " + fields.message());
        auto op = fields->op();
        if (!op) return file.error(offset, op.message());
        if (*op != static_cast<std::uint8_t>(Op::Connection) && *op != static_cast<std::uint8_t>(Op::ChunkInfo)) {
            return file.error(offset, opName(*op) + " record in the index section (expected Connection or Chunk info)");
        }
        ROBOMETRICS_TRY(file.read(record.data_offset, record.data_length, data, "record data"));
        if (*op == static_cast<std::uint8_t>(Op::Connection)) {
            auto connection = parseConnection(*fields, data);
            if (!connection) return file.error(offset, connection.message());
            index.connections.push_back(std::move(*connection));
        } else {
            auto chunk = parseChunkInfo(*fields, data);
            if (!chunk) return file.error(offset, chunk.message());
            if (chunk->chunk_pos < kMagic.size() || chunk->chunk_pos >= index.header.index_pos) {
                return file.error(offset, "Chunk info points at offset " + std::to_string(chunk->chunk_pos) +
                                              ", outside the chunk section (" + std::to_string(kMagic.size()) + " to " +
                                              std::to_string(index.header.index_pos) + ")");
            }
            index.chunks.push_back(std::move(*chunk));
        }
    }
    if (index.chunks.size() != index.header.chunk_count || index.connections.size() != index.header.conn_count) {
        return file.error(index.header.index_pos, "index section holds " + std::to_string(index.connections.size()) +
                                                      " connections and " + std::to_string(index.chunks.size()) +
                                                      " chunk infos, the bag header declares " +
                                                      std::to_string(index.header.conn_count) + " and " +
                                                      std::to_string(index.header.chunk_count));
    }
    return Status::Ok();
}

}  // namespace

Result<BagHeader> readBagHeader(mcap::FileInput &file, std::uint64_t &end) {
    std::vector<std::uint8_t> magic;
    if (file.size() < kMagic.size())
        return file.error(0, "file of " + std::to_string(file.size()) + " bytes is too short for a ROS 1 bag");
    ROBOMETRICS_TRY(file.read(0, kMagic.size(), magic, "magic"));
    if (!std::equal(kMagic.begin(), kMagic.end(), magic.begin())) {
        const auto eol = std::find(magic.begin(), magic.end(), '\n');
        return file.error(
            0, "unsupported ROS bag format '" + std::string(magic.begin(), eol) + "' (only #ROSBAG V2.0 is read)");
    }
    FileRecord record;
    ROBOMETRICS_TRY(readRecordHeader(file, kMagic.size(), record));
    auto fields = HeaderFields::parse(record.header);
    if (!fields) return file.error(kMagic.size(), "Bag header: " + fields.message());
    auto op = fields->op();
    if (!op) return file.error(kMagic.size(), op.message());
    if (*op != static_cast<std::uint8_t>(Op::BagHeader)) {
        return file.error(kMagic.size(), opName(*op) + " record where the Bag header should be");
    }
    auto header = parseBagHeader(*fields);
    if (!header) return file.error(kMagic.size(), header.message());
    end = record.end();
    return *header;
}

Result<BagIndex> readBagIndex(mcap::FileInput &file) {
    BagIndex index;
    std::uint64_t header_end = 0;
    auto header = readBagHeader(file, header_end);
    if (!header) return header.error();
    index.header = *header;
    if (index.header.index_pos == 0) {
        if (index.header.chunk_count == 0 && index.header.conn_count == 0 && header_end == file.size()) return index;
        return file.error(kMagic.size(),
                          "truncated: the Bag header has index_pos 0: the recording was not closed and its index "
                          "never written (reindex the bag with `rosbag reindex`)");
    }
    if (index.header.index_pos < header_end || index.header.index_pos > file.size()) {
        // Past the end of the file: the bag was cut short after it was closed (a copy that stopped).
        const char *cut = index.header.index_pos > file.size() ? "truncated: " : "";
        return file.error(kMagic.size(), cut + std::string("Bag header index_pos ") +
                                             std::to_string(index.header.index_pos) +
                                             " lies outside the file's records (" + std::to_string(header_end) +
                                             " to " + std::to_string(file.size()) + "): truncated or damaged bag");
    }
    ROBOMETRICS_TRY(readIndexSection(file, index));
    return index;
}

}  // namespace robometrics::bag::ros1
