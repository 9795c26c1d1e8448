#include "robometrics/bag/ros1/Records.hpp"

#include <cstdio>

namespace robometrics::bag::ros1 {

namespace {

std::string_view asText(Bytes bytes) { return {reinterpret_cast<const char *>(bytes.data()), bytes.size()}; }

// Calls f(name, value) for every field of a header. Shared by the allocating parser and the
// allocation-free message path, so both accept and reject exactly the same bytes.
template <class F>
Status forEachField(Bytes header, F &&f) {
    std::size_t pos = 0;
    while (pos < header.size()) {
        if (header.size() - pos < 4) {
            return Error{"header field at byte " + std::to_string(pos) + " of " + std::to_string(header.size()) +
                         ": fewer than 4 bytes left for its length"};
        }
        const std::uint32_t length = loadLe<std::uint32_t>(header.data() + pos);
        pos += 4;
        if (length > header.size() - pos) {
            return Error{"header field at byte " + std::to_string(pos - 4) + " declares " + std::to_string(length) +
                         " bytes, the header has " + std::to_string(header.size() - pos) + " left"};
        }
        const Bytes field = header.subspan(pos, length);
        const std::string_view text = asText(field);
        const std::size_t eq = text.find('=');
        if (eq == std::string_view::npos) {
            return Error{"header field at byte " + std::to_string(pos - 4) + " has no '='"};
        }
        f(text.substr(0, eq), field.subspan(eq + 1));
        pos += length;
    }
    return Status::Ok();
}

}  // namespace

std::string opName(std::uint8_t op) {
    switch (static_cast<Op>(op)) {
        case Op::MessageData:
            return "Message data";
        case Op::BagHeader:
            return "Bag header";
        case Op::IndexData:
            return "Index data";
        case Op::Chunk:
            return "Chunk";
        case Op::ChunkInfo:
            return "Chunk info";
        case Op::Connection:
            return "Connection";
    }
    char text[16];
    std::snprintf(text, sizeof text, "op 0x%02x", op);
    return text;
}

Result<RecordView> frameRecord(Bytes bytes, std::size_t pos) {
    auto lengthAt = [&](std::size_t at, const char *what) -> Result<std::uint32_t> {
        if (at > bytes.size() || bytes.size() - at < 4) {
            return Error{std::string("record ends before its ") + what + " length (" +
                         std::to_string(bytes.size() - std::min(at, bytes.size())) + " bytes left)"};
        }
        const std::uint32_t length = loadLe<std::uint32_t>(bytes.data() + at);
        if (length > bytes.size() - at - 4) {
            return Error{std::string("record ") + what + " length " + std::to_string(length) + " runs past the end (" +
                         std::to_string(bytes.size() - at - 4) + " bytes left)"};
        }
        return length;
    };
    auto header_len = lengthAt(pos, "header");
    if (!header_len) return header_len.error();
    const std::size_t data_at = pos + 4 + *header_len;
    auto data_len = lengthAt(data_at, "data");
    if (!data_len) return data_len.error();
    RecordView view;
    view.header = bytes.subspan(pos + 4, *header_len);
    view.data = bytes.subspan(data_at + 4, *data_len);
    view.size = 8 + std::size_t{*header_len} + *data_len;
    return view;
}

Result<HeaderFields> HeaderFields::parse(Bytes header) {
    HeaderFields out;
    Status status = forEachField(header, [&](std::string_view name, Bytes value) {
        // A repeated name keeps its first value, as the ROS 1 tools do.
        if (!out.find(name)) out.fields_.emplace_back(name, value);
    });
    if (!status.ok()) return status.error();
    return out;
}

std::optional<Bytes> HeaderFields::find(std::string_view name) const {
    for (const auto &[key, value] : fields_)
        if (key == name) return value;
    return std::nullopt;
}

Result<Bytes> HeaderFields::fixed(std::string_view name, std::size_t size) const {
    auto value = find(name);
    if (!value) return Error{"header has no '" + std::string(name) + "' field"};
    if (value->size() != size) {
        return Error{"header field '" + std::string(name) + "' has " + std::to_string(value->size()) +
                     " bytes, expected " + std::to_string(size)};
    }
    return *value;
}

Result<std::uint8_t> HeaderFields::op() const {
    auto value = fixed("op", 1);
    if (!value) return value.error();
    return (*value)[0];
}

Result<std::uint32_t> HeaderFields::u32(std::string_view name) const {
    auto value = fixed(name, 4);
    if (!value) return value.error();
    return loadLe<std::uint32_t>(value->data());
}

Result<std::uint64_t> HeaderFields::u64(std::string_view name) const {
    auto value = fixed(name, 8);
    if (!value) return value.error();
    return loadLe<std::uint64_t>(value->data());
}

Result<TimeNs> HeaderFields::time(std::string_view name) const {
    auto value = fixed(name, 8);
    if (!value) return value.error();
    return ros1Time(value->data());
}

Result<std::string> HeaderFields::text(std::string_view name) const {
    auto value = find(name);
    if (!value) return Error{"header has no '" + std::string(name) + "' field"};
    return std::string(asText(*value));
}

std::string HeaderFields::textOr(std::string_view name, std::string fallback) const {
    auto value = find(name);
    return value ? std::string(asText(*value)) : std::move(fallback);
}

Result<BagHeader> parseBagHeader(const HeaderFields &header) {
    BagHeader out;
    auto index_pos = header.u64("index_pos");
    auto conn_count = header.u32("conn_count");
    auto chunk_count = header.u32("chunk_count");
    if (!index_pos) return Error{"Bag header: " + index_pos.message()};
    if (!conn_count) return Error{"Bag header: " + conn_count.message()};
    if (!chunk_count) return Error{"Bag header: " + chunk_count.message()};
    out.index_pos = *index_pos;
    out.conn_count = *conn_count;
    out.chunk_count = *chunk_count;
    return out;
}

Result<Connection> parseConnection(const HeaderFields &header, Bytes data) {
    Connection out;
    auto id = header.u32("conn");
    if (!id) return Error{"Connection: " + id.message()};
    out.id = *id;
    auto fields = HeaderFields::parse(data);
    if (!fields) return Error{"Connection " + std::to_string(out.id) + " data: " + fields.message()};
    // The topic of the record header is the one written; the connection header's may be remapped.
    out.topic = header.textOr("topic", fields->textOr("topic", ""));
    auto type = fields->text("type");
    if (!type) return Error{"Connection " + std::to_string(out.id) + " data: " + type.message()};
    out.type = std::move(*type);
    if (out.topic.empty()) return Error{"Connection " + std::to_string(out.id) + " has no topic"};
    if (out.type.find('/') == std::string::npos) {
        return Error{"Connection " + std::to_string(out.id) + " has type '" + out.type + "', expected pkg/Type"};
    }
    out.md5sum = fields->textOr("md5sum", "");
    out.message_definition = fields->textOr("message_definition", "");
    out.callerid = fields->textOr("callerid", "");
    const std::string latching = fields->textOr("latching", "");
    out.latching = latching == "1";
    out.latching_recorded = !latching.empty();
    return out;
}

Result<ChunkInfo> parseChunkInfo(const HeaderFields &header, Bytes data) {
    auto ver = header.u32("ver");
    if (!ver) return Error{"Chunk info: " + ver.message()};
    if (*ver != 1) return Error{"Chunk info version " + std::to_string(*ver) + ", expected 1"};
    auto pos = header.u64("chunk_pos");
    auto start = header.time("start_time");
    auto end = header.time("end_time");
    auto count = header.u32("count");
    for (const Status &s : {pos.status(), start.status(), end.status(), count.status()})
        if (!s.ok()) return Error{"Chunk info: " + s.message()};
    if (std::uint64_t{*count} * 8 != data.size()) {
        return Error{"Chunk info count " + std::to_string(*count) + " needs " +
                     std::to_string(std::uint64_t{*count} * 8) + " data bytes, the record has " +
                     std::to_string(data.size())};
    }
    ChunkInfo out;
    out.chunk_pos = *pos;
    out.start_time = *start;
    out.end_time = *end;
    out.counts.reserve(*count);
    for (std::size_t i = 0; i < *count; ++i)
        out.counts.emplace_back(loadLe<std::uint32_t>(data.data() + 8 * i),
                                loadLe<std::uint32_t>(data.data() + 8 * i + 4));
    return out;
}

Result<ChunkHeader> parseChunkHeader(const HeaderFields &header) {
    auto compression = header.text("compression");
    auto size = header.u32("size");
    if (!compression) return Error{"Chunk: " + compression.message()};
    if (!size) return Error{"Chunk: " + size.message()};
    return ChunkHeader{std::move(*compression), *size};
}

Result<std::uint8_t> parseMessageHeader(Bytes header, MessageHeader &out) {
    std::uint8_t op = 0;
    int found = 0;  // bit 0: op, bit 1: conn, bit 2: time
    bool bad_size = false;
    Status status = forEachField(header, [&](std::string_view name, Bytes value) {
        if (name == "op") {
            bad_size |= value.size() != 1;
            if (value.size() == 1) op = value[0];
            found |= 1;
        } else if (name == "conn") {
            bad_size |= value.size() != 4;
            if (value.size() == 4) out.conn = loadLe<std::uint32_t>(value.data());
            found |= 2;
        } else if (name == "time") {
            bad_size |= value.size() != 8;
            if (value.size() == 8) out.time = ros1Time(value.data());
            found |= 4;
        }
    });
    if (!status.ok()) return status.error();
    if (!(found & 1)) return Error{"record header has no 'op' field"};
    if (bad_size) return Error{"record header field op/conn/time has the wrong size"};
    if (op == static_cast<std::uint8_t>(Op::MessageData) && found != 7) {
        return Error{"Message data record header lacks 'conn' or 'time'"};
    }
    return op;
}

}  // namespace robometrics::bag::ros1
