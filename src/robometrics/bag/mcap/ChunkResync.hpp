#pragma once
// Finding the way back into an MCAP data section after damage that breaks its record framing (a
// wrong length field, a zeroed page across records, bytes cut out): the next offset where a Chunk
// record starts whose opcode, length, fields and CRC all agree. A recovering scan of a file
// without a usable summary goes on from there (bag/McapScan.hpp).

#include <cstdint>
#include <optional>

#include "robometrics/bag/mcap/FileInput.hpp"

namespace robometrics::bag::mcap {

/// The first offset in [from, end) where a whole Chunk record starts: opcode 0x06, a length that
/// fits before `end`, a known compression, a records length that agrees with the record length, a
/// time range in order, and records that decompress to the declared size with the stored CRC
/// (when one is stored). None when there is none.
std::optional<std::uint64_t> findNextChunk(FileInput &file, std::uint64_t from, std::uint64_t end);

}  // namespace robometrics::bag::mcap
