#include "robometrics/bag/mcap/Records.hpp"

#include <cstdio>

namespace robometrics::bag::mcap {

namespace {

// Bounds-checked little-endian reader over one record's content. The first failure is kept and
// every later read returns zeros, so a parser can read all fields and check once at the end.
class Cursor {
public:
    explicit Cursor(Bytes bytes) : bytes_(bytes) {}

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    std::size_t remaining() const { return bytes_.size() - pos_; }

    template <class T>
    T uint(const char *field) {
        if (!need(sizeof(T), field)) return 0;
        T v = loadLe<T>(bytes_.data() + pos_);
        pos_ += sizeof(T);
        return v;
    }

    Bytes bytes(std::uint64_t n, const char *field) {
        if (!need(n, field)) return {};
        Bytes out = bytes_.subspan(pos_, static_cast<std::size_t>(n));
        pos_ += static_cast<std::size_t>(n);
        return out;
    }

    std::string string(const char *field) {
        auto n = uint<std::uint32_t>(field);
        Bytes b = bytes(n, field);
        return {reinterpret_cast<const char *>(b.data()), b.size()};
    }

    /// A u32-byte-length-prefixed region (Array or Map).
    Cursor sub(const char *field) {
        auto n = uint<std::uint32_t>(field);
        Cursor c(bytes(n, field));
        c.field_ = field;
        return c;
    }

    /// Takes over the failure of a nested cursor.
    void absorb(const Cursor &inner) {
        if (ok() && !inner.ok()) error_ = inner.error_;
    }

private:
    bool need(std::uint64_t n, const char *field) {
        if (!ok()) return false;
        if (n > remaining()) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "field %s%s%s needs %llu bytes at content offset %zu but only %zu remain",
                          field_ ? field_ : "", field_ ? "." : "", field, static_cast<unsigned long long>(n), pos_,
                          remaining());
            error_ = buf;
            return false;
        }
        return true;
    }

    Bytes bytes_;
    std::size_t pos_ = 0;
    std::string error_;
    const char *field_ = nullptr;
};

StringMap readStringMap(Cursor &c, const char *field) {
    StringMap out;
    Cursor m = c.sub(field);
    while (m.ok() && m.remaining() > 0) {
        std::string key = m.string("key");
        std::string value = m.string("value");
        if (m.ok()) out[std::move(key)] = std::move(value);
    }
    c.absorb(m);
    return out;
}

std::map<std::uint16_t, std::uint64_t> readIdMap(Cursor &c, const char *field) {
    std::map<std::uint16_t, std::uint64_t> out;
    Cursor m = c.sub(field);
    while (m.ok() && m.remaining() > 0) {
        auto key = m.uint<std::uint16_t>("key");
        auto value = m.uint<std::uint64_t>("value");
        if (m.ok()) out[key] = value;
    }
    c.absorb(m);
    return out;
}

