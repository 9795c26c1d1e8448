#pragma once
// Finding the way back into a ROS 1 bag's records after damage that breaks their framing (a
// damaged record header, a wrong length, a zeroed page) when no index says where the next chunk
// is: the next offset where a Chunk record starts whose header fields, lengths and data agree.
// The walk of a bag without its index goes on from there (ros1/BagScan.hpp).

#include <cstdint>
#include <optional>

#include "robometrics/bag/mcap/FileInput.hpp"

namespace robometrics::bag::ros1 {

/// The first offset in [from, end of file) where a whole Chunk record starts: its header holds an
/// `op` field of 0x05 and parses as a chunk header (compression none, bz2 or lz4), both lengths
/// fit in the file, its data decompress (to the declared size, or at most to it for a size that
/// may lie), and it is followed by the end of the file or by another record header that fits.
/// None when there is none.
std::optional<std::uint64_t> findNextChunkRecord(mcap::FileInput &file, std::uint64_t from);

}  // namespace robometrics::bag::ros1
