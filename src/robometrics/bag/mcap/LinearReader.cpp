#include "robometrics/bag/mcap/LinearReader.hpp"

#include <cstring>
#include <string_view>

#include "robometrics/bag/mcap/Crc32.hpp"

namespace robometrics::bag::mcap {

LinearReader::LinearReader(FileInput file, const LinearReaderOptions &options)
    : file_(std::move(file)), options_(options) {}

Result<LinearReader> LinearReader::open(const std::string &path, const LinearReaderOptions &options) {
    auto file = FileInput::open(path);
    if (!file) return file.error();
    std::uint8_t magic[sizeof(kMagic)] = {};
    if (file->size() < sizeof(kMagic)) {
        return file->error(0, "not an MCAP file: " + std::to_string(file->size()) + " bytes, shorter than the magic");
    }
    ROBOMETRICS_TRY(file->readInto(0, sizeof magic, magic, "leading magic"));
    if (std::memcmp(magic, kMagic, sizeof magic) != 0) {
        return file->error(0, "not an MCAP file: the leading magic is not 89 4D 43 41 50 30 0D 0A");
    }
    LinearReader reader(std::move(file.value()), options);
    reader.data_crc_ = crc32(Bytes(kMagic, sizeof kMagic));
    return reader;
}

void LinearReader::resumeAt(std::uint64_t offset) {
    position_ = offset;
    failed_ = false;
    in_chunk_ = false;
    finished_ = false;
    data_end_seen_ = true;  // no data-section CRC to compare with any more
    cut_.clear();
    cut_opcode_ = 0;
}

Result<ChunkEntry> readChunkEntry(Bytes records, std::size_t pos) {
    auto fail = [&](const std::string &what) {
        return Error{"Chunk record, at offset " + std::to_string(pos) + " of its decompressed records: " + what};
    };
    auto raw = frameRecord(records, pos, "chunk");
    if (!raw) return fail(raw.message());
    if (raw->opcode == static_cast<std::uint8_t>(Opcode::Chunk)) return fail("a Chunk cannot contain a Chunk");
    auto record = parseRecord(raw->opcode, raw->content);
    if (!record) return fail(record.message());
    return ChunkEntry{std::move(record.value()), raw->opcode, raw->size};
}

Result<bool> LinearReader::nextInChunk(RecordEntry &out) {
    const std::size_t pos = chunk_pos_;
    auto entry = readChunkEntry(chunk_records_, pos);
    if (!entry) {
        failed_ = true;
        return file_.error(chunk_offset_, entry.message());
    }
    out.record = std::move(entry->record);
    out.opcode = entry->opcode;
    out.offset = chunk_offset_;
    out.length = entry->size;
    out.offset_in_chunk = pos;
    out.in_chunk = true;
    chunk_pos_ = pos + entry->size;
    if (chunk_pos_ == chunk_records_.size()) in_chunk_ = false;
    return true;
}

Result<bool> LinearReader::next(RecordEntry &out) {
    if (failed_) return Error{file_.path() + ": reading stopped at an earlier error"};
    if (in_chunk_) return nextInChunk(out);
    if (finished_) return false;

    const std::uint64_t offset = position_;
    const std::uint64_t remaining = file_.size() - offset;
    auto fail = [&](const std::string &what) {
        failed_ = true;
        return file_.error(offset, what);
    };
    // The file ends before a record does: the recording was cut short. Said so plainly (and kept
    // in cut_ for a recovering reader), since it is the damage a crashed recorder leaves.
    auto cutShort = [&](std::uint8_t opcode, const std::string &where) {
        cut_ = where;
        cut_opcode_ = opcode;
        return fail("truncated: " + where + "; the recording was cut short");
    };
    if (remaining == 0) {
        return cutShort(0, "the file ends at byte " + std::to_string(offset) +
                               " without its summary and Footer record (the recording was not closed)");
    }
    if (remaining < kRecordPrefixSize) {
        return cutShort(0, "the file ends at byte " + std::to_string(file_.size()) + " inside a truncated record: " +
                               std::to_string(remaining) + " bytes left, a record needs at least 9");
    }
    std::uint8_t prefix[kRecordPrefixSize];
    if (Status s = file_.readInto(offset, kRecordPrefixSize, prefix, "record prefix"); !s.ok()) {
        failed_ = true;
        return s.error();
    }
    const std::uint8_t opcode = prefix[0];
    const std::uint64_t length = loadLe<std::uint64_t>(prefix + 1);
    if (length > remaining - kRecordPrefixSize) {
        const std::string name = opcodeName(opcode);
        const bool vowel = std::string_view("AEIOUaeiou").find(name.front()) != std::string_view::npos;
        return cutShort(opcode, std::string("the file ends inside ") + (vowel ? "an " : "a ") + name +
                                    " record at byte " + std::to_string(file_.size()) + " (the record starts at byte " +
                                    std::to_string(offset) + ", declares " + std::to_string(length) +
                                    " content bytes, " + std::to_string(remaining - kRecordPrefixSize) + " remain)");
    }
    buffer_.resize(static_cast<std::size_t>(kRecordPrefixSize + length));
    std::memcpy(buffer_.data(), prefix, kRecordPrefixSize);
    if (Status s =
            file_.readInto(offset + kRecordPrefixSize, length, buffer_.data() + kRecordPrefixSize, "record content");
        !s.ok()) {
        failed_ = true;
        return s.error();
    }
    Bytes whole(buffer_.data(), buffer_.size());
    auto record = parseRecord(opcode, whole.subspan(kRecordPrefixSize));
    if (!record) return fail(record.message());
    out.record = std::move(record.value());
    out.opcode = opcode;
    out.offset = offset;
    out.length = whole.size();
    out.offset_in_chunk = 0;
    out.in_chunk = false;
    position_ = offset + whole.size();
    if (Status s = checkRecord(out, whole); !s.ok()) {
        failed_ = true;
        return s.error();
    }
    return true;
}

Status LinearReader::checkRecord(const RecordEntry &entry, Bytes whole) {
    const std::uint64_t offset = entry.offset;
    if (auto *data_end = std::get_if<DataEndRecord>(&entry.record)) {
        if (!data_end_seen_ && options_.verify_crcs && data_end->data_section_crc != 0 &&
            data_end->data_section_crc != data_crc_) {
            return file_.error(offset, "data section CRC mismatch: DataEnd stores " +
                                           std::to_string(data_end->data_section_crc) + ", computed " +
                                           std::to_string(data_crc_));
        }
        data_end_seen_ = true;
        return Status::Ok();
    }
    if (!data_end_seen_ && options_.verify_crcs) data_crc_ = crc32Update(data_crc_, whole);

    if (auto *chunk = std::get_if<ChunkRecord>(&entry.record); chunk && options_.chunk_contents) {
        auto records = decompressor_.decompress(*chunk, chunk_data_, options_.verify_crcs);
        if (!records) return file_.error(offset, "Chunk record: " + records.message());
        chunk_records_ = records.value();
        chunk_offset_ = offset;
        chunk_pos_ = 0;
        in_chunk_ = !chunk_records_.empty();
    } else if (auto *attachment = std::get_if<AttachmentRecord>(&entry.record)) {
        const std::size_t covered =
            8 + 8 + 4 + attachment->name.size() + 4 + attachment->media_type.size() + 8 + attachment->data.size();
        if (options_.verify_crcs && attachment->crc != 0) {
            std::uint32_t crc = crc32(whole.subspan(kRecordPrefixSize, covered));
            if (crc != attachment->crc) {
                return file_.error(offset, "Attachment \"" + attachment->name + "\" CRC mismatch: stored " +
                                               std::to_string(attachment->crc) + ", computed " + std::to_string(crc));
            }
        }
    } else if (auto *footer = std::get_if<FooterRecord>(&entry.record)) {
        ROBOMETRICS_TRY(checkSummaryCrc(*footer, offset));
        const std::uint64_t end = offset + entry.length;
        std::uint8_t magic[sizeof(kMagic)] = {};
        if (file_.size() - end != sizeof magic) {
            return file_.error(end, "expected the closing magic right after the Footer, found " +
                                        std::to_string(file_.size() - end) + " bytes");
        }
        ROBOMETRICS_TRY(file_.readInto(end, sizeof magic, magic, "closing magic"));
        if (std::memcmp(magic, kMagic, sizeof magic) != 0) return file_.error(end, "bad closing magic");
        finished_ = true;
    }
    return Status::Ok();
}

Status LinearReader::checkSummaryCrc(const FooterRecord &footer, std::uint64_t footer_offset) {
    if (!options_.verify_crcs || footer.summary_crc == 0) return Status::Ok();
    const std::uint64_t start = footer.summary_start != 0 ? footer.summary_start : footer_offset;
    if (start > footer_offset) {
        return file_.error(footer_offset, "Footer summary_start " + std::to_string(start) + " lies after the Footer");
    }
    // Covers the summary, the summary offsets and the Footer up to (not including) summary_crc.
    const std::uint64_t end = footer_offset + kRecordPrefixSize + 16;
    std::uint32_t crc = 0;
    std::vector<std::uint8_t> block;
    for (std::uint64_t pos = start; pos < end;) {
        std::uint64_t n = std::min<std::uint64_t>(end - pos, 1 << 20);
        ROBOMETRICS_TRY(file_.read(pos, n, block, "summary section"));
        crc = crc32Update(crc, block);
        pos += n;
    }
    if (crc != footer.summary_crc) {
        return file_.error(footer_offset, "summary CRC mismatch: Footer stores " + std::to_string(footer.summary_crc) +
                                              ", computed " + std::to_string(crc));
    }
    return Status::Ok();
}

}  // namespace robometrics::bag::mcap