Record parseKnown(Opcode op, Cursor &c) {
    switch (op) {
        case Opcode::Header: {
            HeaderRecord r;
            r.profile = c.string("profile");
            r.library = c.string("library");
            return r;
        }
        case Opcode::Footer: {
            FooterRecord r;
            r.summary_start = c.uint<std::uint64_t>("summary_start");
            r.summary_offset_start = c.uint<std::uint64_t>("summary_offset_start");
            r.summary_crc = c.uint<std::uint32_t>("summary_crc");
            return r;
        }
        case Opcode::Schema: {
            SchemaRecord r;
            r.id = c.uint<std::uint16_t>("id");
            r.name = c.string("name");
            r.encoding = c.string("encoding");
            auto n = c.uint<std::uint32_t>("data");
            Bytes d = c.bytes(n, "data");
            r.data.assign(d.begin(), d.end());
            return r;
        }
        case Opcode::Channel: {
            ChannelRecord r;
            r.id = c.uint<std::uint16_t>("id");
            r.schema_id = c.uint<std::uint16_t>("schema_id");
            r.topic = c.string("topic");
            r.message_encoding = c.string("message_encoding");
            r.metadata = readStringMap(c, "metadata");
            return r;
        }
        case Opcode::Message:
            break;  // parseRecord() uses parseMessage()
        case Opcode::Chunk: {
            ChunkRecord r;
            r.message_start_time = c.uint<std::uint64_t>("message_start_time");
            r.message_end_time = c.uint<std::uint64_t>("message_end_time");
            r.uncompressed_size = c.uint<std::uint64_t>("uncompressed_size");
            r.uncompressed_crc = c.uint<std::uint32_t>("uncompressed_crc");
            r.compression = c.string("compression");
            auto n = c.uint<std::uint64_t>("records");
            r.records = c.bytes(n, "records");
            return r;
        }
        case Opcode::MessageIndex: {
            MessageIndexRecord r;
            r.channel_id = c.uint<std::uint16_t>("channel_id");
            Cursor a = c.sub("records");
            while (a.ok() && a.remaining() > 0) {
                auto t = a.uint<std::uint64_t>("log_time");
                auto o = a.uint<std::uint64_t>("offset");
                if (a.ok()) r.records.emplace_back(t, o);
            }
            c.absorb(a);
            return r;
        }
        case Opcode::ChunkIndex: {
            ChunkIndexRecord r;
            r.message_start_time = c.uint<std::uint64_t>("message_start_time");
            r.message_end_time = c.uint<std::uint64_t>("message_end_time");
            r.chunk_start_offset = c.uint<std::uint64_t>("chunk_start_offset");
            r.chunk_length = c.uint<std::uint64_t>("chunk_length");
            r.message_index_offsets = readIdMap(c, "message_index_offsets");
            r.message_index_length = c.uint<std::uint64_t>("message_index_length");
            r.compression = c.string("compression");
            r.compressed_size = c.uint<std::uint64_t>("compressed_size");
            r.uncompressed_size = c.uint<std::uint64_t>("uncompressed_size");
            return r;
        }
        case Opcode::Attachment: {
            AttachmentRecord r;
            r.log_time = c.uint<std::uint64_t>("log_time");
            r.create_time = c.uint<std::uint64_t>("create_time");
            r.name = c.string("name");
            r.media_type = c.string("media_type");
            auto n = c.uint<std::uint64_t>("data");
            r.data = c.bytes(n, "data");
            r.crc = c.uint<std::uint32_t>("crc");
            return r;
        }
        case Opcode::AttachmentIndex: {
            AttachmentIndexRecord r;
            r.offset = c.uint<std::uint64_t>("offset");
            r.length = c.uint<std::uint64_t>("length");
            r.log_time = c.uint<std::uint64_t>("log_time");
            r.create_time = c.uint<std::uint64_t>("create_time");
            r.data_size = c.uint<std::uint64_t>("data_size");
            r.name = c.string("name");
            r.media_type = c.string("media_type");
            return r;
        }
        case Opcode::Statistics: {
            StatisticsRecord r;
            r.message_count = c.uint<std::uint64_t>("message_count");
            r.schema_count = c.uint<std::uint16_t>("schema_count");
            r.channel_count = c.uint<std::uint32_t>("channel_count");
            r.attachment_count = c.uint<std::uint32_t>("attachment_count");
            r.metadata_count = c.uint<std::uint32_t>("metadata_count");
            r.chunk_count = c.uint<std::uint32_t>("chunk_count");
            r.message_start_time = c.uint<std::uint64_t>("message_start_time");
            r.message_end_time = c.uint<std::uint64_t>("message_end_time");
            r.channel_message_counts = readIdMap(c, "channel_message_counts");
            return r;
        }
        case Opcode::Metadata: {
            MetadataRecord r;
            r.name = c.string("name");
            r.metadata = readStringMap(c, "metadata");
            return r;
        }
        case Opcode::MetadataIndex: {
            MetadataIndexRecord r;
            r.offset = c.uint<std::uint64_t>("offset");
            r.length = c.uint<std::uint64_t>("length");
            r.name = c.string("name");
            return r;
        }
        case Opcode::SummaryOffset: {
            SummaryOffsetRecord r;
            r.group_opcode = c.uint<std::uint8_t>("group_opcode");
            r.group_start = c.uint<std::uint64_t>("group_start");
            r.group_length = c.uint<std::uint64_t>("group_length");
            return r;
        }
        case Opcode::DataEnd: {
            DataEndRecord r;
            r.data_section_crc = c.uint<std::uint32_t>("data_section_crc");
            return r;
        }
    }
    return UnknownRecord{};
}

}  // namespace

std::string opcodeName(std::uint8_t opcode) {
    static constexpr const char *kNames[] = {"",           "Header",        "Footer",          "Schema",
                                             "Channel",    "Message",       "Chunk",           "MessageIndex",
                                             "ChunkIndex", "Attachment",    "AttachmentIndex", "Statistics",
                                             "Metadata",   "MetadataIndex", "SummaryOffset",   "DataEnd"};
    if (opcode >= 1 && opcode <= 0x0F) return kNames[opcode];
    char buf[32];
    std::snprintf(buf, sizeof buf, "opcode 0x%02X", opcode);
    return buf;
}

bool parseMessage(Bytes content, MessageRecord &out) {
    if (content.size() < kMessageHeaderSize) return false;
    const std::uint8_t *p = content.data();
    out.channel_id = loadLe<std::uint16_t>(p);
    out.sequence = loadLe<std::uint32_t>(p + 2);
    out.log_time = loadLe<std::uint64_t>(p + 6);
    out.publish_time = loadLe<std::uint64_t>(p + 14);
    out.data = content.subspan(kMessageHeaderSize);
    return true;
}

Result<RawRecord> frameRecord(Bytes bytes, std::size_t pos, const char *where) {
    const std::size_t left = bytes.size() - pos;
    if (left < kRecordPrefixSize) {
        return Error{"truncated record: " + std::to_string(left) + " bytes left in the " + where +
                     ", a record needs at least 9"};
    }
    RawRecord r;
    r.opcode = bytes[pos];
    const std::uint64_t length = loadLe<std::uint64_t>(bytes.data() + pos + 1);
    if (length > left - kRecordPrefixSize) {
        return Error{opcodeName(r.opcode) + " record declares " + std::to_string(length) + " content bytes but only " +
                     std::to_string(left - kRecordPrefixSize) + " remain in the " + where};
    }
    r.content = bytes.subspan(pos + kRecordPrefixSize, static_cast<std::size_t>(length));
    r.size = kRecordPrefixSize + static_cast<std::size_t>(length);
    return r;
}

Result<Record> parseRecord(std::uint8_t opcode, Bytes content) {
    if (opcode == 0) return Error{"invalid opcode 0x00"};
    if (opcode > 0x0F) return Record{UnknownRecord{opcode, content}};
    if (opcode == static_cast<std::uint8_t>(Opcode::Message)) {
        MessageRecord m;
        if (!parseMessage(content, m)) {
            return Error{"Message record of " + std::to_string(content.size()) +
                         " bytes, shorter than its 22-byte header"};
        }
        return Record{m};
    }
    Cursor c(content);
    Record r = parseKnown(static_cast<Opcode>(opcode), c);
    if (!c.ok()) return Error{opcodeName(opcode) + " record: " + c.error()};
    return r;
}

}  // namespace robometrics::bag::mcap
