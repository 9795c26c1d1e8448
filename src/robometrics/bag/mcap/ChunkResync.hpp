#pragma once
// Finding the way back into an MCAP data section after damage that breaks its record framing (a
// wrong length field, a zeroed page across records, bytes cut out): the next offset where a Chunk
// record starts whose opcode, length, fields and CRC all agree, or (in a file written without
// chunks, or between chunks) another record that parses and is followed by a record. A
// recovering scan of a file without a usable summary goes on from there (bag/mcap/McapScan.hpp).

#include <cstdint>
#include <optional>
#include <set>

#include "robometrics/bag/mcap/FileInput.hpp"

namespace robometrics::bag::mcap {

/// The first offset in [from, end) where a whole Chunk record starts: opcode 0x06, a length that
/// fits before `end`, a known compression, a records length that agrees with the record length, a
/// time range in order, and records that decompress to the declared size with the stored CRC
/// (when one is stored). None when there is none.
std::optional<std::uint64_t> findNextChunk(FileInput &file, std::uint64_t from, std::uint64_t end);

/// Whether a record is framed at `at`: an opcode a data or summary section holds (0x02-0x0F; the
/// Header only starts a file) and a length that ends inside the file.
bool recordFramedAt(FileInput &file, std::uint64_t at);

/// Whether the bytes at `at`, whatever their opcode, declare a length that leads to a framed record
/// (or to the closing magic): the record before `at` then ended where its writer ended it, and
/// what is wrong is the record at `at`.
bool recordBoundaryAt(FileInput &file, std::uint64_t at);

/// Whether the record that ends at `at`, where reading failed, looks as if it ended where its
/// writer ended it: a Message on one of `channels` starts there (its own length is what is
/// wrong), or a length that leads to a framed record (recordBoundaryAt: its opcode is what is
/// wrong), or a zeroed stretch (16 zero bytes or more) right after a non-zero byte. Else its own
/// length may be what is wrong, or a zeroed stretch began inside it.
bool recordBeforeIntact(FileInput &file, std::uint64_t at, const std::set<std::uint16_t> &channels);

/// The first offset in [from, file size) where a record starts that a recovering read may go on
/// at: a whole Chunk (as findNextChunk), or a record of another known opcode that parses, fills
/// its length and is followed by a framed record (the Footer: by the closing magic); a Message
/// must be on one of `channels` (those declared before the damage). None when there is none.
std::optional<std::uint64_t> findNextRecord(FileInput &file, std::uint64_t from,
                                            const std::set<std::uint16_t> &channels);

}  // namespace robometrics::bag::mcap
