#pragma once
// Streaming (linear) MCAP reader: yields every record in file order, the records inside each
// Chunk inline right after the Chunk itself. Works without a summary and on files cut short:
// every complete record before the damage is delivered, then next() returns the Error. Memory is
// bounded by the largest record (a chunk and its decompressed records), not by the file.
//
// Checks: the magic at both ends, record lengths against the file size, the data-section CRC
// (DataEnd), each chunk's CRC and size, each attachment's CRC and the summary CRC (Footer). A
// stored CRC of 0 means "not computed" and is not checked.

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/bag/mcap/ChunkDecompressor.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/mcap/Records.hpp"

namespace robometrics::bag::mcap {

struct LinearReaderOptions {
    bool verify_crcs = true;
    /// False: a Chunk record is delivered alone, its records neither decompressed nor checked
    /// (for a caller that loads the chunks itself, on other threads: readChunkEntry below).
    bool chunk_contents = true;
};

/// One record inside a chunk: parsed, with its size in the chunk's records.
struct ChunkEntry {
    Record record;
    std::uint8_t opcode = 0;
    std::size_t size = 0;
};

/// The record at `pos` of a chunk's decompressed `records`, or what is wrong with it in the words
/// of the reader's error ("Chunk record, at offset 12 of its decompressed records: ..."), to which
/// the caller adds file and chunk offset.
Result<ChunkEntry> readChunkEntry(Bytes records, std::size_t pos);

/// One record as the linear reader delivers it. Views in `record` stay valid until next().
struct RecordEntry {
    Record record;
    std::uint8_t opcode = 0;
    std::uint64_t offset = 0;           ///< file offset of the opcode (of the enclosing Chunk when in_chunk)
    std::uint64_t length = 0;           ///< whole record: 9-byte prefix + content
    std::uint64_t offset_in_chunk = 0;  ///< offset in the decompressed chunk records (when in_chunk)
    bool in_chunk = false;
};

class LinearReader {
public:
    /// Opens the file and checks the leading magic.
    static Result<LinearReader> open(const std::string &path, const LinearReaderOptions &options = {});

    /// The next record: true when one was read, false after the Footer and closing magic, or an
    /// Error naming the file and offset.
    Result<bool> next(RecordEntry &out);

    /// After a failure: goes on at `offset` (a record found past the damage, ChunkResync.hpp).
    /// The data section's CRC is no longer checked: the bytes skipped are not in it.
    void resumeAt(std::uint64_t offset);

    const FileInput &file() const { return file_; }
    /// File offset of the next top-level record.
    std::uint64_t position() const { return position_; }
    /// After next() failed because the file ends before a record does (a recording cut short):
    /// where, in plain words ("the file ends inside a Chunk record at byte 1234 (declares 5000
    /// content bytes, 800 remain)"); empty for any other failure.
    const std::string &cut() const { return cut_; }
    /// The opcode of the record the file ends in (0 when it ends between records).
    std::uint8_t cutOpcode() const { return cut_opcode_; }
    /// After a failure: whether it was inside the records of a chunk already delivered (the
    /// chunk's messages so far are then only part of it).
    bool failedInChunk() const { return failed_ && in_chunk_; }

private:
    explicit LinearReader(FileInput file, const LinearReaderOptions &options);
    Result<bool> nextInChunk(RecordEntry &out);
    Status checkRecord(const RecordEntry &entry, Bytes prefix_and_content);
    Status checkSummaryCrc(const FooterRecord &footer, std::uint64_t footer_offset);

    FileInput file_;
    LinearReaderOptions options_;
    ChunkDecompressor decompressor_;
    std::uint64_t position_ = sizeof(kMagic);
    std::vector<std::uint8_t> buffer_;      ///< prefix + content of the current top-level record
    std::vector<std::uint8_t> chunk_data_;  ///< decompressed records of the current chunk
    Bytes chunk_records_;                   ///< what is being iterated (chunk_data_ or a view of buffer_)
    std::uint64_t chunk_offset_ = 0;        ///< file offset of the current chunk
    std::size_t chunk_pos_ = 0;
    bool in_chunk_ = false;
    std::uint32_t data_crc_ = 0;  ///< running CRC of the data section, up to DataEnd
    bool data_end_seen_ = false;
    bool finished_ = false;
    bool failed_ = false;
    std::string cut_;
    std::uint8_t cut_opcode_ = 0;
};

}  // namespace robometrics::bag::mcap
