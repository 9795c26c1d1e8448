// The MCAP writer behind bag/mcap/McapWriter.hpp: chunked output (zstd, lz4 or none), a MessageIndex
// per channel after each chunk, then DataEnd, a summary (schemas, channels, statistics, chunk and
// metadata indexes, grouped by opcode), one SummaryOffset per group, the Footer and the magic.
// Every CRC is computed (data section, chunks, summary).

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/mcap/ChunkCompressor.hpp"
#include "robometrics/bag/mcap/Crc32.hpp"
#include "robometrics/bag/mcap/RecordEncoder.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::bag {

std::string mcapLibraryName() { return std::string("robometrics ") + ROBOMETRICS_VERSION; }

Result<Compression> parseCompression(const std::string &name) {
    if (name == "none" || name.empty()) return Compression::None;
    if (name == "zstd") return Compression::Zstd;
    if (name == "lz4") return Compression::Lz4;
    return Error{"unknown compression \"" + name + "\" (expected zstd, lz4 or none)"};
}

namespace {

using namespace mcap;

const char *compressionName(Compression c) {
    switch (c) {
        case Compression::Zstd:
            return "zstd";
        case Compression::Lz4:
            return "lz4";
        case Compression::None:
            break;
    }
    return "";
}

class FileMcapWriter final : public McapWriter {
public:
    FileMcapWriter(std::string path, AtomicFile output, std::FILE *file, const McapWriterOptions &options)
        : path_(std::move(path)),
          output_(std::move(output)),
          file_(file),
          options_(options),
          compressor_(options.compression, options.compression_threads) {
        std::setvbuf(file_, nullptr, _IOFBF, 1 << 20);
    }
    // Without close() the file is unfinished (an error, or an exception unwinding): it is
    // discarded with output_, so the target is never a partial MCAP.
    ~FileMcapWriter() override {
        if (file_) std::fclose(file_);
    }

    Status start() {
        out_.assign(kMagic, kMagic + sizeof kMagic);
        RecordEncoder e(out_);
        e.begin(Opcode::Header);
        e.string(options_.profile);
        e.string(options_.library.empty() ? mcapLibraryName() : options_.library);
        e.finish();
        return emit();
    }

    std::uint16_t addSchema(const std::string &name, const std::string &encoding, const std::string &data) override {
        SchemaRecord r{static_cast<std::uint16_t>(schemas_.size() + 1), name, encoding,
                       std::vector<std::uint8_t>(data.begin(), data.end())};
        encodeSchema(chunk_, r);  // inside the chunk, so that every chunk's reader sees it first
        schemas_.push_back(std::move(r));
        return schemas_.back().id;
    }

    std::uint16_t addChannel(const std::string &topic, std::uint16_t schema_id, const std::string &message_encoding,
                             const std::map<std::string, std::string> &metadata) override {
        ChannelRecord r{static_cast<std::uint16_t>(channels_.size() + 1), schema_id, topic, message_encoding, metadata};
        encodeChannel(chunk_, r);
        channels_.push_back(std::move(r));
        channel_counts_[channels_.back().id] = 0;
        return channels_.back().id;
    }

    Status write(std::uint16_t channel_id, TimeNs log_time, TimeNs publish_time, std::span<const std::uint8_t> data,
                 std::uint32_t sequence) override {
        if (!file_) return Error{path_ + ": write after close"};
        if (channel_id == 0 || channel_id > channels_.size()) {
            return Error{path_ + ": write on unknown channel id " + std::to_string(channel_id)};
        }
        const auto log = static_cast<std::uint64_t>(log_time);
        chunk_index_[channel_id].emplace_back(log, chunk_.size());
        encodeMessage(chunk_, channel_id, sequence, log, static_cast<std::uint64_t>(publish_time), data);
        if (chunk_messages_ == 0 || log < chunk_start_) chunk_start_ = log;
        if (chunk_messages_ == 0 || log > chunk_end_) chunk_end_ = log;
        ++chunk_messages_;
        if (message_count_ == 0 || log < start_time_) start_time_ = log;
        if (message_count_ == 0 || log > end_time_) end_time_ = log;
        ++message_count_;
        ++channel_counts_[channel_id];
        if (chunk_.size() >= options_.chunk_size) return flushChunk();
        return Status::Ok();
    }

    Status writeMetadata(const std::string &name, const std::map<std::string, std::string> &metadata) override {
        if (!file_) return Error{path_ + ": write after close"};
        ROBOMETRICS_TRY(writeCompressed(true));  // after every chunk closed before it, as it was called
        MetadataIndexRecord index{position_, 0, name};
        RecordEncoder e(out_);
        e.begin(Opcode::Metadata);
        e.string(name);
        e.stringMap(metadata);
        e.finish();
        index.length = out_.size();
        metadata_indexes_.push_back(std::move(index));
        return emit();
    }

