#include "robometrics/bag/mcap/RecordEncoder.hpp"

#include <array>

namespace robometrics::bag::mcap {

namespace {

/// Writes `v` little-endian at `p`; returns the byte after it.
template <class T>
std::uint8_t *putLittleEndian(std::uint8_t *p, T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
    return p + sizeof(T);
}

}  // namespace

void encodeSchema(std::vector<std::uint8_t> &out, const SchemaRecord &r) {
    RecordEncoder e(out);
    e.begin(Opcode::Schema);
    e.u16(r.id);
    e.string(r.name);
    e.string(r.encoding);
    e.u32(static_cast<std::uint32_t>(r.data.size()));
    e.raw(r.data);
    e.finish();
}

void encodeChannel(std::vector<std::uint8_t> &out, const ChannelRecord &r) {
    RecordEncoder e(out);
    e.begin(Opcode::Channel);
    e.u16(r.id);
    e.u16(r.schema_id);
    e.string(r.topic);
    e.string(r.message_encoding);
    e.stringMap(r.metadata);
    e.finish();
}

void encodeMessage(std::vector<std::uint8_t> &out, std::uint16_t channel_id, std::uint32_t sequence,
                   std::uint64_t log_time, std::uint64_t publish_time, std::span<const std::uint8_t> data) {
    // The opcode, the length and the four fields are put together on the stack and appended at
    // once, then the data: a record for each message (evaluate writes tens of thousands), where
    // RecordEncoder's resize per field cost more than the copies.
    constexpr std::size_t kFields = 2 + 4 + 8 + 8;
    std::array<std::uint8_t, 1 + 8 + kFields> head;
    std::uint8_t *p = putLittleEndian(head.data(), static_cast<std::uint8_t>(Opcode::Message));
    p = putLittleEndian(p, static_cast<std::uint64_t>(kFields + data.size()));
    p = putLittleEndian(p, channel_id);
    p = putLittleEndian(p, sequence);
    p = putLittleEndian(p, log_time);
    putLittleEndian(p, publish_time);
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), data.begin(), data.end());
}

}  // namespace robometrics::bag::mcap
