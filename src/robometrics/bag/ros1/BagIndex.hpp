#pragma once
// The index of a ROS 1 bag: its bag header, then, from index_pos to the end of the file, every
// Connection record and one Chunk info record per chunk (where each chunk is, its time span and
// messages per connection). Reading it touches only the start and the end of the file.

#include <cstdint>
#include <vector>

#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/Records.hpp"

namespace robometrics::bag::ros1 {

/// A record read from the file: its header bytes, and where its data is (not read).
struct FileRecord {
    std::uint64_t offset = 0;
    std::vector<std::uint8_t> header;
    std::uint64_t data_offset = 0;
    std::uint32_t data_length = 0;
    std::uint64_t end() const { return data_offset + data_length; }
};

/// Reads the header of the record at `offset`; both lengths are checked against the file size
/// before anything is allocated.
Status readRecordHeader(mcap::FileInput &file, std::uint64_t offset, FileRecord &out);

struct BagIndex {
    BagHeader header;
    std::vector<Connection> connections;  ///< in file order
    std::vector<ChunkInfo> chunks;        ///< in file order
};

/// True when `head` (the first bytes of a file) starts like a ROS 1 bag of any version.
bool looksLikeRos1(Bytes head);

/// Checks the magic and reads the bag header; `end` is set to the end of its record.
Result<BagHeader> readBagHeader(mcap::FileInput &file, std::uint64_t &end);

/// Checks the magic, reads the bag header and the index section.
Result<BagIndex> readBagIndex(mcap::FileInput &file);

}  // namespace robometrics::bag::ros1