    Status close() override {
        if (!file_) return status_;
        Status s = finishFile();
        if (std::fclose(file_) != 0 && s.ok()) s = Error{path_ + ": cannot close: " + std::strerror(errno)};
        file_ = nullptr;
        // Only a finished file takes the target's name.
        if (s.ok()) s = output_.commit();
        output_.discard();
        status_ = s;
        return s;
    }

private:
    /// Writes the buffer, then `tail` (bytes written as they are, not copied into the buffer).
    Status emit(std::span<const std::uint8_t> tail = {}) {
        Status s = emitBytes(out_);
        out_.clear();
        ROBOMETRICS_TRY(s);
        return emitBytes(tail);
    }
    Status emitBytes(std::span<const std::uint8_t> bytes) {
        // Everything written before DataEnd is covered by the data-section CRC, everything from
        // the summary start by the summary CRC.
        if (!data_end_written_) data_crc_ = crc32Update(data_crc_, bytes);
        if (summary_started_) summary_crc_ = crc32Update(summary_crc_, bytes);
        if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
            return Error{path_ + ": offset " + std::to_string(position_) + ": write failed: " + std::strerror(errno)};
        }
        position_ += bytes.size();
        return Status::Ok();
    }

    // The open chunk goes to the compressor; the chunks compressed by now are written.
    Status flushChunk() {
        if (chunk_.empty()) return Status::Ok();
        std::unique_ptr<mcap::ChunkCompressor::Job> job = compressor_.spare();
        std::swap(job->records, chunk_);
        std::swap(job->index, chunk_index_);
        job->start = chunk_messages_ ? chunk_start_ : 0;
        job->end = chunk_messages_ ? chunk_end_ : 0;
        job->messages = chunk_messages_;
        chunk_messages_ = 0;
        compressor_.submit(std::move(job));
        return writeCompressed(false);
    }

    /// Writes the compressed chunks in the order they were closed: those done by now, or with
    /// `all` every one.
    Status writeCompressed(bool all) {
        while (auto job = compressor_.take(all)) {
            Status s = writeChunk(*job);
            compressor_.recycle(std::move(job));
            ROBOMETRICS_TRY(s);
        }
        return Status::Ok();
    }

    Status writeChunk(const mcap::ChunkCompressor::Job &job) {
        if (!job.status.ok()) return Error{path_ + ": " + job.status.message()};
        ChunkIndexRecord index;
        index.message_start_time = job.start;
        index.message_end_time = job.end;
        index.chunk_start_offset = position_;
        index.compression = compressionName(options_.compression);
        const std::span<const std::uint8_t> compressed = job.output();
        index.compressed_size = compressed.size();
        index.uncompressed_size = job.records.size();
        RecordEncoder e(out_);
        e.begin(Opcode::Chunk);
        e.u64(index.message_start_time);
        e.u64(index.message_end_time);
        e.u64(job.records.size());
        e.u32(job.crc);
        e.string(index.compression);
        e.u64(compressed.size());
        e.finish(compressed.size());
        ROBOMETRICS_TRY(emit(compressed));
        index.chunk_length = position_ - index.chunk_start_offset;
        const std::uint64_t indexes_start = position_ + out_.size();
        for (const auto &[channel, entries] : job.index) {
            if (entries.empty()) continue;
            index.message_index_offsets[channel] = position_ + out_.size();
            e.begin(Opcode::MessageIndex);
            e.u16(channel);
            e.u32(static_cast<std::uint32_t>(entries.size() * 16));
            for (const auto &[t, offset] : entries) {
                e.u64(t);
                e.u64(offset);
            }
            e.finish();
        }
        index.message_index_length = position_ + out_.size() - indexes_start;
        chunk_indexes_.push_back(std::move(index));
        return emit();
    }

