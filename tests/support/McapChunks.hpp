#pragma once
// Where the chunks of an MCAP file are and how many messages each holds, found by a linear pass:
// for tests that cut or damage a file at chosen chunks.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <variant>
#include <vector>

#include "robometrics/bag/mcap/LinearReader.hpp"

namespace robometrics::test {

struct McapChunk {
    std::uint64_t offset = 0, end = 0;  ///< the Chunk record's bytes
    int messages = 0;
    std::uint32_t crc = 0;  ///< its records' CRC; 0: not stored, a flip in them may go unnoticed
};

inline std::vector<McapChunk> mcapChunksOf(const std::filesystem::path &path) {
    std::vector<McapChunk> chunks;
    auto reader = bag::mcap::LinearReader::open(path.string());
    EXPECT_TRUE(reader.ok());
    if (!reader.ok()) return chunks;
    bag::mcap::RecordEntry entry;
    for (;;) {
        auto more = reader->next(entry);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more.ok() || !*more) break;
        if (auto *chunk = std::get_if<bag::mcap::ChunkRecord>(&entry.record))
            chunks.push_back({entry.offset, entry.offset + entry.length, 0, chunk->uncompressed_crc});
        else if (entry.in_chunk && std::holds_alternative<bag::mcap::MessageRecord>(entry.record))
            ++chunks.back().messages;
    }
    return chunks;
}

}  // namespace robometrics::test