    Status finishFile() {
        ROBOMETRICS_TRY(flushChunk());
        ROBOMETRICS_TRY(writeCompressed(true));
        ROBOMETRICS_TRY(emit());
        RecordEncoder e(out_);
        e.begin(Opcode::DataEnd);
        e.u32(data_crc_);
        e.finish();
        data_end_written_ = true;
        ROBOMETRICS_TRY(emit());

        const std::uint64_t summary_start = position_;
        summary_started_ = true;
        std::vector<SummaryOffsetRecord> groups;
        auto group = [&](Opcode op, auto &&write_records) -> Status {
            const std::uint64_t start = position_;
            write_records();
            ROBOMETRICS_TRY(emit());
            if (position_ > start) groups.push_back({static_cast<std::uint8_t>(op), start, position_ - start});
            return Status::Ok();
        };
        ROBOMETRICS_TRY(group(Opcode::Schema, [&] {
            for (const SchemaRecord &s : schemas_) encodeSchema(out_, s);
        }));
        ROBOMETRICS_TRY(group(Opcode::Channel, [&] {
            for (const ChannelRecord &c : channels_) encodeChannel(out_, c);
        }));
        ROBOMETRICS_TRY(group(Opcode::Statistics, [&] {
            e.begin(Opcode::Statistics);
            e.u64(message_count_);
            e.u16(static_cast<std::uint16_t>(schemas_.size()));
            e.u32(static_cast<std::uint32_t>(channels_.size()));
            e.u32(0);
            e.u32(static_cast<std::uint32_t>(metadata_indexes_.size()));
            e.u32(static_cast<std::uint32_t>(chunk_indexes_.size()));
            e.u64(message_count_ ? start_time_ : 0);
            e.u64(message_count_ ? end_time_ : 0);
            e.idMap(channel_counts_);
            e.finish();
        }));
        ROBOMETRICS_TRY(group(Opcode::ChunkIndex, [&] {
            for (const ChunkIndexRecord &c : chunk_indexes_) {
                e.begin(Opcode::ChunkIndex);
                e.u64(c.message_start_time);
                e.u64(c.message_end_time);
                e.u64(c.chunk_start_offset);
                e.u64(c.chunk_length);
                e.idMap(c.message_index_offsets);
                e.u64(c.message_index_length);
                e.string(c.compression);
                e.u64(c.compressed_size);
                e.u64(c.uncompressed_size);
                e.finish();
            }
        }));
        ROBOMETRICS_TRY(group(Opcode::MetadataIndex, [&] {
            for (const MetadataIndexRecord &m : metadata_indexes_) {
                e.begin(Opcode::MetadataIndex);
                e.u64(m.offset);
                e.u64(m.length);
                e.string(m.name);
                e.finish();
            }
        }));
        const std::uint64_t summary_offset_start = position_;
        for (const SummaryOffsetRecord &g : groups) {
            e.begin(Opcode::SummaryOffset);
            e.u8(g.group_opcode);
            e.u64(g.group_start);
            e.u64(g.group_length);
            e.finish();
        }
        e.begin(Opcode::Footer);
        e.u64(summary_start);
        e.u64(summary_offset_start);
        e.u32(0);
        e.finish();
        // The summary CRC runs through summary_offset_start: everything but the CRC field itself.
        summary_crc_ = crc32Update(summary_crc_, Bytes(out_).first(out_.size() - 4));
        summary_started_ = false;
        for (int i = 0; i < 4; ++i) out_[out_.size() - 4 + i] = static_cast<std::uint8_t>(summary_crc_ >> (8 * i));
        out_.insert(out_.end(), kMagic, kMagic + sizeof kMagic);
        ROBOMETRICS_TRY(emit());
        if (std::fflush(file_) != 0) return Error{path_ + ": write failed: " + std::strerror(errno)};
        return Status::Ok();
    }

    std::string path_;
    AtomicFile output_;  ///< the temporary beside path_ that file_ writes
    std::FILE *file_;
    McapWriterOptions options_;
    Status status_;
    std::vector<std::uint8_t> out_;    ///< bytes waiting to go to the file
    std::uint64_t position_ = 0;       ///< file offset of out_[0]
    std::vector<std::uint8_t> chunk_;  ///< uncompressed records of the open chunk
    std::map<std::uint16_t, std::vector<std::pair<std::uint64_t, std::uint64_t>>> chunk_index_;
    std::uint64_t chunk_start_ = 0, chunk_end_ = 0, chunk_messages_ = 0;
    std::vector<SchemaRecord> schemas_;
    std::vector<ChannelRecord> channels_;
    std::map<std::uint16_t, std::uint64_t> channel_counts_;
    std::vector<ChunkIndexRecord> chunk_indexes_;
    std::vector<MetadataIndexRecord> metadata_indexes_;
    std::uint64_t message_count_ = 0, start_time_ = 0, end_time_ = 0;
    std::uint32_t data_crc_ = 0, summary_crc_ = 0;
    bool data_end_written_ = false, summary_started_ = false;
    mcap::ChunkCompressor compressor_;  ///< last: its threads go before the buffers above
};

}  // namespace

Result<std::unique_ptr<McapWriter>> McapWriter::open(const std::string &path, const McapWriterOptions &options) {
    auto output = AtomicFile::create(path);
    if (!output) return output.error();
    std::FILE *file = output->openStream();
    if (!file) return Error{path + ": cannot create: " + std::strerror(errno)};
    auto writer = std::make_unique<FileMcapWriter>(path, std::move(*output), file, options);
    ROBOMETRICS_TRY(writer->start());
    return std::unique_ptr<McapWriter>(std::move(writer));
}

}  // namespace robometrics::bag
